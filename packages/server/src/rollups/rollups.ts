import { summaryValuesSql } from "../metrics/printedAnswers.ts";
import { forgetSummaryRows, noteReadModelChange } from "../metrics/rememberedAnswers.ts";
import type { Queryable, Store } from "../store/store.ts";
import { buildAddressSummaries, summaryRowsCreate } from "./addressSummaryBuild.ts";
import {
  countIn,
  countOut,
  externalToEntity,
  rawIn,
  rawOut,
  someTransferPriced,
  unpricedIn,
  unpricedOut,
  usdIn,
  usdOut,
  utcDay,
} from "./flowSums.ts";
import { type RollupScope, within, withinIndexed } from "./rollupKeys.ts";
import { rollupsVersion } from "./rollupVersion.ts";
import { lockRollupWriters } from "./writerLock.ts";

// The rollups the analytics calls read (docs/DATA.md "Rollups"), rebuilt from the transfers and the
// attribution. Everything here is computed; nothing is assigned. Run after every load or import.

/** How many unattributed intermediaries indirect exposure looks through. */
export const indirectHops = 3;

export interface RefreshOptions {
  /** Re-copy address owners onto the transfer rows (needed after an import changed attribution). */
  owners?: boolean;
}

const ownerStatements = [
  `UPDATE transfers t SET entity_id = a.entity_id FROM addresses a
   WHERE a.id = t.address_id AND t.entity_id IS DISTINCT FROM a.entity_id`,
  `UPDATE transfers t SET counterparty_entity_id = a.entity_id FROM addresses a
   WHERE a.id = t.counterparty_id AND t.counterparty_entity_id IS DISTINCT FROM a.entity_id`,
];

const rollupTables = [
  "address_categories",
  "address_balances",
  "address_daily_flows",
  "entity_daily_flows",
  "address_counterparties",
  "address_counterparty_totals",
  "entity_counterparty_totals",
  "entity_counterparties",
  "address_category_daily",
  "entity_category_daily",
  "address_exposure",
  "entity_exposure",
  "address_summary",
  "entity_summary",
];

/** Empties the rollup rows of the keys in scope (address_summary: see buildAddressSummaries). */
function clearStatements(scope: RollupScope | null): string[] {
  if (scope === null) return [`TRUNCATE ${rollupTables.join(", ")}, chain_summary`];
  const byAddress = (table: string) =>
    `DELETE FROM ${table} WHERE ${withinIndexed("address_id", scope.addresses)}`;
  const byEntity = (table: string) => `DELETE FROM ${table} WHERE ${within("entity_id", scope.entities)}`;
  return [
    ...["address_categories", "address_balances", "address_daily_flows", "address_counterparties"].map(
      byAddress,
    ),
    ...["address_counterparty_totals", "address_category_daily"].map(byAddress),
    `DELETE FROM address_exposure WHERE risk_type = 'counterparty' AND ${withinIndexed("address_id", scope.addresses)}`,
    ...["entity_daily_flows", "entity_counterparties", "entity_category_daily"].map(byEntity),
    `DELETE FROM entity_exposure WHERE risk_type = 'counterparty' AND ${within("entity_id", scope.entities)}`,
    ...["entity_counterparty_totals", "entity_summary"].map(byEntity),
  ];
}

