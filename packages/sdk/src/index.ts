// The SDK's public surface: what the server, the console, the CLI, the tests and the scripts use,
// each name exported from the file that defines it. Add a name here when another package needs it.

// accounts/
export type { ActivityAction, ActivityEntry } from "./accounts/activity.ts";
export { logActivityBodySchema } from "./accounts/activity.ts";
export type { FeatureFlagKey, FeatureFlags, TargetDomain } from "./accounts/featureFlags.ts";
export {
  featureFlagDefaults,
  featureFlagKeySchema,
  featureFlagKeys,
  featureFlagMessages,
  featureFlagsQuerySchema,
  setFeatureFlagBodySchema,
  withFlagDefaults,
} from "./accounts/featureFlags.ts";
export { defaultIdentityDomains, displayName, identityFlags } from "./accounts/identity.ts";
export type { Preference, PreferenceKey } from "./accounts/preferences.ts";
export {
  parsePreferenceValue,
  preferenceKeySchema,
  preferenceKeys,
  preferenceValueSchemas,
  putPreferenceBodySchema,
} from "./accounts/preferences.ts";
export { activityQuerySchema, membersQuerySchema } from "./accounts/queries.ts";
export { roleAtLeast } from "./accounts/roleRights.ts";
export type {
  ApiToken,
  LoginBody,
  Member,
  Organization,
  Role,
  User,
  UserOrganization,
} from "./accounts/schemas.ts";
export {
  changeMemberRoleBodySchema,
  createApiTokenBodySchema,
  createOrganizationBodySchema,
  inviteMemberBodySchema,
  loginBodySchema,
  memberMessages,
  roleSchema,
  roles,
  updateOrganizationBodySchema,
} from "./accounts/schemas.ts";

// addressProperties/
export type { AddressProperties, AddressType } from "./addressProperties/addressProperties.ts";
export {
  addressPropertyTags,
  addressTypeOfForm,
  addressTypes,
} from "./addressProperties/addressProperties.ts";

// attribution/
export { attributionLookupMaxUrns } from "./attribution/attributionLimits.ts";
export {
  attributionAddressRequestSchema,
  attributionCacheMs,
  attributionEntityRequestSchema,
} from "./attribution/attributionLookup.ts";
export type { AttributionTag, EntityAttribution } from "./attribution/attributionTag.ts";
export { attributionTagSchema } from "./attribution/attributionTag.ts";
export type { AttributionLabel, CounterpartyName } from "./attribution/counterpartyName.ts";
export { counterpartyNameKindText, counterpartyNameOf } from "./attribution/counterpartyName.ts";
export { attributionTagDetails } from "./attribution/tagDetails.ts";
export { walletClusterEntityUrn } from "./attribution/walletCluster.ts";

// beacon/
export { beaconCaseNumber } from "./beacon/caseNumber.ts";
export {
  beaconCategoryIds,
  beaconContactProperties,
  beaconMessages,
  beaconNotificationFileName,
  beaconNotificationText,
  showsNotifyVaspButtons,
} from "./beacon/notification.ts";
export type { BeaconInvitedValue, BeaconNotifiedValue } from "./beacon/storage.ts";
export {
  beaconInvitedKey,
  beaconNotifiedKey,
  parseBeaconInvited,
  parseBeaconNotified,
} from "./beacon/storage.ts";
export type { BeaconVasp } from "./beacon/vasp.ts";

// cases/
export { canCreateCase } from "./cases/caseRecord.ts";
export {
  caseRelatableTarget,
  caseRelatableUrnSchema,
  flagRelatableUrn,
  graphRelatableUrn,
} from "./cases/caseRelatables.ts";
export type { CaseNote, CaseRecord, CaseRelatable, UpdateCaseRequest } from "./cases/caseWire.ts";
export {
  attachRelatableRequestSchema,
  caseIdParamSchema,
  caseLimits,
  caseMessages,
  caseNoteRequestSchema,
  casesDefaultLimit,
  casesQuerySchema,
  createCaseRequestSchema,
  updateCaseRequestSchema,
} from "./cases/caseWire.ts";
export { canEscalate, escalationCases, escalationMessages, notifyTargets } from "./cases/escalation.ts";
export type { Escalation } from "./cases/escalationWire.ts";
export {
  escalateRequestSchema,
  escalationInboxQuerySchema,
  inboxMessages,
  uuidParamSchema,
} from "./cases/escalationWire.ts";
export {
  notifyTargetsMax,
  notifyTargetsMessages,
  parseNotifyTargetList,
  setEscalationNotifyTargetsRequestSchema,
} from "./cases/notifyTargetsWire.ts";

