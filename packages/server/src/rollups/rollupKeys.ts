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

/**
 * `within` for a column an index of its table leads with (every address-keyed table's address_id):
 * the keys reach the index as one array (`= ANY`), probed key by key. As a semi-join PostgreSQL sizes
 * the keys' rows by the table's average rows per key, and a batch's new addresses have a handful of
 * the average: on the large world it read every table whole for a batch's addresses, so each
 * statement's cost followed the store rather than the batch (issue 46). Not for a column no index
 * leads: there each row would search the array.
 */
export function withinIndexed(column: string, table: string | null, key = "id"): string {
  return table === null ? "true" : `${column} = ANY(ARRAY(SELECT ${key} FROM ${table}))`;
}

/**
 * The temporary table where a unit of writes records the ids of the transfers it inserted
 * (LedgerWriter), so that settleRollups adds those rows to the sums of the keys whose only change
 * they are, instead of summing each key's history again. Dropped at commit.
 */
export const addedTransfersTable = "settle_added_transfers";

export const addedTransfersCreate = `CREATE TEMP TABLE IF NOT EXISTS ${addedTransfersTable} (id bigint PRIMARY KEY) ON COMMIT DROP`;
