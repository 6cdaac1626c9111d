export type {
  CategoryFilterValues,
  CategoryFilterValuesRequest,
  CategoryTransferFilters,
  CategoryTransfersRequest,
  OwnershipAddressesRequest,
  OwnershipCategoriesRequest,
  OwnershipCategory,
} from "./categories.ts";
export {
  categoryFilterValuesRequestSchema,
  categoryFilterValuesSchema,
  categoryTransferFiltersSchema,
  categoryTransfersPageSize,
  categoryTransfersRequestSchema,
  ownershipAddressesRequestSchema,
  ownershipAddressSortFields,
  ownershipCategoriesRequestSchema,
  ownershipCategorySchema,
} from "./categories.ts";
export type {
  ByCounterpartyRequest,
  ChainAssetInfo,
  ChainAssetsCounterpartyKind,
  ChainAssetsRequest,
  CounterpartyFlowsSummaryRequest,
  CounterpartyKind,
  CounterpartyRow,
  CounterpartySort,
  CounterpartyTransfersRequest,
} from "./counterparties.ts";
export {
  byCounterpartyRequestSchema,
  chainAssetInfoSchema,
  chainAssetsCounterpartyKinds,
  chainAssetsRequestSchema,
  counterpartyFieldOf,
  counterpartyFlowsPageSize,
  counterpartyFlowsSummaryRequestSchema,
  counterpartyKindSchema,
  counterpartyKinds,
  counterpartyPageHasMore,
  counterpartyRowSchema,
  counterpartySortFields,
  counterpartySortSchema,
  counterpartyTransferRowsSchema,
  counterpartyTransfersRequestSchema,
  transferCountSchema,
} from "./counterparties.ts";
export type {
  CategoryDailyRow,
  DailyExposureRequest,
  ExposureRiskLabel,
  RiskDailyRow,
  RiskRatioDailyRow,
} from "./exposure.ts";
export {
  categoryDailyRowSchema,
  dailyExposureRequestSchema,
  exposureRiskLabelSchema,
  exposureRiskLabels,
  riskDailyRowSchema,
  riskRatioDailyRowSchema,
} from "./exposure.ts";
export type { ChartWindow, SeriesPoint, StackedSeries } from "./exposureSeries.ts";
export {
  categorySeries,
  exposureChartMaxCategories,
  initialChartWindow,
  normalizeChartWindow,
  otherSeriesKey,
  panChartWindow,
  pointsInWindow,
  riskSeries,
  zoomChartWindow,
} from "./exposureSeries.ts";
export { flowMessages, formatChartDate, formatFlowUsd, unknownUsdText } from "./flowFormats.ts";
export type { FlowSubject, FlowValueType, TxDateRange } from "./flowSubject.ts";
export {
  flowDateSchema,
  flowSubjectSchema,
  flowSubjectShape,
  flowValueTypeSchema,
  flowValueTypes,
  forValueType,
  offsetPageShape,
  subjectFieldOf,
  subjectFieldsFor,
  subjectNotFoundMessages,
  subjectUrnOf,
  txDateRangeSchema,
} from "./flowSubject.ts";
export type {
  AssetFlowSummary,
  AssetMetrics,
  ByAssetSummaryRequest,
  DailyFlow,
  FlowSummary,
  FlowSummaryBulkRequest,
  FlowSummaryItem,
  FlowSummaryRequest,
} from "./flowSummary.ts";
export {
  assetFlowSummarySchema,
  assetMetricsSchema,
  bulkSubjectFieldOf,
  byAssetSummaryRequestSchema,
  dailyFlowSchema,
  flowSummaryBulkRequestSchema,
  flowSummaryItemSchema,
  flowSummaryRequestSchema,
  flowSummarySchema,
} from "./flowSummary.ts";
export type {
  AddressHoldings,
  AssetHolding,
  AssetHoldingsRequest,
  AssetHoldingsVersion,
  SubjectStatistics,
} from "./holdings.ts";
export {
  addressHoldingsSchema,
  assetHoldingSchema,
  assetHoldingsLimits,
  assetHoldingsMaxAddresses,
  assetHoldingsRequestSchema,
  statisticsMaxUrns,
  statisticsUrnSchema,
  subjectStatisticsSchema,
} from "./holdings.ts";
export type { IpHost } from "./ipHost.ts";
export { ipHostFlagLabels, ipHostFlags } from "./ipHost.ts";
export type { InetObservationsRequest, IpAssociation } from "./observations.ts";
export {
  inetObservationsRequestSchema,
  ipAssociationSchema,
  scamReportsMax,
  scamReportsRequestSchema,
} from "./observations.ts";
export type { RiskIndicatorDetails, RiskIndicatorRow, RiskIndicatorsRequest } from "./riskIndicators.ts";
export {
  riskIndicatorDetailsSchema,
  riskIndicatorRowSchema,
  riskIndicatorsRequestSchema,
} from "./riskIndicators.ts";