// chains/
export type { AddressForm } from "./chains/address.ts";
export {
  addressPayloadLength,
  canonicalAddress,
  decodeAddress,
  displayAddress,
  encodeAddress,
  normalizeAddress,
} from "./chains/address.ts";
export type { ChainId } from "./chains/chainRegistry.ts";
export {
  chainById,
  chainIdSchema,
  chainIds,
  chainInfo,
  chains,
  chainsOfFamily,
} from "./chains/chainRegistry.ts";
export { ocrLookalikeGroups, uncheckedHexDigit } from "./chains/identifierReadCorrection.ts";
export { isValidIpAddress, normalizeIpAddress } from "./chains/inet.ts";
export type { RecognizedIdentifier, RecognizeOptions } from "./chains/recognizeIdentifier.ts";
export { recognizeIdentifier } from "./chains/recognizeIdentifier.ts";
export {
  encodeTransactionHash,
  isValidTransactionHash,
  normalizeTransactionHash,
} from "./chains/transactionHash.ts";
export {
  addressChainUrn,
  anyEntityUrnSchema,
  assetUrn,
  customEntityUrn,
  entityUrn,
  formatUrn,
  inetUrn,
  nativeAssetId,
  parseUrn,
  transactionUrn,
  urnKindPrefix,
  urnSchema,
} from "./chains/urn.ts";

