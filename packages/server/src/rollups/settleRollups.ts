import { forgetSummaryRows } from "../metrics/rememberedAnswers.ts";
import type { Queryable } from "../store/store.ts";
import { takingTurns } from "../store/storeWait.ts";
import { type AddedScope, addedRollupStatements } from "./addedRollups.ts";
import { buildAddressSummaries } from "./addressSummaryBuild.ts";
import { addedTransfersCreate, addedTransfersTable, type RollupScope, withinIndexed } from "./rollupKeys.ts";
import { directRollupStatements, indirectHops, indirectRollupStatements } from "./rollups.ts";

// Issue 46: the rollups follow a unit of writes (an import, an ingest batch) inside its transaction,
// rebuilding the rows of the keys it touched from the base tables, never the store. docs/DATA.md
// "Rollups" states which keys follow from which change and why the set is complete; the equivalence
// test (tests/server/rollupSettle.test.ts) holds the result equal to a full rebuild.

/** What one unit of writes changed, by key (settleWrites.ts's WrittenChange, resolved). */
export interface RollupChange {
  /** Addresses whose transfers were removed or re-priced (or inserted and not named below). */
  addressIds: ReadonlySet<number>;
  /**
   * Addresses whose transfers were inserted, each of them recorded in the added-transfers table
   * (rollupKeys.ts): where nothing else changed for them, their rollups take those rows as increments.
   */
  addedAddressIds: ReadonlySet<number>;
  /** Addresses whose owner or tags changed. */
  attributedAddressIds: ReadonlySet<number>;
  /** Entities whose name, category or other fields changed. */
  entityIds: ReadonlySet<number>;
  /** Assets whose prices or metadata changed: their holders' balances are valued anew. */
  assetIds: ReadonlySet<number>;
}

const scope: RollupScope = {
  addresses: "settle_addresses",
  entities: "settle_entities",
  indirect: "settle_indirect",
  indirectEntities: "settle_indirect_entities",
  region: "settle_region",
  summaries: "settle_summaries",
};
const added: AddedScope & { indirect: string } = {
  addresses: "settle_added_addresses",
  entities: "settle_added_entities",
  rows: "settle_added_rows",
  // The added addresses whose indirect rows take their new rows' terms (the rest are rebuilt, in I).
  indirect: "settle_added_indirect",
};
// W ∪ X: the addresses whose transfers, owner or tags changed.
const written = "settle_written";
// Z: the addresses whose exposure shares may have changed (X, and W's unattributed addresses), the
// start of the walk.
const changed = "settle_changed";
const attributed = "settle_attributed";
const frontier = "settle_frontier";
const nextFrontier = "settle_next_frontier";
const temporaries = [
  ...Object.values(scope),
  added.addresses,
  added.entities,
  added.indirect,
  written,
  changed,
  attributed,
  frontier,
  nextFrontier,
];

/**
 * Whether the address has no category. `keys` (`table` or `table.column`, the ids being tested) bounds
 * the categories read to theirs, through the table's index (withinIndexed): left to itself,
 * PostgreSQL took every row of address_categories into a hash to anti-join a batch's keys with,
 * the whole table per statement on a large store (issue 46).
 */
const unattributed = (column: string, keys: string) => {
  const [table, key = "id"] = keys.split(".");
  return `NOT EXISTS (SELECT 1 FROM address_categories c WHERE c.address_id = ${column}
    AND ${withinIndexed("c.address_id", table!, key)})`;
};
/**
 * Whether the address has a USD flow (its daily flows as they stand: the unit's own rows are in
 * them by then). Without one it has no exposure share at any hop (the shares are of its USD
 * totals, rollups.ts), so it neither has shares that change nor passes a change on: the walks leave
 * it out (issue 46: a batch's unpriced token transfers to fresh addresses no longer reach the whole
 * neighbourhood of their hot senders).
 */
const priced = (column: string) =>
  `EXISTS (SELECT 1 FROM address_daily_flows f WHERE f.address_id = ${column} AND (f.incoming_usd > 0 OR f.outgoing_usd > 0))`;

async function insertIds(tx: Queryable, table: string, ids: ReadonlySet<number>): Promise<void> {
  if (ids.size === 0) return;
  await tx.query(`INSERT INTO ${table} SELECT unnest($1::bigint[]) ON CONFLICT DO NOTHING`, [[...ids]]);
}

/**
 * Counterparties of the addresses in `from` (read from the counterparty totals, one row a pair). The
 * pairs are read first, driven from `from` (a materialized CTE is not merged into the rest): planned
 * together with the anti-join, PostgreSQL may take the counterparties without a category for a few
 * rows of the whole table where a large store holds millions, and repeat them per address of `from`.
 */