function flowStatements(scope: RollupScope | null): string[] {
  const addresses = scope?.addresses ?? null;
  const entities = scope?.entities ?? null;
  return [
    `UPDATE addresses a SET first_active = s.first_at, last_active = s.last_at
   FROM (SELECT address_id, min(block_timestamp) AS first_at, max(block_timestamp) AS last_at
         FROM transfers WHERE ${withinIndexed("address_id", addresses)} GROUP BY address_id) s
   WHERE a.id = s.address_id
     AND (a.first_active IS DISTINCT FROM s.first_at OR a.last_active IS DISTINCT FROM s.last_at)`,
    `INSERT INTO address_categories (address_id, category_id)
   SELECT a.id, e.category_id FROM addresses a JOIN entities e ON e.id = a.entity_id WHERE ${withinIndexed("a.id", addresses)}
   UNION
   SELECT address_id, category_id FROM attribution_tags
   WHERE tag_type = 'ordinary' AND ${withinIndexed("address_id", addresses)}`,
    `INSERT INTO address_daily_flows
   SELECT address_id, ${utcDay}, asset_id, ${rawIn}, ${rawOut}, ${usdIn}, ${usdOut}, ${countIn}, ${countOut},
     ${unpricedIn}, ${unpricedOut}
   FROM transfers WHERE ${withinIndexed("address_id", addresses)} GROUP BY address_id, ${utcDay}, asset_id`,
    `INSERT INTO entity_daily_flows
   SELECT entity_id, ${utcDay}, asset_id, ${rawIn}, ${rawOut}, ${usdIn}, ${usdOut}, ${countIn}, ${countOut},
     ${unpricedIn}, ${unpricedOut}
   FROM transfers WHERE ${externalToEntity} AND ${within("entity_id", entities)} GROUP BY entity_id, ${utcDay}, asset_id`,
    // 002 §4 entity search hits: owned addresses, transfers and volume, one row per entity. Issue 43:
    // the volume is unknown (null) when none of its transfers has a USD price, and a lower bound
    // when some have none (unpriced_transfers says how many).
    `INSERT INTO entity_summary (entity_id, addresses, transfers, volume_usd, unpriced_transfers)
   SELECT e.id, coalesce(a.addresses, 0), coalesce(f.transfers, 0),
     CASE WHEN f.transfers > f.unpriced THEN f.volume_usd END, coalesce(f.unpriced, 0)
   FROM entities e
   LEFT JOIN (
     SELECT entity_id, count(*) AS addresses FROM addresses
     WHERE entity_id IS NOT NULL AND ${within("entity_id", entities)} GROUP BY entity_id
   ) a ON a.entity_id = e.id
   LEFT JOIN (
     SELECT entity_id, sum(incoming_transfers + outgoing_transfers) AS transfers,
       sum(incoming_usd + outgoing_usd) AS volume_usd, sum(incoming_unpriced + outgoing_unpriced) AS unpriced
     FROM entity_daily_flows WHERE ${within("entity_id", entities)} GROUP BY entity_id
   ) f ON f.entity_id = e.id
   WHERE ${within("e.id", entities)}`,
    `INSERT INTO address_balances (address_id, asset_id, balance_raw, last_day)
   SELECT address_id, asset_id, sum(incoming_raw) - sum(outgoing_raw), max(day)
   FROM address_daily_flows WHERE ${withinIndexed("address_id", addresses)} GROUP BY address_id, asset_id`,
    `INSERT INTO address_counterparties
   SELECT address_id, counterparty_id, asset_id, ${rawIn}, ${rawOut}, ${usdIn}, ${usdOut}, ${countIn}, ${countOut},
     min(block_timestamp), max(block_timestamp), ${unpricedIn}, ${unpricedOut}
   FROM transfers WHERE counterparty_id IS NOT NULL AND ${withinIndexed("address_id", addresses)}
   GROUP BY address_id, counterparty_id, asset_id`,
    // Written in the order the triage report reads it, so one address's rows lie together.
    `INSERT INTO address_counterparty_totals
   SELECT f.address_id, f.counterparty_id, a.address, a.entity_id, f.incoming_usd, f.outgoing_usd,
     f.incoming_transfers, f.outgoing_transfers, f.last_transfer_at, f.incoming_unpriced, f.outgoing_unpriced
   FROM (
     SELECT address_id, counterparty_id, sum(incoming_usd) AS incoming_usd, sum(outgoing_usd) AS outgoing_usd,
       sum(incoming_transfers)::int AS incoming_transfers, sum(outgoing_transfers)::int AS outgoing_transfers,
       max(last_transfer_at) AS last_transfer_at, sum(incoming_unpriced)::int AS incoming_unpriced,
       sum(outgoing_unpriced)::int AS outgoing_unpriced
     FROM address_counterparties WHERE ${withinIndexed("address_id", addresses)} GROUP BY address_id, counterparty_id
   ) f JOIN addresses a ON a.id = f.counterparty_id
   ORDER BY f.address_id, f.incoming_usd + f.outgoing_usd DESC, f.counterparty_id`,
    // 002 §7 summary of an entity, grouped as the query-time sum groups it (counterparties.ts): USD is
    // known for a counterparty when one of its transfers has a price, and the transfers without one
    // are counted beside it, so a partly priced total reads as a lower bound (issue 43).
    `INSERT INTO entity_counterparty_totals
   SELECT own.entity_id, CASE WHEN ca.entity_id IS NOT NULL THEN 'entity' ELSE 'address' END,
     coalesce(ca.entity_id::bigint, ca.id),
     CASE WHEN bool_or(${someTransferPriced}) THEN sum(ac.incoming_usd) END,
     CASE WHEN bool_or(${someTransferPriced}) THEN sum(ac.outgoing_usd) END,
     CASE WHEN bool_or(${someTransferPriced}) THEN sum(ac.incoming_usd) + sum(ac.outgoing_usd) END,
     sum(ac.incoming_transfers), sum(ac.outgoing_transfers), min(ac.first_transfer_at), max(ac.last_transfer_at),
     sum(ac.incoming_unpriced), sum(ac.outgoing_unpriced)
   FROM address_counterparties ac
   JOIN addresses own ON own.id = ac.address_id
   JOIN addresses ca ON ca.id = ac.counterparty_id
   WHERE own.entity_id IS NOT NULL AND ca.entity_id IS DISTINCT FROM own.entity_id
     AND ${within("own.entity_id", entities)}
   GROUP BY 1, 2, 3`,
    `INSERT INTO entity_counterparties
   SELECT entity_id, counterparty_entity_id, asset_id, ${rawIn}, ${rawOut}, ${usdIn}, ${usdOut}, ${countIn}, ${countOut},
     min(block_timestamp), max(block_timestamp), ${unpricedIn}, ${unpricedOut}
   FROM transfers WHERE ${externalToEntity} AND counterparty_entity_id IS NOT NULL AND ${within("entity_id", entities)}
   GROUP BY entity_id, counterparty_entity_id, asset_id`,
    // A transfer with a counterparty of several categories counts once for each of them.
    `INSERT INTO address_category_daily
   SELECT t.address_id, c.category_id, ${utcDay}, ${usdIn}, ${usdOut}, ${countIn}, ${countOut}, max(block_timestamp),
     ${unpricedIn}, ${unpricedOut}
   FROM transfers t JOIN address_categories c ON c.address_id = t.counterparty_id
   WHERE ${withinIndexed("t.address_id", addresses)}
   GROUP BY t.address_id, c.category_id, ${utcDay}`,
    `INSERT INTO entity_category_daily
   SELECT t.entity_id, c.category_id, ${utcDay}, ${usdIn}, ${usdOut}, ${countIn}, ${countOut}, max(block_timestamp),
     ${unpricedIn}, ${unpricedOut}
   FROM transfers t JOIN address_categories c ON c.address_id = t.counterparty_id
   WHERE t.entity_id IS NOT NULL AND t.counterparty_entity_id IS DISTINCT FROM t.entity_id
     AND ${within("t.entity_id", entities)}
   GROUP BY t.entity_id, c.category_id, ${utcDay}`,
    // Issue 43: `unpriced` counts the instances without a USD price, so the sums read "at least".
    `INSERT INTO address_exposure
   SELECT address_id, 'counterparty', category_id, sum(incoming_usd), sum(outgoing_usd),
     sum(incoming_transfers + outgoing_transfers), max(last_transfer_at), sum(incoming_unpriced + outgoing_unpriced)
   FROM address_category_daily WHERE ${withinIndexed("address_id", addresses)} GROUP BY address_id, category_id`,
    `INSERT INTO entity_exposure
   SELECT entity_id, 'counterparty', category_id, sum(incoming_usd), sum(outgoing_usd),
     sum(incoming_transfers + outgoing_transfers), max(last_transfer_at), sum(incoming_unpriced + outgoing_unpriced)
   FROM entity_category_daily WHERE ${within("entity_id", entities)} GROUP BY entity_id, category_id`,
  ];
}

