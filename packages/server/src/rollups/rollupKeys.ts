// Which keys a rollup build rewrites: every key (refreshRollups) or those a unit of writes touched
// (settleRollups.ts), named by temporary tables of ids.

/**
 * The keys an incremental build rewrites (settleRollups.ts), each the name of a temporary table with
 * one `id` column; null everywhere else: every key, a full rebuild.
 */
export interface RollupScope {
  /** Addresses whose transfer rollups, categories, counterparty exposure and summary are rebuilt. */
  addresses: string;
  /** Entities whose rollups are rebuilt. */
  entities: string;
  /** Addresses whose indirect exposure is recomputed. */
  indirect: string;
  /** Entities whose indirect exposure is summed again (the owners of `indirect`, and `entities`). */
  indirectEntities: string;
  /** Unattributed addresses whose exposure shares that recomputation reads. */
  region: string;
  /** Addresses whose summary row is rewritten. */
  summaries: string;
}

/** `column`'s key restricted to the ids in `table`; with no table, every key. */
export function within(column: string, table: string | null): string {
  return table === null ? "true" : `${column} IN (SELECT id FROM ${table})`;
}
