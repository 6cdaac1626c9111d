import {
  countIn,
  countOut,
  externalToEntity,
  rawIn,
  rawOut,
  unpricedIn,
  unpricedOut,
  usdIn,
  usdOut,
  utcDay,
} from "./flowSums.ts";
import { within, withinIndexed } from "./rollupKeys.ts";

// Issue 46: a key whose only change in a unit of writes is transfers the unit inserted (an exchange's
// hot wallet in every ingest batch) has those rows added to its sums, counts, and first and last
// times, so the batch costs its own rows and not the key's history. Every such rollup is a sum over
// the key's transfers grouped by something the new rows carry, so adding the sums of the new rows
// (an upsert: `x = x + excluded.x`, least and greatest for times) gives what summing the whole history
// again gives; rollups.ts's statements stay for the keys where a sum cannot be added (transfers
// removed or re-priced, owners or categories changed, new keys). The equivalence tests
// (tests/server/rollupSettle.test.ts, rollupHotWallet.test.ts) hold both to a full rebuild. The
// store's tables are read through the new rows' keys (withinIndexed): joined to them plainly, a
// batch's ten thousand keys had PostgreSQL hash the whole of addresses or address_categories for
// each statement on a large store.

/** The temporary tables an added-rows settle reads, each of one `id` column but `rows`. */
export interface AddedScope {
  /** Addresses whose rollups take the rows as increments. */
  addresses: string;
  /** Entities whose rollups take the rows as increments (owners of `addresses` only). */
  entities: string;
  /** The inserted transfer rows of `addresses` (a copy of their `transfers` rows). */
  rows: string;
}

/** `column = table.column + excluded.column` for each column: a sum that takes the new rows' sum. */
const added = (table: string, columns: readonly string[]) =>
  columns.map((column) => `${column} = ${table}.${column} + excluded.${column}`).join(", ");

const flowColumns = [
  "incoming_raw",
  "outgoing_raw",
  "incoming_usd",
  "outgoing_usd",
  "incoming_transfers",
  "outgoing_transfers",
  "incoming_unpriced",
  "outgoing_unpriced",
];
const categoryColumns = flowColumns.filter((column) => !column.endsWith("_raw"));
const exposureColumns = ["incoming_usd", "outgoing_usd", "instances", "unpriced"];

// Null when the key has no priced transfer (migration 0250): known once either side is.
const nullableSum = (column: string) =>
  `${column} = CASE WHEN x.${column} IS NULL AND excluded.${column} IS NULL THEN NULL
     ELSE coalesce(x.${column}, 0) + coalesce(excluded.${column}, 0) END`;

/**
 * The counterparty-category rollups of an address or entity (`level`), for the new rows `where` holds:
 * the category days, and the counterparty exposure they sum to. Issue 43: `unpriced` counts the
 * instances without a USD price, so the sums read "at least".
 */
function categoryStatements(level: "address" | "entity", where: string, rows: string): string[] {
  const key = `${level}_id`;
  const categorised = `${rows} t JOIN address_categories c ON c.address_id = t.counterparty_id
    AND ${withinIndexed("c.address_id", rows, "counterparty_id")}`;
  const latest = (table: string) =>
    `last_transfer_at = greatest(${table}.last_transfer_at, excluded.last_transfer_at)`;
  return [
    `INSERT INTO ${level}_category_daily AS d (${key}, category_id, day, ${categoryColumns.join(", ")}, last_transfer_at)
     SELECT t.${key}, c.category_id, ${utcDay}, ${usdIn}, ${usdOut}, ${countIn}, ${countOut},
       ${unpricedIn}, ${unpricedOut}, max(block_timestamp)
     FROM ${categorised} WHERE ${where}
     GROUP BY t.${key}, c.category_id, ${utcDay}
     ON CONFLICT (${key}, category_id, day) DO UPDATE SET ${added("d", categoryColumns)}, ${latest("d")}`,
    `INSERT INTO ${level}_exposure AS x (${key}, risk_type, category_id, ${exposureColumns.join(", ")}, last_transfer_at)
     SELECT t.${key}, 'counterparty', c.category_id, ${usdIn}, ${usdOut}, count(*),
       count(*) FILTER (WHERE amount_usd IS NULL), max(block_timestamp)
     FROM ${categorised} WHERE ${where}
     GROUP BY t.${key}, c.category_id
     ON CONFLICT (${key}, risk_type, category_id) DO UPDATE SET ${added("x", exposureColumns)}, ${latest("x")}`,
  ];
}

