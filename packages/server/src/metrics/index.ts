export {
  addressMetrics,
  addressRiskInfo,
  customEntityMetrics,
  entityMetrics,
  entityRiskScores,
} from "./bulkMetrics.ts";
export { customEntitySummaries } from "./customEntitySummaries.ts";
export type { AddressSubject, CustomEntitySubject, EntitySubject } from "./subjects.ts";
export {
  customEntityMembers,
  resolveAddresses,
  resolveCustomEntities,
  resolveEntities,
} from "./subjects.ts";
export type { MemberRow, SummaryMembers, SummaryParts } from "./summaries.ts";
export { groupSummaries, summarize } from "./summaries.ts";
export type { SummaryRow, SummaryTag } from "./summaryRows.ts";
export { forgetSummaryRows, summaryRowsOfUrns, summaryWireSql } from "./summaryRows.ts";