// client/
export type { BulkResult } from "./client/bulkRequests.ts";
export type { ErrorCode } from "./client/errors.ts";
export { ApiError, errorEnvelopeSchema, isApiError } from "./client/errors.ts";
export type { RetryWatcher } from "./client/fetchTransport.ts";
export { createFetchTransport } from "./client/fetchTransport.ts";
export { organizationHeader, requestIdHeader } from "./client/httpCore.ts";
export type { ImportFormat, ImportJob, ImportResult, ImportRunOptions } from "./client/importsApi.ts";
export { importFormats, importResultSchema, respondAsyncPreference } from "./client/importsApi.ts";
export type { Sleep } from "./client/sleep.ts";
export { sleep } from "./client/sleep.ts";
export { SleuthClient } from "./client/sleuthClient.ts";
export type { TransferPage } from "./client/transfersApi.ts";
export { retryDelayMs } from "./client/transport.ts";
// constants/
export { apiPathPrefixes, isApiPath } from "./constants/apiPaths.ts";
export { apiVersionFamilies } from "./constants/apiVersions.ts";
export { consolePath, consolePathPrefix, consolePaths } from "./constants/consolePaths.ts";
export {
  balanceNoticeDelayMs,
  bulkBatchSizes,
  busyRetryAfter,
  busyRetryAfterSeconds,
  cacheFreshnessOptions,
  headerCountRefreshMs,
  imageScanMaxBytes,
  multiSearchMaxItems,
  pageSizes,
  pollIntervalMs,
  runningJobPollIntervalMs,
  searchDebounceMs,
  signInThrottle,
  signInWaitSeconds,
  tagList,
  watchedStatePollIntervalMs,
} from "./constants/limits.ts";
export {
  caseUpdateFailedMessage,
  genericPanelActions,
  platformMessages,
  portfolioLoadFailedMessage,
} from "./constants/messages.ts";
// customEntities/
export type { Compatibility } from "./customEntities/compatibility.ts";
export { compatibilityOf, compatibilityRequestSchema } from "./customEntities/compatibility.ts";
export type { UnsupportedReason } from "./customEntities/customEntity.ts";
export { customEntityCreateErrorMessage, unsupportedReasonLabels } from "./customEntities/customEntity.ts";
export type { CustomEntityDetail } from "./customEntities/customEntityRequests.ts";
export {
  createCustomEntityBodySchema,
  customEntityListQuerySchema,
  customEntityNameTaken,
  customEntityRiskInfoRequestSchema,
  customEntityRiskScoreRequestSchema,
  deleteCustomEntitiesBodySchema,
  refreshStatusQuerySchema,
  updateCustomEntityBodySchema,
  validateNameQuerySchema,
} from "./customEntities/customEntityRequests.ts";
export type { RefreshPart, RefreshStatus } from "./customEntities/refreshStatus.ts";
export {
  overallRefreshStatus,
  pollRefreshStatus,
  refreshPartLabels,
  refreshParts,
  refreshStatusTexts,
} from "./customEntities/refreshStatus.ts";
export { resourcesFromText } from "./customEntities/resourceInput.ts";
// detectors/
export type { Detector, DetectorAlert } from "./detectors/detectorRecords.ts";
export {
  createDetectorBodySchema,
  defaultDetectorName,
  detectorAlertListQuerySchema,
  detectorListQuerySchema,
  detectorMessages,
  detectorNameMaxLength,
} from "./detectors/detectorRecords.ts";
// downloads/
export type { CsvCell } from "./downloads/csv.ts";
export {
  csvFormulaTriggers,
  csvPlainNegativeDecimal,
  neutralizeCsvCell,
  toCsv,
  toCsvRecords,
} from "./downloads/csv.ts";
export type { DownloadSelection } from "./downloads/downloadPlan.ts";
export {
  backgroundJobThreshold,
  defaultDownloadFileName,
  downloadMessages,
  downloadRowLimit,
  planDownload,
} from "./downloads/downloadPlan.ts";
export { exportCsvHeaderLine, exportCsvText, searchResultCsvRow } from "./downloads/exportColumns.ts";
export type {
  AsyncJobDetails,
  ExportJobType,
  ExportParameters,
  ExportRequest,
} from "./downloads/exportJobs.ts";
export {
  asyncJobListQuerySchema,
  asyncJobStatuses,
  awaitingDownloadQuery,
  directDownloadRowLimit,
  downloadUrlLifetimeMs,
  exportParameterSchemas,
  jobResultLifetimeMs,
  parseExportRequest,
} from "./downloads/exportJobs.ts";
export type { ExportManifest } from "./downloads/exportManifest.ts";
export {
  CsvRecordCounter,
  compareWithManifest,
  decodeManifestHeader,
  encodeManifestHeader,
  exportManifestHeader,
  exportManifestSchema,
  manifestPathOf,
} from "./downloads/exportManifest.ts";
export {
  categoryAddressCsvFields,
  categoryAddressCsvRow,
  categoryTransferCsvFields,
  categoryTransferCsvRow,
  counterpartyCsvRow,
  riskIndicatorCsvFields,
  riskIndicatorCsvRow,
} from "./downloads/flowColumns.ts";
export type { TransferCsvField } from "./downloads/transferColumns.ts";
export { transferCsvFields, transferCsvRow } from "./downloads/transferColumns.ts";
// filters/
export { dateRangeFilterChange, instantOfDateInput } from "./filters/dateFilter.ts";
export { jumpToInput } from "./filters/jumpTo.ts";
export { filterMessages } from "./filters/messages.ts";
export type { NumberFilter, NumberFilterOperator } from "./filters/numberFilter.ts";
export {
  matchesNumberFilter,
  numberFilterChange,
  numberFilterOfText,
  numberFilterOperatorLabels,
  numberFilterOperators,
  rangeOnlyOperators,
} from "./filters/numberFilter.ts";
export { addressUrnOfText, hasHeaderFilters } from "./filters/urnFilter.ts";
// flags/
export type { FlagCategoryGroup } from "./flags/categories.ts";
export { flagCategoriesByGroup, otherFlagCategoryId } from "./flags/categories.ts";
export type { FlagForm, FlagFormInput, FlagTextField } from "./flags/flagForm.ts";
export {
  flagFormSchema,
  flagMessages,
  flagSuccessDelayMs,
  flagTextFields,
  userAttributionBody,
} from "./flags/flagForm.ts";
export type { UserAttributionRecord, UserAttributionRequest } from "./flags/flagRecords.ts";
export { userAttributionListQuerySchema, userAttributionRequestSchema } from "./flags/flagRecords.ts";
// flows/
export type {
  CategoryFilterValues,
  CategoryTransferFilters,
  OwnershipAddressesRequest,
  OwnershipAddressFilters,
  OwnershipCategory,
} from "./flows/categories.ts";
export {
  categoryFilterValuesRequestSchema,
  categoryTransfersPageSize,
  categoryTransfersRequestSchema,
  ownershipAddressesRequestSchema,
  ownershipAddressSortFields,
  ownershipCategoriesRequestSchema,
} from "./flows/categories.ts";
export type {
  ChainAssetInfo,
  CounterpartyFilters,
  CounterpartyFlowsSummaryRequest,
  CounterpartyKind,
  CounterpartyRow,
  CounterpartySort,
} from "./flows/counterparties.ts";
export {
  byCounterpartyRequestSchema,
  chainAssetsCounterpartyKinds,
  chainAssetsRequestSchema,
  counterpartyFieldOf,
  counterpartyFlowsPageSize,
  counterpartyFlowsSummaryRequestSchema,
  counterpartyKinds,
  counterpartyRowName,
  counterpartyTotalText,
  counterpartyTransfersRequestSchema,
  counterpartyUrnOfText,
  hasCounterpartyFilters,
} from "./flows/counterparties.ts";
export type {
  CategoryDailyRow,
  ExposureRiskLabel,
  RiskDailyRow,
  RiskRatioDailyRow,
} from "./flows/exposure.ts";
export { dailyExposureRequestSchema } from "./flows/exposure.ts";
export type { ChartWindow, StackedSeries } from "./flows/exposureSeries.ts";
export {
  categorySeries,
  initialChartWindow,
  panChartWindow,
  pointsInWindow,
  riskSeries,
  zoomChartWindow,
} from "./flows/exposureSeries.ts";
export { flowMessages, formatChartDate, formatFlowUsd } from "./flows/flowFormats.ts";
export type { FlowSubject, FlowValueType, TxDateRange } from "./flows/flowSubject.ts";
export {
  flowValueTypes,
  forValueType,
  subjectFieldOf,
  subjectFieldsFor,
  subjectNotFoundMessages,
  subjectUrnOf,
} from "./flows/flowSubject.ts";
export type {
  AssetFlowSummary,
  AssetMetrics,
  DailyFlow,
  FlowSummary,
  FlowSummaryFilters,
} from "./flows/flowSummary.ts";
export {
  bulkSubjectFieldOf,
  byAssetSummaryRequestSchema,
  flowSummaryBulkRequestSchema,
  flowSummaryRequestSchema,
} from "./flows/flowSummary.ts";
export type { AddressHoldings, AssetHolding, SubjectStatistics } from "./flows/holdings.ts";
export {
  assetHoldingsLimits,
  assetHoldingsRequestSchema,
  statisticsMaxUrns,
  statisticsUrnSchema,
} from "./flows/holdings.ts";
export type { IpHost } from "./flows/ipHost.ts";
export { ipHostFlagLabels, ipHostFlags } from "./flows/ipHost.ts";
export type { IpAssociation } from "./flows/observations.ts";
export {
  inetObservationsRequestSchema,
  scamReportsMax,
  scamReportsRequestSchema,
} from "./flows/observations.ts";
export {
  isOffsetTransfersRequest,
  maxTransferOffset,
  offsetTransfersRequestSchema,
} from "./flows/offsetTransfers.ts";
export type { RiskIndicatorDetails, RiskIndicatorRow, RiskRowFilters } from "./flows/riskIndicators.ts";
export { riskIndicatorsRequestSchema, riskRowMatches, riskVolumeText } from "./flows/riskIndicators.ts";
export type { FiguresText } from "./flows/subjectFigures.ts";
export { bulkSubjectFigures, subjectFiguresText } from "./flows/subjectFigures.ts";
// format/
export {
  earliestDate,
  formatUtc,
  minimumChartZoomDays,
  utcDatePattern,
  utcDateTimePattern,
} from "./format/dates.ts";
export { countText, dateText, moneyText, textOrMissing } from "./format/nullable.ts";
export {
  formatBalance,
  formatMoney,
  formatPercentage,
  formatPortfolioValue,
  missingValueText,
  percentageOf,
} from "./format/numbers.ts";
export { decodeOpaqueCursor, encodeOpaqueCursor } from "./format/opaqueCursor.ts";
export { countedNoun, showMorePage, truncateTag } from "./format/text.ts";
export {
  unknownBalanceText,
  unknownUsdReason,
  unknownUsdText,
  usdFloorText,
  usdText,
  usdTotalText,
} from "./format/usdAmount.ts";
export { formatUsdVolume } from "./format/usdVolume.ts";
// graph/
export type { AddMultipleEntry, AddMultipleItem } from "./graph/addMultiple.ts";
export {
  addMultipleLimits,
  addToGraphDebounceMs,
  detectAddMultipleItems,
  selectAddMultipleChain,
  validateAddMultiple,
} from "./graph/addMultiple.ts";
export { flowLabel } from "./graph/flowLabel.ts";
export type {
  GraphDocument,
  GraphEdge,
  GraphNode,
  GraphNodeInfo,
  GraphSummary,
  SavedGraph,
} from "./graph/graphDocument.ts";
export {
  canEditGraphs,
  createGraphBodySchema,
  emptyGraphDocument,
  flowEdgeId,
  graphDocumentLimits,
  graphEditorRoleMessage,
  graphNodeBalanceText,
  graphNodeOf,
  patchGraphBodySchema,
} from "./graph/graphDocument.ts";
export type { OffChainNodeForm } from "./graph/graphElements.ts";
export { formatOffChainTimestamp, offChainNodeFormSchema, offChainNodeIcons } from "./graph/graphElements.ts";
export type {
  ExpandDirection,
  ExpandNeighbour,
  ExpandResult,
  GraphFlow,
  TraceNode,
  TracePath,
  TraceRequest,
  TraceResult,
  TraceStopReason,
} from "./graph/graphExplore.ts";
export {
  describeEmptyTrace,
  describeTraceCut,
  describeUnpricedFlows,
  expandDefaultLimit,
  expandMaxLimit,
  expandRequestSchema,
  graphNodesLookupMax,
  graphNodesRequestSchema,
  parseMinAmount,
  parseTraceMinimum,
  traceLimits,
  traceRequestSchema,
  traceStopCategoryKeys,
} from "./graph/graphExplore.ts";
export type {
  CheckboxState,
  GraphExportGroup,
  GraphExportSelection,
  GraphExportStep,
} from "./graph/graphExport.ts";
export {
  graphCsvFileName,
  graphExportAllState,
  graphExportGroupState,
  graphExportGroups,
  graphExportImageSize,
  graphGridLines,
  graphGridSize,
  isGraphExportDownloadDisabled,
  nextGraphExportStep,
  toggleGraphExportAll,
  toggleGraphExportElement,
  toggleGraphExportGroup,
} from "./graph/graphExport.ts";
export {
  graphExportAvailable,
  parseGexf,
  parseGraphml,
  toGexf,
  toGraphCsv,
  toGraphml,
} from "./graph/graphFormats.ts";
export { graphMessages } from "./graph/graphMessages.ts";
export { graphEdgeEndsText, graphNodeNameText } from "./graph/graphNames.ts";
export { graphPictureFrame, toGraphSvg } from "./graph/graphPicture.ts";
export { readOpReturn } from "./graph/opReturn.ts";
export type { TracePathRow } from "./graph/tracePaths.ts";
export { tracePathRows } from "./graph/tracePaths.ts";
export type { TrmFile } from "./graph/trmFile.ts";
export {
  graphExportQuerySchema,
  parseTrmFile,
  trmFileExtension,
  trmFileFormat,
  trmFileName,
  trmFileVersion,
  trmMediaType,
} from "./graph/trmFile.ts";
// imageUpload/
export {
  acceptedImageTypes,
  imageFileProblem,
  imageInputAccept,
  imageScanErrorMessage,
  isAcceptedImageFile,
} from "./imageUpload/imageFile.ts";
export type { ImageUploadState } from "./imageUpload/imageProcessing.ts";
export {
  cameraSearchOpenDelayMs,
  imageProcessingStep,
  imageProcessingStepTexts,
  imageSearchAvailability,
  nextImageUploadState,
} from "./imageUpload/imageProcessing.ts";
export type { ImageScanRead } from "./imageUpload/imageScanIdentifiers.ts";
export {
  identifierReadsFromPasses,
  identifierReadsInText,
  imageScanReadIsDoubtful,
  imageScanReadLabel,
  pairableTokens,
} from "./imageUpload/imageScanIdentifiers.ts";
export { imageUploadMessages } from "./imageUpload/imageUploadMessages.ts";
// ingest/ (issue 46)
export type { IngestStatus } from "./ingest/ingestRecords.ts";
export {
  defaultIngestConfirmations,
  ingestProgressText,
  maxIngestConfirmations,
  redactedRpcUrl,
  startIngestBodySchema,
} from "./ingest/ingestRecords.ts";

