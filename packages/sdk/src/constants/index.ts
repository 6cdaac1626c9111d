export { apiPathPrefixes, isApiPath } from "./apiPaths.ts";
export {
  balanceNoticeDelayMs,
  bulkBatchSizes,
  byAssetSummaryMaxPages,
  cacheFreshnessOptions,
  headerCountRefreshMs,
  multiSearchMaxItems,
  pageSizes,
  percentageDenominatorThreshold,
  pollIntervalMs,
  requestInformationQueryMaxLength,
  runningJobPollIntervalMs,
  searchDebounceMs,
  signInThrottle,
  signInWaitSeconds,
  tagList,
} from "./limits.ts";
export type { PortfolioBalanceSource } from "./messages.ts";
export {
  caseUpdateFailedMessage,
  elementMessages,
  genericPanelActions,
  platformMessages,
  portfolioBalanceSources,
  portfolioLoadFailedMessage,
} from "./messages.ts";
