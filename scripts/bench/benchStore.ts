import { homedir } from "node:os";
import { join } from "node:path";
import {
  ensureRollups,
  migrate,
  openPgliteStore,
  openPostgresStore,
  type Store,
  seedDemoAccounts,
  seedWorld,
  type WorldScale,
} from "@sleuth/server";
import { type PostgresCluster, startPostgresCluster } from "../../tests/helpers/postgresCluster.ts";

/** Where the large world is kept between benchmark runs: it takes minutes to seed. */
export const largeWorldDir = join(homedir(), ".cache", "sleuth-bench", "large");

/**
 * Where the large world's PostgreSQL cluster is kept between benchmark runs (startPostgresCluster's
 * `keptIn`): outside the home directory, which the postgres account cannot enter when it is root's.
 */
export const largeWorldPostgresDir = "/var/tmp/sleuth-bench/large-postgres";

/**
 * The kept cluster of the large world, started; seeded by openBenchStore on its first use. Its
 * settings are a single-machine server's for a store of a few GB (a throwaway cluster's are for
 * tests): a buffer cache holding the hot indexes, room for index builds, checkpoints spread out.
 */
export function largeWorldCluster(): Promise<PostgresCluster> {
  return startPostgresCluster({
    keptIn: largeWorldPostgresDir,
    settings: [
      "shared_buffers=1GB",
      "maintenance_work_mem=512MB",
      "work_mem=64MB",
      "max_wal_size=8GB",
      "checkpoint_timeout=30min",
    ],
  });
}

/**
 * The buffer cache the large world is served with, as SLEUTH_PGLITE_SHARED_BUFFERS sets it for
 * `pnpm start`: PGlite's default 128MB holds a fraction of its summary tables and indexes.
 */
export const largeWorldSharedBuffers = "1GB";

/**
 * A store holding the demo accounts and the `scale` world: the PostgreSQL database at DATABASE_URL
 * when it is set, else PGlite in memory or in `dataDir` (the large world defaults to largeWorldDir);
 * seeded on the first run and reused after.
 */
export async function openBenchStore(
  scale: WorldScale,
  dataDir: string | undefined = scale === "large" ? largeWorldDir : undefined,
): Promise<Store> {
  const databaseUrl = process.env.DATABASE_URL;
  const store = databaseUrl
    ? await openPostgresStore(databaseUrl)
    : await openPgliteStore({
        ...(dataDir ? { dataDir } : {}),
        ...(scale === "large" ? { sharedBuffers: largeWorldSharedBuffers } : {}),
      });
  await migrate(store);
  await ensureRollups(store);
  await seedDemoAccounts(store);
  const [loaded] = await store.query<{ name: string }>(
    "SELECT name FROM world_loads WHERE kind = 'demo' ORDER BY id LIMIT 1",
  );
  if (loaded && loaded.name !== scale)
    throw new Error(`${databaseUrl ? "DATABASE_URL" : dataDir} holds the ${loaded.name} world, not ${scale}`);
  if (!loaded) {
    console.error(
      `seeding the ${scale} world${databaseUrl ? " into DATABASE_URL" : dataDir ? ` into ${dataDir}` : ""}…`,
    );
    await seedWorld(store, { scale });
  }
  return store;
}

/** How the benchmark texts name the store openBenchStore opened. */
export function benchStoreName(scale: WorldScale): string {
  if (process.env.DATABASE_URL) return "PostgreSQL (DATABASE_URL)";
  return scale === "large"
    ? `embedded PGlite in a data directory with ${largeWorldSharedBuffers} of shared buffers (SLEUTH_PGLITE_SHARED_BUFFERS)`
    : "embedded PGlite in memory";
}
