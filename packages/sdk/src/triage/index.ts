export type {
  TriageAddressQuery,
  TriageAddressTab,
  TriageDetailsSection,
  TriageRouteCheck,
} from "./triageAddressPage.ts";
export {
  checkTriageAddressRoute,
  checkTriageTransactionRoute,
  readTriageAddressQuery,
  triageAddressTabs,
  triageBackButton,
  triageBackLabels,
  triageDetailsSections,
  triageDetailsSectionsShown,
} from "./triageAddressPage.ts";
export { triageChecklistFacts } from "./triageChecklistFacts.ts";
export { triageChecklistLabels, triageProgressPreferenceKey } from "./triageChecklistLabels.ts";
export type { KycLevel, TriageInsight, TriageInsightState } from "./triageInsights.ts";
export {
  attributionInsight,
  attributionInsightMaxEntries,
  counterpartyRiskTopCount,
  formatTriageVolume,
  indirectExposure,
  indirectExposureMaxCategories,
  kycLevelOf,
  kycLevels,
  topCounterpartyRisks,
  triageInsights,
  uniqueTokensCap,
  uniqueTokensLabel,
  visibleTriageInsights,
} from "./triageInsights.ts";
export { triageLimits } from "./triageLimits.ts";
export { triageMessages } from "./triageMessages.ts";
export type {
  TriageChecklistEntry,
  TriageChecklistFacts,
  TriageChecklistItem,
  TriageProgress,
  TriageProgressEvent,
  TriageProgressStore,
} from "./triageProgress.ts";
export {
  nextTriageProgress,
  readTriageProgress,
  triageChecklist,
  triageChecklistItems,
  triageProgressSchema,
  triageProgressStorageKey,
  triageProgressStoreSchema,
  updateTriageProgress,
} from "./triageProgress.ts";
export type {
  LawEnforcementSuggestion,
  PropertyGroup,
  TriageAddressPropertyName,
  TriageProperty,
  TriagePropertyCard,
} from "./triageProperties.ts";
export {
  kycPropertyGroup,
  lawEnforcementSuggestionKey,
  lawEnforcementSuggestionSchema,
  lawEnforcementSuggestionStoredSchema,
  lawEnforcementSuggestionView,
  propertyGroupSchema,
  triageAddressPropertiesSchema,
  triageAddressProperty,
  triageAddressPropertyNames,
  triagePropertyCards,
  triagePropertySchema,
} from "./triageProperties.ts";
export type { TriageReportLanguage, TriageReportRow } from "./triageReport.ts";
export {
  flowAmountRoundingThreshold,
  formatTriageReportDate,
  leadCategoryId,
  loadTriageReportLocale,
  roundFlowAmount,
  triageReportColumns,
  triageReportCsv,
  triageReportFileName,
  triageReportLanguage,
  triageReportRowSchema,
} from "./triageReport.ts";
export type {
  TriageInsightView,
  TriageSource,
  TriageSummarySources,
} from "./triageSummary.ts";
export { triageInsightTitles, triageSummaryView } from "./triageSummary.ts";
