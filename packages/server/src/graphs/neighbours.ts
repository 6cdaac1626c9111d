import type { ExpandNeighbour, ExpandResult, GraphFlow, GraphNodeInfo } from "@sleuth/sdk";
import { toIso } from "../accounts/rows.ts";
import type { Viewer } from "../metrics/subjects.ts";
import type { Queryable } from "../store/store.ts";
import { addressInfosById, entityInfosById, type ResolvedNode, resolveNodes } from "./nodeInfo.ts";
import { busiestOwnedAddressIds, customEntityAddressUrns } from "./ownedAddresses.ts";

// Expand (issue 30): a node's counterparties by direction, ordered by USD volume, top N, from the
// counterparty rollups (address_counterparties, entity_counterparties: one row per counterparty and
// asset, read through their primary keys); an entity's or custom entity's own addresses; a
// transaction's senders and receivers.

export interface CounterpartyRow {
  id: number;
  /** Null when none of the flow's transfers has a USD price (issue 43: unknown, never 0). */
  usd: number | null;
  transfers: number;
  first_at: Date | string | null;
  last_at: Date | string | null;
  assets: string[] | string;
  /** The flow's largest amount in one asset's own units (flowUnitsSql). */
  units: number | string | null;
}

type Side = "incoming" | "outgoing";

// The two counterparty rollups have the same shape; only the key columns differ.
const rollups = {
  address: { table: "address_counterparties", key: "address_id", other: "counterparty_id" },
  entity: { table: "entity_counterparties", key: "entity_id", other: "counterparty_entity_id" },
} as const;

/**
 * The SQL of one side's flow with a counterparty over a counterparty rollup (alias `c`, assets `s`):
 * its USD (null when none of its transfers has a price), and its largest amount in one asset's own
 * units, which ranks the flows USD cannot (issue 43: following money without prices).
 */
export const flowUsdSql = (side: Side) =>
  `CASE WHEN sum(c.${side}_unpriced) < sum(c.${side}_transfers) THEN sum(c.${side}_usd) END`;
export const flowUnitsSql = (side: Side) => `max(c.${side}_raw / (10::numeric ^ s.decimals))`;

/** Top `limit` counterparties of one address or entity on one side: by USD, else by amount. */
export async function counterparties(
  db: Queryable,
  kind: keyof typeof rollups,
  id: number,
  side: Side,
  limit: number,
): Promise<CounterpartyRow[]> {
  const { table, key, other } = rollups[kind];
  return db.query<CounterpartyRow>(
    `SELECT c.${other} AS id, ${flowUsdSql(side)} AS usd, sum(c.${side}_transfers) AS transfers,
            min(c.first_transfer_at) AS first_at, max(c.last_transfer_at) AS last_at,
            array_agg(DISTINCT s.symbol) AS assets, ${flowUnitsSql(side)} AS units
       FROM ${table} c JOIN assets s ON s.id = c.asset_id
      WHERE c.${key} = $1 AND c.${side}_transfers > 0 AND c.${other} <> c.${key}
      GROUP BY c.${other}
      ORDER BY usd DESC NULLS LAST, units DESC, id
      LIMIT $2`,
    [id, limit],
  );
}

async function transactionParties(
  db: Queryable,
  transactionId: number,
): Promise<Array<CounterpartyRow & { direction: Side }>> {
  return db.query(
    `SELECT t.address_id AS id, t.direction, sum(t.amount_usd) AS usd, count(*) AS transfers,
            min(t.block_timestamp) AS first_at, max(t.block_timestamp) AS last_at,
            array_agg(DISTINCT s.symbol) AS assets, sum(t.amount_raw / (10::numeric ^ s.decimals)) AS units
       FROM transfers t JOIN assets s ON s.id = t.asset_id
      WHERE t.transaction_id = $1
      GROUP BY t.address_id, t.direction
      ORDER BY usd DESC NULLS LAST, id`,
    [transactionId],
  );
}

export function assetsOf(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  // A driver that answers the array as its text form: {BTC,USDT}.
  return value
    .replace(/^\{|\}$/g, "")
    .split(",")
    .filter((symbol) => symbol !== "");
}