function neighboursSql(from: string, into: string, onlyShareholders: boolean): string {
  return `INSERT INTO ${into}
    WITH pairs AS MATERIALIZED (
      SELECT DISTINCT n.counterparty_id AS id FROM ${from} r JOIN address_counterparty_totals n ON n.address_id = r.id
    )
    SELECT p.id FROM pairs p ${onlyShareholders ? `WHERE ${unattributed("p.id", "pairs")} AND ${priced("p.id")}` : ""}
    ON CONFLICT DO NOTHING`;
}

/**
 * Adds to `visited` every unattributed address with a USD flow (a possible shareholder) reachable
 * from `start` in 1 to `hops` steps through such addresses (breadth first: each step expands only
 * what the last one added). An address without one has no shares to pass on, so the walk neither
 * keeps nor crosses it.
 */
async function walkUnattributed(
  tx: Queryable,
  start: string,
  visited: string,
  hops: number,
  firstHop?: string,
): Promise<void> {
  await tx.query(`DELETE FROM ${frontier}`);
  await tx.query(`INSERT INTO ${frontier} SELECT id FROM ${start}`);
  for (let hop = 0; hop < hops; hop++) {
    await tx.query(`DELETE FROM ${nextFrontier}`);
    await tx.query(neighboursSql(frontier, nextFrontier, true));
    if (hop === 0 && firstHop !== undefined) await tx.query(firstHop);
    await tx.query(
      `DELETE FROM ${nextFrontier} n WHERE EXISTS (SELECT 1 FROM ${visited} v WHERE v.id = n.id)`,
    );
    const [added] = await tx.query<{ count: number }>(
      `WITH added AS (INSERT INTO ${visited} SELECT id FROM ${nextFrontier} RETURNING 1)
       SELECT count(*)::int AS count FROM added`,
    );
    if (!added?.count) return;
    await tx.query(`DELETE FROM ${frontier}`);
    await tx.query(`INSERT INTO ${frontier} SELECT id FROM ${nextFrontier}`);
    await tx.query(`ANALYZE ${frontier}`);
  }
}

async function analyze(tx: Queryable, tables: readonly string[]): Promise<void> {
  await tx.query(`ANALYZE ${tables.join(", ")}`);
}

/**
 * Rebuilds, inside `tx`, the rollup rows of every key `change` reaches, from the transfers and the
 * attribution, so that they equal what a full refreshRollups would write.
 */
export async function settleRollups(tx: Queryable, change: RollupChange): Promise<void> {
  try {
    await settle(takingTurns(tx), change);
  } finally {
    forgetSummaryRows();
  }
}