// interests/
export { audienceCountries } from "./interests/countries.ts";
export type {
  AudienceTab,
  InterestFormInput,
  InterestViewer,
  InvestigationInterest,
  VisibilityLevel,
} from "./interests/interest.ts";
export {
  audienceTabLevels,
  audienceTabStorageKey,
  audienceTabs,
  canDeleteInterest,
  interestBulkBody,
  interestDetailsVisible,
  interestFormSchema,
  interestMessages,
  interestNoteMaxLength,
  interestSectors,
  parseAudienceTab,
  privacyOptions,
  revealActionLabels,
  revealActionOf,
  showsIndicateInterestButton,
  withVisibilityLevel,
} from "./interests/interest.ts";
export type { InterestBulkRequest, InterestUpdateRequest, Network } from "./interests/interestWire.ts";
export {
  interestBulkRequestSchema,
  interestPathSchema,
  interestSearchQuerySchema,
  interestSearchRequestSchema,
  interestUpdateBody,
  interestUpdateRequestSchema,
} from "./interests/interestWire.ts";
export type { RevealNotice } from "./interests/revealNotices.ts";
export { revealNoticeMessages, revealNoticeQuerySchema } from "./interests/revealNotices.ts";

// metrics/
export type { CustomEntityMetrics, EntityMetrics, MetricsSummary } from "./metrics/metricsSummary.ts";
export {
  addressMetricsRequestSchema,
  customEntityMetricsRequestSchema,
  entityMetricsRequestSchema,
  metricsSummarySchema,
} from "./metrics/metricsSummary.ts";

