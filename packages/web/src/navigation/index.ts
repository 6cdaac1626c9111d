export { accessibleRoute, canAccessRoute } from "./routeAccess.ts";
export type { ConsoleLocation } from "./routePaths.ts";
export {
  addressPath,
  chainSegment,
  customEntityPath,
  entityPath,
  ipPath,
  pathOfRoute,
  pathOfUrn,
  routeNameOfPath,
  searchResultsPath,
  transactionPath,
} from "./routePaths.ts";
export { useOpenRoute } from "./useOpenRoute.ts";