async function settle(tx: Queryable, change: RollupChange): Promise<void> {
  for (const table of temporaries)
    await tx.query(`CREATE TEMP TABLE ${table} (id bigint PRIMARY KEY) ON COMMIT DROP`);

  // X: owner or tags changed, including every address owned or named by a changed entity.
  await insertIds(tx, attributed, change.attributedAddressIds);
  if (change.entityIds.size > 0) {
    const entityIds = [[...change.entityIds]];
    await tx.query(
      `INSERT INTO ${attributed} SELECT id FROM addresses WHERE entity_id = ANY($1::int[]) ON CONFLICT DO NOTHING`,
      entityIds,
    );
    await tx.query(
      `INSERT INTO ${attributed} SELECT address_id FROM attribution_tags WHERE entity_id = ANY($1::int[])
       ON CONFLICT DO NOTHING`,
      entityIds,
    );
    await insertIds(tx, scope.entities, change.entityIds);
  }
  await analyze(tx, [attributed]);

  // Entities: X's owners as the read model last saw them (their address counts and flows lose it)…
  await tx.query(`INSERT INTO ${scope.entities}
    SELECT e.id FROM address_summary s JOIN entities e ON e.slug = s.owner_slug
    WHERE s.address_id IN (SELECT id FROM ${attributed}) ON CONFLICT DO NOTHING`);
  // …and every entity or address the read model has no row for yet (ids only grow).
  await tx.query(`INSERT INTO ${scope.entities}
    SELECT id FROM entities WHERE id > (SELECT coalesce(max(entity_id), 0) FROM entity_summary)
    ON CONFLICT DO NOTHING`);
  // A new address whose only rows are the unit's inserted transfers, with no owner and no tags, has
  // no rows to rebuild: its sums are the new rows' sums (settleAdded), with no history to read.
  await insertIds(tx, added.addresses, change.addedAddressIds);
  await analyze(tx, [added.addresses]);
  // The largest id read first and passed as a value (as a subquery, PostgreSQL planned for a third of
  // the addresses above it), and the tags tested are those above it: else every attribution tag of
  // the store is hashed to test a batch's new addresses (issue 46).
  const [summarized] = await tx.query<{ id: string | number }>(
    "SELECT coalesce(max(address_id), 0) AS id FROM address_summary",
  );
  await tx.query(
    `INSERT INTO ${scope.addresses}
    SELECT a.id FROM addresses a WHERE a.id > $1
      AND NOT (a.entity_id IS NULL AND EXISTS (SELECT 1 FROM ${added.addresses} d WHERE d.id = a.id)
        AND NOT EXISTS (SELECT 1 FROM attribution_tags g WHERE g.address_id = a.id AND g.address_id > $1))
    ON CONFLICT DO NOTHING`,
    [String(summarized?.id ?? 0)],
  );

  // The transfer rows copy both owners: X's own rows, and the mirrored rows of its counterparties
  // (every side has its other side, docs/DATA.md), which belong to X's counterparties.
  await tx.query(`INSERT INTO ${scope.addresses}
    SELECT DISTINCT counterparty_id FROM transfers
    WHERE address_id IN (SELECT id FROM ${attributed}) AND counterparty_id IS NOT NULL
    ON CONFLICT DO NOTHING`);
  await tx.query(`UPDATE transfers t SET entity_id = a.entity_id FROM addresses a
    WHERE a.id = t.address_id AND t.address_id IN (SELECT id FROM ${attributed})
      AND t.entity_id IS DISTINCT FROM a.entity_id`);
  await tx.query(`UPDATE transfers t SET counterparty_entity_id = a.entity_id FROM addresses a
    WHERE a.id = t.counterparty_id AND t.address_id IN (SELECT id FROM ${scope.addresses})
      AND t.counterparty_id IN (SELECT id FROM ${attributed})
      AND t.counterparty_entity_id IS DISTINCT FROM a.entity_id`);

  // D: the addresses whose direct rollups are rebuilt.
  await insertIds(tx, written, change.addressIds);
  await tx.query(`INSERT INTO ${written} SELECT id FROM ${attributed} ON CONFLICT DO NOTHING`);
  await tx.query(`INSERT INTO ${scope.addresses} SELECT id FROM ${written} ON CONFLICT DO NOTHING`);
  if (change.assetIds.size > 0) {
    // A holder's balance is valued at its asset's latest price and decimals.
    await tx.query(
      `INSERT INTO ${scope.addresses} SELECT DISTINCT address_id FROM address_balances
       WHERE asset_id = ANY($1::int[]) AND balance_raw > 0 ON CONFLICT DO NOTHING`,
      [[...change.assetIds]],
    );
  }
  // …and the owners of D now (X's new owners among them).
  await tx.query(`INSERT INTO ${scope.entities}
    SELECT DISTINCT entity_id FROM addresses
    WHERE ${withinIndexed("id", scope.addresses)} AND entity_id IS NOT NULL ON CONFLICT DO NOTHING`);
  await settleAdded(tx);
  await analyze(tx, [written, scope.addresses, scope.entities]);

  for (const statement of directRollupStatements(scope)) await tx.query(statement);
  for (const statement of addedRollupStatements(added)) await tx.query(statement);

  // Indirect exposure. A changed address changes its shares, and through unattributed addresses the
  // shares of those up to indirectHops - 1 steps away (S); a transfer with an address of S changes
  // the indirect rows of both sides (I = S and its counterparties). Computing I's rows needs the
  // shares of I's unattributed counterparties, which need theirs, indirectHops deep (the region).
  // An attributed address has no shares, so one whose category did not change (not in X) changes no
  // other address's rows: its own transfers' other sides are in W themselves. Nor has an address
  // whose only change is inserted transfers and that has no USD flow now (none before either: sums of
  // added rows only grow): removed or re-priced transfers may have taken its shares away, so those
  // addresses start the walk whatever their flows.
  await tx.query(`INSERT INTO ${changed} SELECT id FROM ${attributed}`);
  if (change.addressIds.size > 0)
    await tx.query(
      `INSERT INTO ${changed} SELECT w.id FROM unnest($1::bigint[]) AS w(id) WHERE ${unattributed("w.id", written)}
       ON CONFLICT DO NOTHING`,
      [[...change.addressIds]],
    );
  await tx.query(`INSERT INTO ${changed} SELECT w.id FROM ${written} w WHERE ${unattributed("w.id", written)}
    AND ${priced("w.id")} ON CONFLICT DO NOTHING`);
  await analyze(tx, [changed]);
  await tx.query(`INSERT INTO ${scope.indirect} SELECT id FROM ${changed}`);
  await walkUnattributed(tx, changed, scope.indirect, indirectHops - 1);
  await tx.query(`INSERT INTO ${frontier} SELECT id FROM ${scope.indirect} ON CONFLICT DO NOTHING`);
  await analyze(tx, [scope.indirect, frontier]);
  await tx.query(neighboursSql(frontier, scope.indirect, false));
  // W's own rows: its new (or removed) transfers are terms of its own indirect rows. An added
  // address none of whose counterparties' shares changed (not in I so far) keeps its indirect rows
  // and gets its new rows' terms added (a sum, as its direct rows): the shares it needs are those of
  // its new rows' counterparties only, not of every counterparty of its history (a hot wallet's).
  await tx.query(`INSERT INTO ${added.indirect}
    SELECT d.id FROM ${added.addresses} d WHERE NOT EXISTS (SELECT 1 FROM ${scope.indirect} i WHERE i.id = d.id)`);
  await tx.query(`INSERT INTO ${scope.indirect}
    SELECT w.id FROM ${written} w WHERE NOT EXISTS (SELECT 1 FROM ${added.indirect} d WHERE d.id = w.id)
    ON CONFLICT DO NOTHING`);
  await analyze(tx, [scope.indirect, added.indirect]);
  await walkUnattributed(
    tx,
    scope.indirect,
    scope.region,
    indirectHops,
    `INSERT INTO ${nextFrontier}
     SELECT DISTINCT t.counterparty_id FROM ${added.indirect} d JOIN ${added.rows} t ON t.address_id = d.id
     WHERE t.counterparty_id IS NOT NULL AND ${unattributed("t.counterparty_id", `${added.rows}.counterparty_id`)}
       AND ${priced("t.counterparty_id")}
     ON CONFLICT DO NOTHING`,
  );
  await tx.query(`INSERT INTO ${scope.indirectEntities} SELECT id FROM ${scope.entities}`);
  await tx.query(`INSERT INTO ${scope.indirectEntities}
    SELECT DISTINCT entity_id FROM addresses
    WHERE ${withinIndexed("id", scope.indirect)} AND entity_id IS NOT NULL ON CONFLICT DO NOTHING`);
  await tx.query(`INSERT INTO ${scope.indirectEntities}
    SELECT DISTINCT entity_id FROM addresses
    WHERE ${withinIndexed("id", added.indirect)} AND entity_id IS NOT NULL ON CONFLICT DO NOTHING`);
  await analyze(tx, [scope.indirect, scope.region, scope.indirectEntities]);
  for (const statement of indirectRollupStatements(scope, { addresses: added.indirect, rows: added.rows }))
    await tx.query(statement);

  await tx.query(`INSERT INTO ${scope.summaries} SELECT id FROM ${scope.addresses}`);
  await tx.query(`INSERT INTO ${scope.summaries} SELECT id FROM ${added.addresses} ON CONFLICT DO NOTHING`);
  await tx.query(`INSERT INTO ${scope.summaries} SELECT id FROM ${scope.indirect} ON CONFLICT DO NOTHING`);
  await analyze(tx, [scope.summaries]);
  await buildAddressSummaries(tx, scope.summaries);
  await tx.query(`DROP TABLE ${[...temporaries, added.rows, addedTransfersTable].join(", ")}`);
}

