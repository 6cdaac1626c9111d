import { openPgliteStore, pgdataPath } from "./pgliteStore.ts";
import { openPostgresStore } from "./postgresStore.ts";
import type { Store } from "./store.ts";

export interface StoreLocation {
  /** PostgreSQL when set; otherwise the embedded store. */
  databaseUrl?: string | undefined;
  /** Data directory of the embedded store (`<dataDir>/pgdata`); omitted means in memory. */
  dataDir?: string | undefined;
  /** The embedded store's buffer cache (shared_buffers), e.g. "1GB"; PGlite's default when unset. */
  pgliteSharedBuffers?: string | undefined;
  /** PostgreSQL's connect and statement timeouts (issue 41). */
  postgresTimeouts?: { connectMs: number; statementMs: number } | undefined;
}

/** Opens PostgreSQL when a database URL is given, else embedded PGlite under the data directory. */
export async function openStore(location: StoreLocation): Promise<Store> {
  if (location.databaseUrl)
    return openPostgresStore(location.databaseUrl, {
      connectTimeoutMs: location.postgresTimeouts?.connectMs,
      statementTimeoutMs: location.postgresTimeouts?.statementMs,
    });
  return openPgliteStore({
    ...(location.dataDir ? { dataDir: pgdataPath(location.dataDir) } : {}),
    ...(location.pgliteSharedBuffers ? { sharedBuffers: location.pgliteSharedBuffers } : {}),
  });
}