type Side = "in" | "out";
const directionOf = { in: "incoming", out: "outgoing" } as const;
const usdColumnOf = { in: "incoming_usd", out: "outgoing_usd" } as const;

/**
 * `table` as `alias`, every row of it when `keys` is null, else the rows whose `column` is a key of
 * that table of ids (as `k`). Scoped, the keys drive the join (`FROM keys k JOIN table`), so the work
 * is one index probe per key (issue 46).
 */
function keyedRows(table: string, alias: string, column: string, keys: string | null): string {
  return keys === null
    ? `${table} ${alias}`
    : `${keys} k JOIN ${table} ${alias} ON ${alias}.${column} = k.id`;
}

// The full rebuild's statements keep their text, which the rollups version hashes (rollupVersion.ts):
// a new text would rebuild every store. The scoped ones analyze what they create, so the next
// statement is planned on its size.
const everyKey = (keys: string | null) => (keys === null ? "AND true" : "");
const analyzeScoped = (keys: string | null, table: string) => (keys === null ? [] : [`ANALYZE ${table}`]);

/**
 * Indirect exposure through unattributed addresses (those with no category): an unattributed
 * address's incoming volume is traced back to categories, through up to `indirectHops`
 * unattributed addresses, in proportion to the volume each source sent it (its outgoing volume
 * likewise forward). A transfer from such an address carries those shares of its value. In scope,
 * the shares are computed for the region's addresses only (settleRollups.ts says why that suffices).
 */