/**
 * The added keys (addedRollups.ts): the addresses whose only change is the unit's inserted transfers
 * (not in D), and their owners that are not rebuilt (not in E), with those addresses' new rows. An
 * address owned by a rebuilt entity is rebuilt too: the entity's counterparty totals are summed
 * from its addresses' counterparty rows, which must hold the new rows first. Those addresses join W.
 */
async function settleAdded(tx: Queryable): Promise<void> {
  await tx.query(addedTransfersCreate);
  await tx.query(`INSERT INTO ${written} SELECT id FROM ${added.addresses} ON CONFLICT DO NOTHING`);
  await tx.query(`DELETE FROM ${added.addresses} WHERE id IN (SELECT id FROM ${scope.addresses})`);
  await tx.query(`WITH owned AS (
      DELETE FROM ${added.addresses} d USING addresses a
      WHERE a.id = d.id AND ${withinIndexed("a.id", added.addresses)} AND a.entity_id IN (SELECT id FROM ${scope.entities})
      RETURNING d.id
    ) INSERT INTO ${scope.addresses} SELECT id FROM owned`);
  await tx.query(`INSERT INTO ${added.entities}
    SELECT DISTINCT entity_id FROM addresses
    WHERE ${withinIndexed("id", added.addresses)} AND entity_id IS NOT NULL
      AND entity_id NOT IN (SELECT id FROM ${scope.entities})`);
  await tx.query(`CREATE TEMP TABLE ${added.rows} ON COMMIT DROP AS
    SELECT t.* FROM transfers t
    WHERE t.id IN (SELECT id FROM ${addedTransfersTable}) AND t.address_id IN (SELECT id FROM ${added.addresses})`);
  await analyze(tx, [added.addresses, added.entities, added.rows]);
}
