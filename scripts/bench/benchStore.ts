import { homedir } from "node:os";
import { join } from "node:path";
import {
  ensureRollups,
  migrate,
  openPgliteStore,
  type Store,
  seedDemoAccounts,
  seedWorld,
  type WorldScale,
} from "../../packages/server/src/index.ts";

/** Where the large world is kept between benchmark runs: it takes minutes to seed. */
export const largeWorldDir = join(homedir(), ".cache", "sleuth-bench", "large");

/**
 * A PGlite store holding the demo accounts and the `scale` world: in memory, or in `dataDir` (the
 * large world defaults to largeWorldDir), seeded there on the first run and reused after.
 */
export async function openBenchStore(
  scale: WorldScale,
  dataDir: string | undefined = scale === "large" ? largeWorldDir : undefined,
): Promise<Store> {
  const store = await openPgliteStore(dataDir ? { dataDir } : {});
  await migrate(store);
  await ensureRollups(store);
  await seedDemoAccounts(store);
  const [loaded] = await store.query<{ name: string }>(
    "SELECT name FROM world_loads WHERE kind = 'demo' ORDER BY id LIMIT 1",
  );
  if (loaded && loaded.name !== scale)
    throw new Error(`${dataDir} holds the ${loaded.name} world, not ${scale}`);
  if (!loaded) {
    console.error(`seeding the ${scale} world${dataDir ? ` into ${dataDir}` : ""}…`);
    await seedWorld(store, { scale });
  }
  return store;
}
