export {
  addressMetrics,
  addressRiskInfo,
  customEntityMetrics,
  entityMetrics,
  entityRiskScores,
} from "./bulkMetrics.ts";
export { customEntitySummaries } from "./customEntitySummaries.ts";
export type { MemberRow, SummaryMembers, SummaryParts } from "./memberSummaries.ts";
export { groupSummaries, summarize } from "./memberSummaries.ts";
export type { SummaryAnswers, SummaryRow, SummaryTag } from "./printedAnswers.ts";
export {
  attributionItemJson,
  summaryAnswersText,
  summaryRowOf,
  summaryValuesSql,
} from "./printedAnswers.ts";
export { forgetSummaryRows, summaryAnswersOfUrns } from "./rememberedAnswers.ts";
export type { AddressSubject, CustomEntitySubject, EntitySubject, SubjectRows, Viewer } from "./subjects.ts";
export {
  customEntityMembers,
  resolveAddresses,
  resolveCustomEntities,
  resolveEntities,
  resolveSubjectRows,
  rowSeparator,
} from "./subjects.ts";
