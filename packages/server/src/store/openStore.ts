import { openPgliteStore, type PgliteThread, pgdataPath } from "./pgliteStore.ts";
import { openPostgresStore } from "./postgresStore.ts";
import { checkReplicaOf } from "./replicaReplay.ts";
import type { Store } from "./store.ts";

export interface StoreLocation {
  /** PostgreSQL when set; otherwise the embedded store. */
  databaseUrl?: string | undefined;
  /** A streaming replica of `databaseUrl`'s database, for the analytics reads (issue 46). */
  databaseReplicaUrl?: string | undefined;
  /** Data directory of the embedded store (`<dataDir>/pgdata`); omitted means in memory. */
  dataDir?: string | undefined;
  /** The embedded store's buffer cache (shared_buffers), e.g. "1GB"; PGlite's default when unset. */
  pgliteSharedBuffers?: string | undefined;
  /** Where the embedded store runs (issue 46); the caller's thread when unset (the server's config says). */
  pgliteThread?: PgliteThread | undefined;
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
    ...(location.pgliteThread ? { thread: location.pgliteThread } : {}),
  });
}

/** The primary store and the store the analytics reads go to (the primary itself without a replica). */
export interface OpenedStores {
  store: Store;
  readStore: Store;
}

/** Opens the store, and its read replica when one is configured (checked to be a copy of it). */
export async function openStores(location: StoreLocation): Promise<OpenedStores> {
  const store = await openStore(location);
  if (!location.databaseReplicaUrl) return { store, readStore: store };
  try {
    const readStore = await openPostgresStore(location.databaseReplicaUrl);
    try {
      await checkReplicaOf(store, readStore);
    } catch (error) {
      await readStore.close();
      throw error;
    }
    return { store, readStore };
  } catch (error) {
    await store.close();
    throw error;
  }
}