/** The statements that add `scope.rows` to the sum-type rollups of the keys in `scope`. */
export function addedRollupStatements(scope: AddedScope): string[] {
  const rows = scope.rows;
  const ofAddresses = within("address_id", scope.addresses);
  const ofEntities = `${externalToEntity} AND ${within("entity_id", scope.entities)}`;
  return [
    `UPDATE addresses a SET first_active = least(a.first_active, s.first_at),
       last_active = greatest(a.last_active, s.last_at)
     FROM (SELECT address_id, min(block_timestamp) AS first_at, max(block_timestamp) AS last_at
           FROM ${rows} GROUP BY address_id) s
     WHERE a.id = s.address_id AND ${withinIndexed("a.id", rows, "address_id")}
       AND (a.first_active IS DISTINCT FROM least(a.first_active, s.first_at)
         OR a.last_active IS DISTINCT FROM greatest(a.last_active, s.last_at))`,
    `INSERT INTO address_daily_flows AS f (address_id, day, asset_id, ${flowColumns.join(", ")})
     SELECT address_id, ${utcDay}, asset_id, ${rawIn}, ${rawOut}, ${usdIn}, ${usdOut}, ${countIn}, ${countOut},
       ${unpricedIn}, ${unpricedOut}
     FROM ${rows} WHERE ${ofAddresses} GROUP BY address_id, ${utcDay}, asset_id
     ON CONFLICT (address_id, day, asset_id) DO UPDATE SET ${added("f", flowColumns)}`,
    `INSERT INTO entity_daily_flows AS f (entity_id, day, asset_id, ${flowColumns.join(", ")})
     SELECT entity_id, ${utcDay}, asset_id, ${rawIn}, ${rawOut}, ${usdIn}, ${usdOut}, ${countIn}, ${countOut},
       ${unpricedIn}, ${unpricedOut}
     FROM ${rows} WHERE ${ofEntities} GROUP BY entity_id, ${utcDay}, asset_id
     ON CONFLICT (entity_id, day, asset_id) DO UPDATE SET ${added("f", flowColumns)}`,
    // An entity's volume is unknown (null) while none of its transfers has a USD price (issue 43).
    `UPDATE entity_summary s SET transfers = s.transfers + d.transfers,
       unpriced_transfers = s.unpriced_transfers + d.unpriced,
       volume_usd = CASE WHEN s.transfers + d.transfers > s.unpriced_transfers + d.unpriced
         THEN coalesce(s.volume_usd, 0) + d.volume_usd END
     FROM (SELECT entity_id, count(*) AS transfers, coalesce(sum(amount_usd), 0) AS volume_usd,
             count(*) FILTER (WHERE amount_usd IS NULL) AS unpriced
           FROM ${rows} WHERE ${ofEntities} GROUP BY entity_id) d
     WHERE s.entity_id = d.entity_id`,
    `INSERT INTO address_balances AS b (address_id, asset_id, balance_raw, last_day)
     SELECT address_id, asset_id, ${rawIn} - ${rawOut}, max(${utcDay})
     FROM ${rows} WHERE ${ofAddresses} GROUP BY address_id, asset_id
     ON CONFLICT (address_id, asset_id) DO UPDATE
       SET balance_raw = b.balance_raw + excluded.balance_raw, last_day = greatest(b.last_day, excluded.last_day)`,
    `INSERT INTO address_counterparties AS p (address_id, counterparty_id, asset_id, ${flowColumns.join(", ")},
       first_transfer_at, last_transfer_at)
     SELECT address_id, counterparty_id, asset_id, ${rawIn}, ${rawOut}, ${usdIn}, ${usdOut}, ${countIn}, ${countOut},
       ${unpricedIn}, ${unpricedOut}, min(block_timestamp), max(block_timestamp)
     FROM ${rows} WHERE counterparty_id IS NOT NULL AND ${ofAddresses}
     GROUP BY address_id, counterparty_id, asset_id
     ON CONFLICT (address_id, counterparty_id, asset_id) DO UPDATE SET ${added("p", flowColumns)},
       first_transfer_at = least(p.first_transfer_at, excluded.first_transfer_at),
       last_transfer_at = greatest(p.last_transfer_at, excluded.last_transfer_at)`,
    `INSERT INTO address_counterparty_totals AS p (address_id, counterparty_id, counterparty, counterparty_entity_id,
       ${categoryColumns.join(", ")}, last_transfer_at)
     SELECT f.address_id, f.counterparty_id, a.address, a.entity_id, f.incoming_usd, f.outgoing_usd,
       f.incoming_transfers, f.outgoing_transfers, f.incoming_unpriced, f.outgoing_unpriced, f.last_transfer_at
     FROM (
       SELECT address_id, counterparty_id, ${usdIn} AS incoming_usd, ${usdOut} AS outgoing_usd,
         ${countIn} AS incoming_transfers, ${countOut} AS outgoing_transfers,
         ${unpricedIn} AS incoming_unpriced, ${unpricedOut} AS outgoing_unpriced, max(block_timestamp) AS last_transfer_at
       FROM ${rows} WHERE counterparty_id IS NOT NULL AND ${ofAddresses} GROUP BY address_id, counterparty_id
     ) f JOIN addresses a ON a.id = f.counterparty_id AND ${withinIndexed("a.id", rows, "counterparty_id")}
     ON CONFLICT (address_id, counterparty_id) DO UPDATE SET ${added("p", categoryColumns)},
       last_transfer_at = greatest(p.last_transfer_at, excluded.last_transfer_at)`,
    // 002 §7: grouped by the counterparty's entity when it has one, else by its address, as
    // rollups.ts groups it.
    `INSERT INTO entity_counterparty_totals AS x (entity_id, counterparty_kind, counterparty_key, incoming_usd,
       outgoing_usd, total_usd, incoming_transfers, outgoing_transfers, first_transfer_at, last_transfer_at,
       incoming_unpriced, outgoing_unpriced)
     SELECT t.entity_id, CASE WHEN ca.entity_id IS NOT NULL THEN 'entity' ELSE 'address' END,
       coalesce(ca.entity_id::bigint, ca.id),
       CASE WHEN bool_or(t.amount_usd IS NOT NULL) THEN sum(t.incoming_usd) END,
       CASE WHEN bool_or(t.amount_usd IS NOT NULL) THEN sum(t.outgoing_usd) END,
       CASE WHEN bool_or(t.amount_usd IS NOT NULL) THEN sum(t.incoming_usd) + sum(t.outgoing_usd) END,
       sum(t.incoming_transfers), sum(t.outgoing_transfers), min(t.block_timestamp), max(t.block_timestamp),
       sum(t.incoming_unpriced), sum(t.outgoing_unpriced)
     FROM (
       SELECT entity_id, counterparty_id, amount_usd, block_timestamp,
         CASE WHEN direction = 'incoming' THEN coalesce(amount_usd, 0) ELSE 0 END AS incoming_usd,
         CASE WHEN direction = 'outgoing' THEN coalesce(amount_usd, 0) ELSE 0 END AS outgoing_usd,
         (direction = 'incoming')::int AS incoming_transfers, (direction = 'outgoing')::int AS outgoing_transfers,
         (direction = 'incoming' AND amount_usd IS NULL)::int AS incoming_unpriced,
         (direction = 'outgoing' AND amount_usd IS NULL)::int AS outgoing_unpriced
       FROM ${rows} WHERE counterparty_id IS NOT NULL AND entity_id IS NOT NULL AND ${within("entity_id", scope.entities)}
     ) t JOIN addresses ca ON ca.id = t.counterparty_id AND ${withinIndexed("ca.id", rows, "counterparty_id")}
     WHERE ca.entity_id IS DISTINCT FROM t.entity_id
     GROUP BY 1, 2, 3
     ON CONFLICT (entity_id, counterparty_kind, counterparty_key) DO UPDATE SET
       ${nullableSum("incoming_usd")}, ${nullableSum("outgoing_usd")}, ${nullableSum("total_usd")},
       ${added("x", ["incoming_transfers", "outgoing_transfers", "incoming_unpriced", "outgoing_unpriced"])},
       first_transfer_at = least(x.first_transfer_at, excluded.first_transfer_at),
       last_transfer_at = greatest(x.last_transfer_at, excluded.last_transfer_at)`,
    `INSERT INTO entity_counterparties AS p (entity_id, counterparty_entity_id, asset_id, ${flowColumns.join(", ")},
       first_transfer_at, last_transfer_at)
     SELECT entity_id, counterparty_entity_id, asset_id, ${rawIn}, ${rawOut}, ${usdIn}, ${usdOut}, ${countIn}, ${countOut},
       ${unpricedIn}, ${unpricedOut}, min(block_timestamp), max(block_timestamp)
     FROM ${rows} WHERE ${ofEntities} AND counterparty_entity_id IS NOT NULL
     GROUP BY entity_id, counterparty_entity_id, asset_id
     ON CONFLICT (entity_id, counterparty_entity_id, asset_id) DO UPDATE SET ${added("p", flowColumns)},
       first_transfer_at = least(p.first_transfer_at, excluded.first_transfer_at),
       last_transfer_at = greatest(p.last_transfer_at, excluded.last_transfer_at)`,
    // A transfer with a counterparty of several categories counts once for each of them.
    ...categoryStatements("address", within("t.address_id", scope.addresses), rows),
    ...categoryStatements(
      "entity",
      `t.entity_id IS NOT NULL AND t.counterparty_entity_id IS DISTINCT FROM t.entity_id
       AND ${within("t.entity_id", scope.entities)}`,
      rows,
    ),
  ];
}
