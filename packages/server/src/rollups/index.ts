// The server's read model: rollups computed from the transfers and the attribution, rebuilt after
// every load or import and whenever the code that builds them changes (rollupVersion.ts).
export type { RefreshOptions } from "./rollups.ts";
export {
  currentRollupsVersion,
  ensureRollups,
  indirectHops,
  refreshRollups,
  storedRollupsVersion,
} from "./rollups.ts";
export { rollupsVersion, versionRows } from "./rollupVersion.ts";
