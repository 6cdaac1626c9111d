export {
  csvNumberCellSql,
  csvPrefixedCellSql,
  csvQuotedTailSql,
  csvRecordSql,
  csvTextCellSql,
} from "./csvSql.ts";
export { queryJsonRows } from "./jsonRows.ts";
export type { Migration } from "./migrate.ts";
export { appliedMigrations, loadMigrations, migrate } from "./migrate.ts";
export type { StoreLocation } from "./openStore.ts";
export { openStore } from "./openStore.ts";
export type { PgliteStoreOptions } from "./pgliteStore.ts";
export { openPgliteStore, pgdataPath } from "./pgliteStore.ts";
export { inPoolTransaction, openPostgresStore } from "./postgresStore.ts";
export type { Queryable, Store, StoreKind } from "./store.ts";
export { isUniqueViolation, uniqueViolation } from "./store.ts";
export { StoreMemory } from "./storeMemory.ts";
