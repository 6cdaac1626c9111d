import {
  appliedMigrations,
  loadConfig,
  loadMigrations,
  migrate,
  openPgliteStore,
  openPostgresStore,
  openStore,
  type Store,
} from "@sleuth/server";
import { afterEach, describe, expect, test } from "vitest";
import { createTestDatabase, openTestStore, type TestStoreKind } from "../helpers/server.ts";
import { pgliteTemplate } from "../helpers/storeTemplates.ts";

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * An empty store, not migrated: the state of a first start (on PGlite a copy of the run's store as
 * initdb left it, tests/helpers/storeTemplates.ts).
 */
async function emptyStore(kind: TestStoreKind): Promise<Store> {
  if (kind === "pglite") {
    const store = await openPgliteStore({ loadDataDir: await pgliteTemplate("empty") });
    cleanups.push(() => store.close());
    return store;
  }
  const database = await createTestDatabase();
  cleanups.push(database.drop);
  const store = await openPostgresStore(database.url, { max: 4 });
  cleanups.push(() => store.close());
  return store;
}

/**
 * A migrated store, a copy of the run's template (what a store holds after its first start): the
 * tests that start from one run no migrations of their own.
 */
async function migratedStore(kind: TestStoreKind): Promise<Store> {
  const { store, dispose } = await openTestStore(kind);
  cleanups.push(dispose);
  return store;
}

describe.each(["pglite", "postgres"] as const)("store on %s", (kind) => {
  test("migrations apply in order on a first start and are recorded", async () => {
    const store = await emptyStore(kind);
    const versions = loadMigrations().map((migration) => migration.version);
    expect(versions[0]).toBe(1);
    expect(await migrate(store)).toEqual(versions);
    expect(await appliedMigrations(store)).toEqual(versions);
    const tables = await store.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY table_name",
    );
    expect(tables.map((row) => row.table_name)).toEqual(
      expect.arrayContaining([
        "users",
        "organizations",
        "memberships",
        "sessions",
        "api_tokens",
        "idempotency_keys",
      ]),
    );
  });

  test("migrating again on every start changes nothing", async () => {
    const store = await migratedStore(kind);
    expect(await migrate(store)).toEqual([]);
    expect(await appliedMigrations(store)).toEqual(loadMigrations().map((migration) => migration.version));
  });

  test("pg_trgm is available for search", async () => {
    const store = await migratedStore(kind);
    const [row] = await store.query<{ score: number }>("SELECT similarity('Binance', 'Binanse') AS score");
    expect(row!.score).toBeGreaterThan(0.3);
  });

  test("a failing write inside a transaction leaves nothing half-written", async () => {
    const store = await migratedStore(kind);
    await expect(
      store.transaction(async (tx) => {
        await tx.query("INSERT INTO organizations (name) VALUES ('Half Written')");
        // 000 §5: the same name in another case is a duplicate; the whole transaction rolls back.
        await tx.query("INSERT INTO organizations (name) VALUES ('HALF WRITTEN')");
      }),
    ).rejects.toMatchObject({ code: "23505" });
    const rows = await store.query("SELECT 1 FROM organizations WHERE lower(name) = 'half written'");
    expect(rows).toHaveLength(0);
  });

  test("counts and json come back the same on both engines", async () => {
    const store = await migratedStore(kind);
    const [row] = await store.query<{ n: number; j: unknown }>("SELECT count(*) AS n, $1::jsonb AS j", [
      JSON.stringify({ pinned: ["a"] }),
    ]);
    expect(row).toEqual({ n: 1, j: { pinned: ["a"] } });
  });
});

describe("store on postgres under concurrency", () => {
  test("concurrent first starts apply each migration once", async () => {
    const database = await createTestDatabase();
    cleanups.push(database.drop);
    const stores = await Promise.all([1, 2, 3].map(() => openPostgresStore(database.url, { max: 2 })));
    cleanups.push(async () => {
      for (const store of stores) await store.close();
    });
    const applied = await Promise.all(stores.map((store) => migrate(store)));
    expect(applied.flat().sort((a, b) => a - b)).toEqual(
      loadMigrations().map((migration) => migration.version),
    );
    const [count] = await stores[0]!.query<{ n: number }>("SELECT count(*) AS n FROM schema_migrations");
    expect(count!.n).toBe(loadMigrations().length);
  });
});

describe("embedded store settings", () => {
  test("SLEUTH_PGLITE_SHARED_BUFFERS sizes the embedded store's buffer cache", async () => {
    const config = loadConfig({ SLEUTH_PGLITE_SHARED_BUFFERS: "256MB" });
    const store = await openStore({ pgliteSharedBuffers: config.pgliteSharedBuffers });
    cleanups.push(() => store.close());
    expect(await store.query("SHOW shared_buffers")).toEqual([{ shared_buffers: "256MB" }]);
    expect(() => loadConfig({ SLEUTH_PGLITE_SHARED_BUFFERS: "lots" })).toThrow(
      /SLEUTH_PGLITE_SHARED_BUFFERS/,
    );
  });

  test("issue 46 the server's embedded store runs in a worker thread by default; SLEUTH_PGLITE_THREAD=main on the loop's", async () => {
    const config = loadConfig({});
    expect(config.pgliteThread).toBe("worker");
    const store = await openStore({ pgliteThread: config.pgliteThread });
    cleanups.push(() => store.close());
    expect(store).toMatchObject({ kind: "pglite", thread: "worker" });
    const onLoop = await openStore({
      pgliteThread: loadConfig({ SLEUTH_PGLITE_THREAD: "main" }).pgliteThread,
    });
    cleanups.push(() => onLoop.close());
    expect(onLoop).toMatchObject({ kind: "pglite", thread: "main" });
    expect(() => loadConfig({ SLEUTH_PGLITE_THREAD: "elsewhere" })).toThrow(/SLEUTH_PGLITE_THREAD/);
  });
});
