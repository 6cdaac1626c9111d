export { applyCollaboratorOperations, readCollaborators } from "./collaborators.ts";
export { customEntityRisk } from "./customEntityRisk.ts";
export type { CustomEntityCaller, CustomEntityRow, RefreshResults } from "./customEntityRows.ts";
export {
  compatibilityFor,
  customEntityDetail,
  findCustomEntityRow,
  isNameTaken,
  listCustomEntities,
  supportedChains,
  writeResources,
} from "./customEntityRows.ts";
export { drainRefreshes, isRefreshRunning, markRefreshStarted, scheduleRefresh } from "./refreshJobs.ts";
export { customEntityPermissionSql, customEntityVisibleSql } from "./visibility.ts";
