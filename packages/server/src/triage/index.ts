export { entityPropertyGroups, saveLawEnforcementSuggestion } from "./entityProperties.ts";
export { triageReportMaxCounterparties, triageReportRows } from "./reportRows.ts";
