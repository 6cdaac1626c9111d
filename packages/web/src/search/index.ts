export { MultiSearchDialog } from "./MultiSearchDialog.tsx";
export { $multiSearchOpen, closeMultiSearch, openMultiSearch } from "./multiSearchStore.ts";
export { RequestInformationDialog } from "./RequestInformationDialog.tsx";
export { $requestedQueries, markInformationRequested } from "./requestedInformation.ts";
export { SearchSectionIcon } from "./SearchSectionIcon.tsx";
export { logSearchFailed, logSearchQuery, logSuggestionSelected } from "./searchActivity.ts";
export { $searchHistory, rememberOpenedSearch, rememberSearches } from "./searchHistoryStore.ts";
export type { SearchRow } from "./searchRows.ts";
export {
  addressRow,
  customEntityRow,
  entityRow,
  inetRow,
  searchSectionColumns,
  severalChainsState,
  transactionRow,
} from "./searchRows.ts";
export type { SearchScope, SectionPage } from "./searchSectionQueries.ts";
export {
  fetchSearchSection,
  ipRuleOf,
  runningSections,
  searchSectionKey,
  sectionRuns,
} from "./searchSectionQueries.ts";
export { useDebouncedValue } from "./useDebouncedValue.ts";
export { useExcludedChains } from "./useExcludedChains.ts";
export { useSearchCommands } from "./useSearchCommands.ts";
export type { SearchResultsState, SectionMore } from "./useSearchResults.ts";
export { useSearchResults } from "./useSearchResults.ts";
export type { SearchSectionsState, SectionState } from "./useSearchSections.ts";
export { useSearchSections } from "./useSearchSections.ts";
