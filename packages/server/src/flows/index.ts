export type { CategoryTransferWindow } from "./categories.ts";
export {
  categoryAddressRows,
  categoryFilterValues,
  categoryTransferCount,
  categoryTransferPage,
  categoryTransferRows,
  ownershipAddressCount,
  ownershipAddresses,
  ownershipCategories,
} from "./categories.ts";
export type { CounterpartyGrouping, CounterpartyQuery } from "./counterparties.ts";
export { categoryLevelFloor, counterpartyCount, counterpartyPage } from "./counterparties.ts";
export type { CounterpartyRows } from "./counterpartyTransfers.ts";
export {
  chainAssetsWith,
  counterpartyTransferCount,
  counterpartyTransferPage,
  resolveCounterparty,
} from "./counterpartyTransfers.ts";
export { categoryDaily, riskDaily, riskRatiosDaily } from "./exposure.ts";
export { offsetCursor, offsetOfCursor } from "./flowCursors.ts";
export type { FlowSubjectRows } from "./flowSubjects.ts";
export { resolveFlowSubject } from "./flowSubjects.ts";
export { assetMetrics, dailyFlows, flowSummaries } from "./flowSummaries.ts";
export { assetHoldings, subjectStatistics } from "./holdings.ts";
export { inetObservations, scamReportsFor } from "./observations.ts";
export { riskIndicators } from "./riskIndicators.ts";