function indirectStatements(side: Side, region: string | null): string[] {
  const direction = directionOf[side];
  const usd = usdColumnOf[side];
  // Scoped, the anti-join tests the region's own ids: tested on the flows' column, PostgreSQL guessed
  // the flows without a category at one row where the large world holds most of its flows, and
  // repeated that side once per region address, so a batch paid for the whole store (issue 46).
  const statements = [
    `CREATE TEMP TABLE exposure_total_${side} AS
     SELECT f.address_id, sum(f.${usd}) AS total FROM ${keyedRows("address_daily_flows", "f", "address_id", region)}
     WHERE NOT EXISTS (SELECT 1 FROM address_categories c WHERE c.address_id = ${region === null ? "f.address_id" : "k.id"})
       ${everyKey(region)}
     GROUP BY f.address_id HAVING sum(f.${usd}) > 0`,
    ...analyzeScoped(region, `exposure_total_${side}`),
    `CREATE TEMP TABLE exposure_direct_${side} AS
     SELECT d.address_id, d.category_id, sum(d.${usd}) AS usd
     FROM address_category_daily d JOIN exposure_total_${side} u ON u.address_id = d.address_id
     GROUP BY d.address_id, d.category_id HAVING sum(d.${usd}) > 0`,
    ...analyzeScoped(region, `exposure_direct_${side}`),
    `CREATE TEMP TABLE exposure_share_${side}_1 AS
     SELECT d.address_id, d.category_id, d.usd / u.total AS share
     FROM exposure_direct_${side} d JOIN exposure_total_${side} u ON u.address_id = d.address_id`,
    ...analyzeScoped(region, `exposure_share_${side}_1`),
  ];
  for (let hop = 2; hop <= indirectHops; hop++) {
    statements.push(
      `CREATE TEMP TABLE exposure_share_${side}_${hop} AS
     SELECT x.address_id, x.category_id, sum(x.usd) / max(u.total) AS share
     FROM (
       SELECT address_id, category_id, usd FROM exposure_direct_${side}
       UNION ALL
       SELECT t.address_id, s.category_id, coalesce(t.amount_usd, 0) * s.share
       FROM ${keyedRows("transfers", "t", "address_id", region)}
       JOIN exposure_share_${side}_${hop - 1} s ON s.address_id = t.counterparty_id
       WHERE t.direction = '${direction}' ${everyKey(region)}
     ) x JOIN exposure_total_${side} u ON u.address_id = x.address_id
     GROUP BY x.address_id, x.category_id`,
      ...analyzeScoped(region, `exposure_share_${side}_${hop}`),
    );
  }
  return statements;
}