// notifications/
export type { DeliveryState, NotificationDelivery } from "./notifications/notificationDelivery.ts";
export {
  beaconNotifyRequestSchema,
  deliveryLogQuerySchema,
  notificationMessages,
} from "./notifications/notificationDelivery.ts";
export type {
  MemberNotificationKind,
  NotificationEmailPreference,
  NotificationKind,
} from "./notifications/notificationKinds.ts";
export {
  memberNotificationKinds,
  notificationEmailPreferenceSchema,
  notificationKindTitles,
  wantsEmail,
} from "./notifications/notificationKinds.ts";
export type { NotificationEvent, WebhookPayload } from "./notifications/notificationMessages.ts";
export { renderNotification, webhookPayloadSchema } from "./notifications/notificationMessages.ts";
export type { OperatorNetwork, OperatorOrganization, SuggestionForReview } from "./notifications/operator.ts";
export {
  createNetworkBodySchema,
  licenceBodySchema,
  networkMemberBodySchema,
  operatorHeader,
  operatorMessages,
} from "./notifications/operator.ts";
export type { CreatedWebhookEndpoint, WebhookEndpoint } from "./notifications/webhookSignature.ts";
export {
  createWebhookEndpointBodySchema,
  verifyWebhookSignature,
  webhookDeliveryHeader,
  webhookEventHeader,
  webhookSignature,
  webhookSignatureHeader,
} from "./notifications/webhookSignature.ts";

