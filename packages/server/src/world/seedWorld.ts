import { seedReferenceData } from "../reference/referenceData.ts";
import { refreshRollups } from "../rollups/rollups.ts";
import type { Store } from "../store/store.ts";
import { type BulkSession, withBulkTransaction } from "./bulkSession.ts";
import { seedDemoWorkspace } from "./demoWorkspace.ts";
import { defaultWorldSeed, generateWorld, type WorldOptions } from "./generateWorld.ts";
import { worldColumns } from "./tables.ts";

export interface SeedWorldResult {
  /** False when the store already held a world (or any entity): nothing was written. */
  seeded: boolean;
  counts: { entities: number; addresses: number; transactions: number; transferRows: number };
  /** Whether the demo organizations got their cases, networks and custom entities. */
  workspace: boolean;
  timings: { loadMs: number; indexMs: number; rollupsMs: number; totalMs: number };
}

// Secondary indexes of the bulk-loaded tables are dropped for the load and rebuilt once after it:
// building an index over sorted input is much faster than maintaining it row by row.
const bulkTables = ["transfers", "transactions", "addresses", "attribution_tags"];

const identityTables = [
  "entities",
  "addresses",
  "attribution_tags",
  "transactions",
  "transfers",
  "inet_hosts",
  "scam_reports",
  "scam_report_addresses",
];

async function dropSecondaryIndexes(session: BulkSession): Promise<string[]> {
  const indexes = await session.query<{ name: string; definition: string }>(
    `SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
     WHERE i.schemaname = current_schema() AND i.tablename = ANY($1::text[])
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)
     ORDER BY i.indexname`,
    [bulkTables],
  );
  for (const index of indexes) await session.exec(`DROP INDEX ${index.name}`);
  return indexes.map((index) => index.definition);
}

/**
 * Loads the demo world into an empty store in one transaction: reference data, the generated rows
 * (COPY, in batches as they are generated), the rollups computed from them, and the demo
 * organizations' workspace. A store that already holds entities is left as it is.
 */
export async function seedWorld(store: Store, options: WorldOptions): Promise<SeedWorldResult> {
  const started = performance.now();
  const counts = { entities: 0, addresses: 0, transactions: 0, transferRows: 0 };
  const timings = { loadMs: 0, indexMs: 0, rollupsMs: 0, totalMs: 0 };
  const [existing] = await store.query("SELECT 1 FROM entities LIMIT 1");
  if (existing) return { seeded: false, counts, workspace: false, timings };
  const workspace = await withBulkTransaction(store, async (session) => {
    await seedReferenceData(session);
    const indexes = await dropSecondaryIndexes(session);
    const world = generateWorld(options);
    for (const batch of world.batches) {
      await session.copyRows(batch.table, worldColumns[batch.table], batch.rows);
    }
    Object.assign(counts, world.counts);
    timings.loadMs = performance.now() - started;
    for (const definition of indexes) await session.exec(definition);
    for (const table of identityTables) {
      await session.query(
        `SELECT setval(pg_get_serial_sequence('${table}', 'id'), coalesce((SELECT max(id) FROM ${table}), 0) + 1, false)`,
      );
    }
    await session.exec("ANALYZE");
    timings.indexMs = performance.now() - started - timings.loadMs;
    await refreshRollups(session);
    timings.rollupsMs = performance.now() - started - timings.loadMs - timings.indexMs;
    const seededWorkspace = await seedDemoWorkspace(session, world.highlights);
    await session.query("INSERT INTO world_loads (kind, name, details) VALUES ('demo', $1, $2::jsonb)", [
      options.scale,
      JSON.stringify({ scale: options.scale, seed: options.seed ?? defaultWorldSeed, ...counts }),
    ]);
    return seededWorkspace;
  });
  timings.totalMs = performance.now() - started;
  return { seeded: true, counts, workspace, timings };
}