// Issue 43: a transfer without a USD price carries no value but still counts, as `unpriced`.
// `rows`: the transfers, or a copy of some of them (addedIndirectUpsert).
const indirectInsert = (indirect: string | null, rows = "transfers") => `INSERT INTO address_exposure
  SELECT address_id, 'indirect', category_id, sum(incoming_usd), sum(outgoing_usd), count(*), max(block_timestamp),
    count(*) FILTER (WHERE unpriced)
  FROM (
    SELECT t.address_id, s.category_id, coalesce(t.amount_usd, 0) * s.share AS incoming_usd, 0 AS outgoing_usd,
      t.block_timestamp, t.amount_usd IS NULL AS unpriced
    FROM ${keyedRows(rows, "t", "address_id", indirect)}
    JOIN exposure_share_in_${indirectHops} s ON s.address_id = t.counterparty_id
    WHERE t.direction = 'incoming' ${everyKey(indirect)}
    UNION ALL
    SELECT t.address_id, s.category_id, 0, coalesce(t.amount_usd, 0) * s.share, t.block_timestamp,
      t.amount_usd IS NULL
    FROM ${keyedRows(rows, "t", "address_id", indirect)}
    JOIN exposure_share_out_${indirectHops} s ON s.address_id = t.counterparty_id
    WHERE t.direction = 'outgoing' ${everyKey(indirect)}
  ) x
  GROUP BY address_id, category_id`;

const entityIndirectInsert = (entities: string | null) => `INSERT INTO entity_exposure
  SELECT a.entity_id, 'indirect', x.category_id, sum(x.incoming_usd), sum(x.outgoing_usd), sum(x.instances),
    max(x.last_transfer_at), sum(x.unpriced)
  FROM address_exposure x JOIN addresses a ON a.id = x.address_id
  WHERE x.risk_type = 'indirect' AND a.entity_id IS NOT NULL AND ${within("a.entity_id", entities)}
  GROUP BY a.entity_id, x.category_id`;

/** The chains the store holds addresses on (migration 0090), from the summaries just built. */
const chainSummaryInsert = `INSERT INTO chain_summary (chain, addresses)
  SELECT chain, count(*) FROM address_summary GROUP BY chain`;

// seedWorld analyzes the loaded tables before the rollups exist; without statistics of their own
// the planner would guess at every rollup read.
const analyzeRollups = `ANALYZE ${rollupTables.join(", ")}`;

function dropTemporaries(): string {
  const tables = (["in", "out"] as const).flatMap((side) => [
    `exposure_total_${side}`,
    `exposure_direct_${side}`,
    ...Array.from({ length: indirectHops }, (_, index) => `exposure_share_${side}_${index + 1}`),
  ]);
  return `DROP TABLE IF EXISTS ${tables.join(", ")}`;
}

/**
 * The statements that rebuild the rollups of the keys in `scope` (all of them when null) from the
 * transfers and the attribution, but indirect exposure (indirectRollupStatements) and
 * address_summary and chain_summary (buildAddressSummaries).
 */
export function directRollupStatements(scope: RollupScope | null): string[] {
  return [...clearStatements(scope), ...flowStatements(scope)];
}

/**
 * Adds the indirect terms of `added.rows` (copies of transfer rows) to the indirect rows of the
 * addresses in `added.addresses`, which keep the rest (settleRollups.ts: none of their other
 * counterparties' shares changed). Each row is a sum, count or greatest over the address's
 * transfers, as indirectInsert sums them.
 */
const addedIndirectUpsert = (added: { addresses: string; rows: string }) => {
  const sum = (column: string) => `${column} = address_exposure.${column} + excluded.${column}`;
  return `${indirectInsert(added.addresses, added.rows)}
  ON CONFLICT (address_id, risk_type, category_id) DO UPDATE SET
    ${["incoming_usd", "outgoing_usd", "instances", "unpriced"].map(sum).join(", ")},
    last_transfer_at = greatest(address_exposure.last_transfer_at, excluded.last_transfer_at)`;
};

