export type { BulkSession } from "./bulkSession.ts";
export { copyRows, withBulkTransaction } from "./bulkSession.ts";
export type { CatalogAsset, WorldChain } from "./catalog.ts";
export { catalogAssets, worldChains } from "./catalog.ts";
export { seedDemoWorkspace } from "./demoWorkspace.ts";
export type { GeneratedWorld, WorldOptions } from "./generateWorld.ts";
export { defaultWorldSeed, generateWorld } from "./generateWorld.ts";
export { seedReferenceData } from "./referenceData.ts";
export type { RefreshOptions } from "./rollups.ts";
export {
  currentRollupsVersion,
  ensureRollups,
  indirectHops,
  refreshRollups,
  storedRollupsVersion,
} from "./rollups.ts";
export { rollupsVersion } from "./rollupVersion.ts";
export type { ScaleSettings, WorldScale } from "./scales.ts";
export { scaleSettings, worldScaleSchema, worldScales } from "./scales.ts";
export type { SeedWorldResult } from "./seedWorld.ts";
export { seedWorld } from "./seedWorld.ts";
export type { Row, WorldBatch, WorldTable } from "./tables.ts";
export { worldColumns } from "./tables.ts";
export type { WorldHighlights } from "./worldState.ts";
