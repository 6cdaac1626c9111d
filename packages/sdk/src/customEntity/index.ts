export type { CustomEntity, UnsupportedReason } from "./customEntity.ts";
export {
  customEntityCreateErrorMessage,
  customEntityMessages,
  customEntitySchema,
  unsupportedReasonLabels,
  unsupportedReasonSchema,
  unsupportedReasons,
} from "./customEntity.ts";
export type {
  PollRefreshOptions,
  RefreshPart,
  RefreshPartStatus,
  RefreshStatus,
} from "./refreshStatus.ts";
export {
  overallRefreshStatus,
  pollRefreshStatus,
  refreshPartLabels,
  refreshPartStatuses,
  refreshPartStatusSchema,
  refreshParts,
  refreshStatusSchema,
} from "./refreshStatus.ts";