// prices/
export type { PriceFileFormat } from "./prices/priceFiles.ts";
export { priceFileAsset, priceSourceText, transferUsdCents } from "./prices/priceFiles.ts";

// risk/
export type { EntityRiskScore } from "./risk/riskInfo.ts";
export {
  addressRiskInfoRequestSchema,
  addressRiskInfoSchema,
  entityRiskScoreRequestSchema,
  entityRiskScoreSchema,
} from "./risk/riskInfo.ts";
export type { RiskColor, RiskLabel, RiskScoreLevel } from "./risk/riskScale.ts";
export {
  alertCountLabel,
  maxCategoryRiskScoreLevel,
  riskColorOf,
  riskLabelFloors,
  riskLabelOf,
  riskLabels,
  riskScoreLevelOf,
  riskScoreLevels,
} from "./risk/riskScale.ts";
export type { RiskIndicator, RiskType } from "./risk/schemas.ts";
export { detailsTableMaxRecords, detailsTableRows, riskTypes } from "./risk/schemas.ts";
export type { SubjectRisk } from "./risk/subjectRisk.ts";
export { subjectRiskOf, subjectRiskText } from "./risk/subjectRisk.ts";

// scamReport/
export type { ScamReport } from "./scamReport/scamReport.ts";
export { scamCategoryLabel, scamReportMessages, scamReportPreview } from "./scamReport/scamReport.ts";

