export { DetectorsPage } from "./DetectorsPage.tsx";
export { TriageAddressPage } from "./TriageAddressPage.tsx";
export { TriageHistoryPage } from "./TriageHistoryPage.tsx";
export { TriageHomePage } from "./TriageHomePage.tsx";
export { TriageResultsPage } from "./TriageResultsPage.tsx";
export { TriageTransactionPage } from "./TriageTransactionPage.tsx";
export { triageAddressPath, triageRoutes, triageTransactionPath } from "./triagePaths.ts";