/** A row's amount in its one asset's own units; null when it moved several (or none is known). */
export function amountOf(row: Pick<CounterpartyRow, "assets" | "units">): GraphFlow["amount"] {
  const assets = assetsOf(row.assets);
  return assets.length === 1 && row.units !== null && row.units !== undefined
    ? { value: Number(row.units), asset: assets[0]! }
    : null;
}

/** The flow of one counterparty row, oriented the way the funds moved. */
export function flowOf(row: CounterpartyRow, subject: string, other: string, side: Side): GraphFlow {
  return {
    source: side === "incoming" ? other : subject,
    target: side === "incoming" ? subject : other,
    amountUsd: row.usd === null ? null : Number(row.usd),
    amount: amountOf(row),
    transfers: Number(row.transfers),
    assets: assetsOf(row.assets),
    firstAt: row.first_at === null ? null : toIso(row.first_at),
    lastAt: row.last_at === null ? null : toIso(row.last_at),
  };
}

function neighboursOf(
  rows: readonly CounterpartyRow[],
  infos: Map<number, GraphNodeInfo>,
  subject: GraphNodeInfo,
  side: Side,
): ExpandNeighbour[] {
  return rows.flatMap((row) => {
    const node = infos.get(Number(row.id));
    if (!node) return [];
    return [{ node, direction: side, flow: flowOf(row, subject.trmUrn, node.trmUrn, side) }];
  });
}

async function ownedAddresses(db: Queryable, subject: ResolvedNode, limit: number) {
  if (subject.kind === "entity") {
    const ids = await busiestOwnedAddressIds(db, subject.id, limit + 1);
    const infos = await addressInfosById(db, ids);
    return { infos: ids.flatMap((id) => infos.get(id) ?? []), more: ids.length > limit };
  }
  const urns = await customEntityAddressUrns(db, subject.id, limit + 1);
  return { infos: urns, more: urns.length > limit };
}

/** Expands one node; null when the store does not know it (or it is another organization's). */
export async function expandNode(
  db: Queryable,
  viewer: Viewer,
  request: { trmUrn: string; direction: "incoming" | "outgoing" | "both"; limit: number; mode: string },
): Promise<ExpandResult | null> {
  const [subject] = await resolveNodes(db, viewer, [request.trmUrn]);
  if (!subject) return null;
  const sides: Side[] = request.direction === "both" ? ["incoming", "outgoing"] : [request.direction];
  const hasMore = { incoming: false, outgoing: false };
  const neighbours: ExpandNeighbour[] = [];

  if (request.mode === "addresses" && (subject.kind === "entity" || subject.kind === "customEntity")) {
    const owned = await ownedAddresses(db, subject, request.limit);
    const infos = owned.infos.slice(0, request.limit);
    const nodes = infos.some((info) => typeof info === "string")
      ? (await resolveNodes(db, viewer, infos as string[])).map((node) => node.info)
      : (infos as GraphNodeInfo[]);
    for (const node of nodes) neighbours.push({ node, direction: null, flow: null });
    hasMore.outgoing = owned.more;
    return { subject: subject.info, neighbours, hasMore };
  }

  if (subject.kind === "address" || subject.kind === "entity") {
    for (const side of sides) {
      const rows = await counterparties(db, subject.kind, subject.id, side, request.limit + 1);
      hasMore[side] = rows.length > request.limit;
      const kept = rows.slice(0, request.limit);
      const ids = kept.map((row) => Number(row.id));
      const infos =
        subject.kind === "address" ? await addressInfosById(db, ids) : await entityInfosById(db, ids);
      neighbours.push(...neighboursOf(kept, infos, subject.info, side));
    }
  } else if (subject.kind === "transaction") {
    const rows = await transactionParties(db, subject.id);
    // An address's outgoing row sent into the transaction: it is on the transaction's incoming side.
    const wanted = rows.filter((row) =>
      sides.includes(row.direction === "outgoing" ? "incoming" : "outgoing"),
    );
    const infos = await addressInfosById(db, [...new Set(wanted.map((row) => Number(row.id)))]);
    for (const side of sides) {
      const sideRows = wanted.filter(
        (row) => (row.direction === "outgoing" ? "incoming" : "outgoing") === side,
      );
      hasMore[side] = sideRows.length > request.limit;
      neighbours.push(...neighboursOf(sideRows.slice(0, request.limit), infos, subject.info, side));
    }
  }
  return { subject: subject.info, neighbours, hasMore };
}
