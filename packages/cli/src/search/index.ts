export type { SearchFlags, SearchOutcome, SectionItems, SectionOutcome } from "./searchResults.ts";
export { failedSections, searchAllSections, sectionRuns, sizedSections } from "./searchResults.ts";
export { renderSearchTables } from "./searchTables.ts";
