export { AddressPage } from "./AddressPage.tsx";
export { CustomEntityPage } from "./CustomEntityPage.tsx";
export { EntityPage } from "./EntityPage.tsx";
export { IpPage } from "./IpPage.tsx";
export { TransactionAnyChainPage, TransactionPage } from "./TransactionPage.tsx";
export { usePageHeading } from "./usePageHeading.ts";
