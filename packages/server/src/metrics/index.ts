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
  rowSeparator,
} from "./subjects.ts";
export type { MemberRow, SummaryMembers, SummaryParts } from "./summaries.ts";
export { groupSummaries, summarize } from "./summaries.ts";
export type { SummaryAnswers, SummaryRow, SummaryTag } from "./summaryAnswers.ts";
export {
  attributionItemJson,
  summaryAnswersText,
  summaryRowOf,
  summaryValuesSql,
} from "./summaryAnswers.ts";
export { forgetSummaryRows, summaryAnswersOfUrns } from "./summaryRows.ts";
