// Row counts of every table of a store: a fault test compares them before and after a crash to see
// that a write landed whole or not at all.
import type { Queryable } from "@sleuth/server";

export type TableCounts = Record<string, number>;

export async function tableCounts(store: Queryable): Promise<TableCounts> {
  const tables = await store.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1",
  );
  const counts: TableCounts = {};
  for (const { name } of tables) {
    const [row] = await store.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${name}"`);
    counts[name] = row?.n ?? 0;
  }
  return counts;
}

/** The counts of `tables` only. */
export function pick(counts: TableCounts, tables: readonly string[]): TableCounts {
  return Object.fromEntries(tables.map((table) => [table, counts[table] ?? 0]));
}

/** The tables whose counts differ between two snapshots. */
export function changedTables(before: TableCounts, after: TableCounts): string[] {
  return Object.keys(after).filter((table) => (before[table] ?? 0) !== after[table]);
}

/** A small seeded generator (mulberry32): fault tests pick "random" moments reproducibly. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