/**
 * The statements that rebuild the indirect exposure of the keys in `scope` (all when null), and add
 * `added`'s rows to the indirect rows of its addresses (scoped only).
 */
export function indirectRollupStatements(
  scope: RollupScope | null,
  added?: { addresses: string; rows: string },
): string[] {
  return [
    ...(scope === null
      ? []
      : [
          `DELETE FROM address_exposure WHERE risk_type = 'indirect' AND ${withinIndexed("address_id", scope.indirect)}`,
          `DELETE FROM entity_exposure WHERE risk_type = 'indirect' AND ${within("entity_id", scope.indirectEntities)}`,
        ]),
    dropTemporaries(),
    ...indirectStatements("in", scope?.region ?? null),
    ...indirectStatements("out", scope?.region ?? null),
    indirectInsert(scope?.indirect ?? null),
    ...(scope !== null && added !== undefined ? [addedIndirectUpsert(added)] : []),
    entityIndirectInsert(scope?.indirectEntities ?? null),
    dropTemporaries(),
  ];
}

/** The version of the rollups this code builds (rollupVersion.ts). */
export const currentRollupsVersion = rollupsVersion([
  ...ownerStatements,
  ...directRollupStatements(null),
  ...indirectRollupStatements(null),
  summaryRowsCreate(null),
  summaryValuesSql("s"),
  chainSummaryInsert,
]);

async function refresh(tx: Queryable, options: RefreshOptions, version: string): Promise<void> {
  // A rebuild rewrites every key: no import or follower batch settles meanwhile (writerLock.ts).
  await lockRollupWriters(tx);
  const statements = [
    ...(options.owners ? ownerStatements : []),
    ...directRollupStatements(null),
    ...indirectRollupStatements(null),
  ];
  for (const statement of statements) await tx.query(statement);
  await buildAddressSummaries(tx, null);
  await tx.query(chainSummaryInsert);
  await tx.query(analyzeRollups);
  await tx.query(
    `INSERT INTO rollup_version (version) VALUES ($1)
     ON CONFLICT (only_row) DO UPDATE SET version = excluded.version, built_at = now()`,
    [version],
  );
  await noteReadModelChange(tx);
}

/** The version of the rollups `store` holds; null before the first build. */
export async function storedRollupsVersion(store: Store | Queryable): Promise<string | null> {
  const [row] = await store.query<{ version: string }>("SELECT version FROM rollup_version");
  return row?.version ?? null;
}

/**
 * Rebuilds the rollups of a store that holds data and whose rollups were built by other code than
 * `version` (by default this code's: an upgrade, or a store from before rollup_version) or lack a
 * summary table's rows (a store from before that table). True when it rebuilt them.
 */
export async function ensureRollups(
  store: Store,
  options: { beforeRebuild?: () => void; version?: string } = {},
): Promise<boolean> {
  const version = options.version ?? currentRollupsVersion;
  const [state] = await store.query<{ stale: boolean }>(
    `SELECT (EXISTS (SELECT 1 FROM addresses) AND NOT EXISTS (SELECT 1 FROM address_summary))
         OR (EXISTS (SELECT 1 FROM entities) AND NOT EXISTS (SELECT 1 FROM entity_summary))
         OR (EXISTS (SELECT 1 FROM addresses) AND (SELECT version FROM rollup_version) IS DISTINCT FROM $1)
         AS stale`,
    [version],
  );
  if (!state?.stale) return false;
  // A large store takes minutes: whoever started it hears why before, not after.
  options.beforeRebuild?.();
  await refreshRollups(store, {}, version);
  return true;
}

/**
 * Rebuilds every rollup from the transfers and the attribution in one transaction (a store opens its
 * own; a Queryable must already be one: the exposure steps use temporary tables), and records the
 * version that built them (by default this code's).
 */
export async function refreshRollups(
  target: Store | Queryable,
  options: RefreshOptions = {},
  version: string = currentRollupsVersion,
): Promise<void> {
  try {
    if ("transaction" in target) await target.transaction((tx) => refresh(tx, options, version));
    else await refresh(target, options, version);
  } finally {
    forgetSummaryRows();
  }
}