// search/
export type {
  AddressHit,
  AttributionType,
  AutocompleteHit,
  AutocompleteMatch,
  CustomEntityHit,
  EntityHit,
  InetHit,
} from "./search/autocomplete.ts";
export { attributionTypes, autocompleteRequestSchema } from "./search/autocomplete.ts";
export { globalSearchRoute } from "./search/globalSearchNavigation.ts";
export { ipSearchRefusalOf } from "./search/ipSearchRefusal.ts";
export { randomSearchRoute } from "./search/randomSearch.ts";
export type { SearchConfiguration } from "./search/searchConfiguration.ts";
export { chainsNotSearched, noSearchConfigurationNotice } from "./search/searchConfiguration.ts";
export type { SearchHistory, SearchHistoryItem } from "./search/searchHistory.ts";
export {
  markSearchVisited,
  readSearchHistory,
  recentSearches,
  recordSearch,
  searchHistoryByDay,
  searchHistoryStorageKey,
} from "./search/searchHistory.ts";
export type { SearchFailedEvent, StatusReportRequest } from "./search/searchInput.ts";
export {
  isSearchSubmitDisabled,
  readSearchInput,
  requestInformationLabel,
  searchFailedEvent,
  stillLookingForMessage,
} from "./search/searchInput.ts";
export { searchMessages } from "./search/searchMessages.ts";
export type { IpSearchRule, RouteDescriptor, RouteName, SearchModule } from "./search/searchRoutes.ts";
export {
  ipSearchRule,
  multiSearchItems,
  multiSearchTextareaHeight,
  searchSubmitRoute,
  suggestionAction,
  triageDirectJump,
} from "./search/searchRoutes.ts";
export type { CustomEntityResult, SuggestionItem, TransactionResult } from "./search/searchSchemas.ts";
export { searchSectionsFor } from "./search/searchSectionPlan.ts";
export type { SearchSection, SearchSectionStatus } from "./search/searchSections.ts";
export {
  searchLoaderRowCount,
  searchResultLimit,
  searchResultLimits,
  searchSectionDelayMessage,
  searchSectionLabels,
  searchSectionSizes,
  searchSections,
} from "./search/searchSections.ts";
export {
  initialResultsTab,
  likelyResultsTab,
  resultsTabOrder,
  settledResultsTab,
} from "./search/searchTabs.ts";
export { truncateMiddle, truncateSearchTitle } from "./search/searchTitles.ts";
export type { StatusReport } from "./search/statusReport.ts";
export type {
  NeighbourTransaction,
  TransactionLookupRequest,
  TransactionParty,
  TransactionRow,
  TransferLabel,
} from "./search/transactionLookup.ts";
export {
  transactionLookupMaxHashes,
  transactionLookupRequestSchema,
  transactionResultOf,
} from "./search/transactionLookup.ts";
export { urnTitle } from "./search/urnTitles.ts";

// session/
export type { CliDemoFile } from "./session/cliDemoFile.ts";
export { cliDemoFileName, cliDemoFileSchema, defaultDataDir } from "./session/cliDemoFile.ts";
export type { KeyValueStorage } from "./session/controller.ts";
export { createSessionController, storedOrganizationKey } from "./session/controller.ts";
export type { SessionState } from "./session/loginSequence.ts";
export { signInMessages } from "./session/loginSequence.ts";

// sharing/
export type { Collaborators, SharingOperation, SharingRole } from "./sharing/collaborators.ts";
export { sharingOperationsSchema, sharingRoleSchema } from "./sharing/collaborators.ts";
export { sharingMessages } from "./sharing/sharingMessages.ts";
export type { GeneralAccess, SharingState } from "./sharing/sharingState.ts";
export {
  addCollaborators,
  applySharingOperations,
  hasAtLeastOneEditor,
  isSharingSaveDisabled,
  organizationSubjectUrn,
  setCollaboratorRole,
  setGeneralAccess,
  sharingOperations,
  sharingStateFromCollaborators,
  userSubjectUrn,
} from "./sharing/sharingState.ts";

