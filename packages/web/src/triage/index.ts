export { TriageAddressPage } from "./TriageAddressPage.tsx";
export { TriageHomePage } from "./TriageHomePage.tsx";
export { triageAddressPath, triageRoutes, triageTransactionPath } from "./triagePaths.ts";
