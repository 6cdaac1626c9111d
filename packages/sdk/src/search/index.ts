export type {
  AddressHit,
  AttributionType,
  AutocompleteHit,
  AutocompleteMatch,
  AutocompleteMeta,
  AutocompleteRequest,
  CustomEntityHit,
  EntityHit,
  InetHit,
} from "./autocomplete.ts";
export {
  addressHitSchema,
  attributionTypeSchema,
  attributionTypes,
  autocompleteHitSchema,
  autocompleteHitSchemas,
  autocompleteMatches,
  autocompleteMatchSchema,
  autocompleteMetaSchema,
  autocompleteQueryMaxLength,
  autocompleteRequestSchema,
  customEntityHitSchema,
  entityHitSchema,
  inetHitSchema,
} from "./autocomplete.ts";
export type { GlobalSearchOutcome } from "./globalSearchNavigation.ts";
export { globalSearchRoute } from "./globalSearchNavigation.ts";
export type { IpSearchRefusal } from "./ipSearchRefusal.ts";
export { ipSearchRefusalOf, ipSearchRefusalSchema } from "./ipSearchRefusal.ts";
export { randomSearchRoute } from "./randomSearch.ts";
export type { SearchConfiguration, SearchConfigurationAnswer } from "./searchConfiguration.ts";
export {
  chainsNotSearched,
  noSearchConfigurationNotice,
  searchConfigurationSchema,
} from "./searchConfiguration.ts";
export type { SearchHistory, SearchHistoryDay, SearchHistoryItem } from "./searchHistory.ts";
export {
  markSearchVisited,
  readSearchHistory,
  recordSearch,
  searchHistoryByDay,
  searchHistoryEntrySchema,
  searchHistoryMaxEntries,
  searchHistorySchema,
  searchHistoryStorageKey,
} from "./searchHistory.ts";
export type {
  SearchFailedEvent,
  SearchInput,
  SearchInputOptions,
  StatusReportRequest,
} from "./searchInput.ts";
export {
  isSearchSubmitDisabled,
  readSearchInput,
  requestInformationLabel,
  searchFailedEvent,
  statusReportRequest,
  statusReportRequestSchema,
  stillLookingForMessage,
} from "./searchInput.ts";
export { searchMessages } from "./searchMessages.ts";
export type {
  IpSearchRule,
  RouteDescriptor,
  RouteName,
  SearchModule,
  SuggestionAction,
} from "./searchRoutes.ts";
export {
  ipSearchRule,
  multiSearchItems,
  multiSearchTextareaHeight,
  routeNames,
  searchModules,
  searchResultsRoutes,
  searchSubmitRoute,
  suggestionAction,
  triageDirectJump,
} from "./searchRoutes.ts";
export type {
  AddressResult,
  CustomEntityResult,
  EntityResult,
  SearchResults,
  SuggestionItem,
  TransactionResult,
} from "./searchSchemas.ts";
export {
  addressResultSchema,
  customEntityResultSchema,
  entityResultSchema,
  searchResultsSchema,
  suggestionItemSchema,
  suggestionItemTypes,
  transactionResultSchema,
} from "./searchSchemas.ts";
export { searchSectionsFor } from "./searchSectionPlan.ts";
export type { SearchSection, SearchSectionStatus } from "./searchSections.ts";
export {
  searchLoaderRowCount,
  searchLoaderRows,
  searchResultLimit,
  searchResultLimits,
  searchSectionBaseSize,
  searchSectionDelayMessage,
  searchSectionLabels,
  searchSectionMaxWhileLoading,
  searchSectionSizes,
  searchSections,
  searchSectionTypeNames,
} from "./searchSections.ts";
export {
  initialResultsTab,
  likelyResultsTab,
  resultsTabOfItem,
  resultsTabOrder,
  settledResultsTab,
} from "./searchTabs.ts";
export type { SearchTitleKind } from "./searchTitles.ts";
export { searchTitleTruncation, truncateMiddle, truncateSearchTitle } from "./searchTitles.ts";
export type { StatusReport } from "./statusReport.ts";
export { statusReportSchema } from "./statusReport.ts";
export type {
  NeighbourTransaction,
  TransactionLookupRequest,
  TransactionParty,
  TransactionRow,
  TransferLabel,
} from "./transactionLookup.ts";
export {
  neighbourTransactionSchema,
  transactionLookupMaxHashes,
  transactionLookupRequestSchema,
  transactionPartySchema,
  transactionResultOf,
  transactionRowSchema,
  transferLabelSchema,
} from "./transactionLookup.ts";