// transfers/
export { counterpartyFilter, counterpartyUrnFilter } from "./transfers/counterpartyFilter.ts";
export type { TransferPageMeta } from "./transfers/requests.ts";
export {
  addressTransfersCountRequestSchema,
  addressTransfersRequestSchema,
  addressTransfersV6RequestSchema,
  customEntityTransfersCountRequestSchema,
  customEntityTransfersRequestSchema,
  entityTransfersCountRequestSchema,
  entityTransfersRequestSchema,
  maxTransferPageSize,
  transferRequestMessages,
} from "./transfers/requests.ts";
export type {
  CategoryAddressRow,
  CategoryTransferRow,
  EntityTransferRow,
  TransferDirection,
  TransferRow,
} from "./transfers/schemas.ts";
export {
  categoryTransferCounterpartyName,
  missingCounterpartyText,
  signedAmountNumber,
  signedRelevantAmount,
  transferMessages,
} from "./transfers/schemas.ts";
export type {
  TransferFilters,
  TransferJumpTo,
  TransferSort,
  TransferTableAction,
  TransferTableState,
} from "./transfers/transferTable.ts";
export {
  defaultTransferSort,
  hasTransferFilters,
  initialTransferTableState,
  isUsdSortDisabled,
  transferSortColumns,
  transferSortSchema,
  transferTableReducer,
} from "./transfers/transferTable.ts";

// triage/
export type { TriageDetailsSection } from "./triage/triageAddressPage.ts";
export {
  checkTriageAddressRoute,
  checkTriageTransactionRoute,
  readTriageAddressQuery,
  triageBackButton,
  triageDetailsSectionsShown,
} from "./triage/triageAddressPage.ts";
export { triageChecklistFacts } from "./triage/triageChecklistFacts.ts";
export { triageChecklistLabels, triageProgressPreferenceKey } from "./triage/triageChecklistLabels.ts";
export { formatTriageVolume, kycLevels, triageInsights, uniqueTokensLabel } from "./triage/triageInsights.ts";
export { triageLimits } from "./triage/triageLimits.ts";
export { triageMessages } from "./triage/triageMessages.ts";
export type { TriageChecklistItem, TriageProgress, TriageProgressEvent } from "./triage/triageProgress.ts";
export {
  readTriageProgress,
  triageChecklist,
  triageChecklistItems,
  triageProgressSchema,
  triageProgressStorageKey,
  updateTriageProgress,
} from "./triage/triageProgress.ts";
export type {
  AddressPropertiesItem,
  AddressPropertiesRequest,
  PropertyGroup,
} from "./triage/triageProperties.ts";
export {
  addressPropertiesApiVersions,
  addressPropertiesRequestSchema,
  addressPropertyDisplayNames,
  addressPropertyTagsOf,
  kycPropertyGroup,
  lawEnforcementSuggestionKey,
  lawEnforcementSuggestionSchema,
  lawEnforcementSuggestionView,
  triagePropertyCards,
} from "./triage/triageProperties.ts";
export type { TriageReportRow } from "./triage/triageReport.ts";
export { triageReportCsv, triageReportFileName, triageReportLanguage } from "./triage/triageReport.ts";
export type { TriageSource } from "./triage/triageSummary.ts";
export { triageInsightTitles, triageSummaryView } from "./triage/triageSummary.ts";

// userReports/
export type { UserReportKind, UserReportRecord } from "./userReports/userReports.ts";
export {
  userReportBodySchemas,
  userReportKinds,
  userReportListQuerySchema,
  userReportMessages,
  userReportTitles,
} from "./userReports/userReports.ts";

// userSelect/
export type { SelectableUser } from "./userSelect/userSelect.ts";
export {
  favouriteUsersFirst,
  favouriteUsersStorageKey,
  filterUsers,
  readFavouriteUsers,
  toggleFavouriteUser,
  userSelectDebounceMs,
} from "./userSelect/userSelect.ts";
