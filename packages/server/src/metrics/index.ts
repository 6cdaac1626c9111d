export {
  addressMetrics,
  addressRiskInfo,
  customEntityMetrics,
  entityMetrics,
  entityRiskScores,
} from "./bulkMetrics.ts";
export { customEntitySummaries } from "./customEntitySummaries.ts";
export type { RiskSummary } from "./riskInfo.ts";
export { addressRiskSummaries, entityRiskSummaries } from "./riskInfo.ts";
export type { AddressKey, AddressSubject, CustomEntitySubject, EntitySubject, KeyedRow } from "./subjects.ts";
export {
  addressKeysOf,
  customEntityMembers,
  resolveAddresses,
  resolveCustomEntities,
  resolveEntities,
} from "./subjects.ts";
export type { MemberRow, SummaryMembers, SummaryParts } from "./summaries.ts";
export { groupSummaries, summarize } from "./summaries.ts";
export type { SummaryRow, SummaryTag, UrnRow } from "./summaryRows.ts";
export { forgetSummaryRows, summaryRowsOfUrns } from "./summaryRows.ts";
