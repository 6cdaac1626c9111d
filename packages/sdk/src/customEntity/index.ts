export type { Compatibility, CompatibilityRequest, ResourceCompatibility } from "./compatibility.ts";
export {
  compatibilityOf,
  compatibilityRequestSchema,
  compatibilitySchema,
  customEntityMaxResources,
  resourceCompatibilitySchema,
} from "./compatibility.ts";
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
  CreateCustomEntityBody,
  CustomEntityDetail,
  CustomEntityRiskInfo,
  CustomEntityRiskScore,
  RefreshStatusAnswer,
  UpdateCustomEntityBody,
  ValidateName,
} from "./customEntityRequests.ts";
export {
  createCustomEntityBodySchema,
  customEntityDetailSchema,
  customEntityListQuerySchema,
  customEntityNameSchema,
  customEntityNameTaken,
  customEntityRiskInfoRequestSchema,
  customEntityRiskInfoSchema,
  customEntityRiskScoreRequestSchema,
  customEntityRiskScoreSchema,
  deleteCustomEntitiesBodySchema,
  refreshStatusAnswerSchema,
  refreshStatusQuerySchema,
  updateCustomEntityBodySchema,
  validateNameQuerySchema,
  validateNameSchema,
} from "./customEntityRequests.ts";
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
export type { ResourceInput } from "./resourceInput.ts";
export { resourcesFromText } from "./resourceInput.ts";
