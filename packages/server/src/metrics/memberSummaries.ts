import type { MetricsSummary } from "@sleuth/sdk";
import { toIso } from "../accounts/rows.ts";
import type { Queryable } from "../store/store.ts";
import { knownVolumeUsd } from "./miniSummary.ts";

/** Which parts of the 000 §3 Metrics summary to compute (000 §7 include flags). */
export interface SummaryParts {
  includeAssetCount: boolean;
  includeVolumeMetrics: boolean;
  includeBalanceMetrics: boolean;
}

/**
 * The members a summary adds up, per group key: addresses (their daily flows and balances) and
 * entities (the entity's own flows, without its internal transfers, and its addresses' balances).
 * An address metric is a group of one address, an entity metric a group of one entity, a custom
 * entity a group of both kinds of resources.
 */
export interface SummaryMembers {
  addresses: readonly { group: number; addressId: number }[];
  entities: readonly { group: number; entityId: number }[];
}

// Every lookup below is a LATERAL subquery per key with `OFFSET 0`, which keeps the planner from
// flattening it into a join: each key is an index probe of its rollup rows, so a batch costs the
// same per key on any size of store, where a hash join would read the whole rollup table.

export interface MemberRow {
  id: string | number;
  address_count: number;
  first_active: Date | string | null;
  last_active: Date | string | null;
  incoming_usd: number | null;
  outgoing_usd: number | null;
  incoming_transfers: number | null;
  outgoing_transfers: number | null;
  incoming_unpriced: number | null;
  outgoing_unpriced: number | null;
  assets: (string | number)[] | null;
  /** Positive balances as [asset id, raw amount] pairs (JSON: one field, however many assets). */
  held: [number, string][] | string | null;
}

const flowsSql = (table: "address_daily_flows" | "entity_daily_flows", key: string, when: string) => `
  LEFT JOIN LATERAL (
    SELECT sum(d.incoming_usd) AS incoming_usd, sum(d.outgoing_usd) AS outgoing_usd,
           sum(d.incoming_transfers)::float8 AS incoming_transfers,
           sum(d.outgoing_transfers)::float8 AS outgoing_transfers, array_agg(DISTINCT d.asset_id) AS assets,
           sum(d.incoming_unpriced)::float8 AS incoming_unpriced, sum(d.outgoing_unpriced)::float8 AS outgoing_unpriced
    FROM ${table} d WHERE d.${table === "address_daily_flows" ? "address_id" : "entity_id"} = ${key} AND ${when}
  ) f ON true`;

/**
 * The laterals every address row carries: its flows over its daily rollup rows ($flows) and its
 * positive balances ($held), each read by the address's key.
 */
function addressSummarySql(key: string, flows: string, held: string): string {
  return `${flowsSql("address_daily_flows", key, flows)}
  LEFT JOIN LATERAL (
    SELECT json_agg(json_build_array(b.asset_id, b.balance_raw::text)) AS held
    FROM address_balances b WHERE b.address_id = ${key} AND b.balance_raw > 0 AND ${held}
  ) h ON true`;
}

const memberColumns =
  "f.incoming_usd, f.outgoing_usd, f.incoming_transfers, f.outgoing_transfers, f.incoming_unpriced, f.outgoing_unpriced, f.assets, h.held";

/** Per address: activity dates, its flows and its positive balances. */
async function addressRows(db: Queryable, ids: readonly number[], parts: SummaryParts): Promise<MemberRow[]> {
  if (ids.length === 0) return [];
  return db.query<MemberRow>(
    `SELECT k.id, 1 AS address_count, a.first_active, a.last_active, ${memberColumns}
     FROM unnest($1::bigint[]) AS k(id)
     CROSS JOIN LATERAL (SELECT first_active, last_active FROM addresses WHERE id = k.id OFFSET 0) a
     ${addressSummarySql("k.id", "$2", "$3")}`,
    [ids, needsFlows(parts), needsBalances(parts)],
  );
}

/** Per entity: its addresses' count, activity and balances, and its own flows (internal excluded). */
async function entityRows(db: Queryable, ids: readonly number[], parts: SummaryParts): Promise<MemberRow[]> {
  if (ids.length === 0) return [];
  return db.query<MemberRow>(
    `SELECT k.id, a.address_count, a.first_active, a.last_active, ${memberColumns}
     FROM unnest($1::int[]) AS k(id)
     CROSS JOIN LATERAL (
       SELECT count(*)::int AS address_count, min(first_active) AS first_active, max(last_active) AS last_active
       FROM addresses WHERE entity_id = k.id
     ) a
     ${flowsSql("entity_daily_flows", "k.id", "$2")}
     LEFT JOIN LATERAL (
       SELECT json_agg(json_build_array(asset_id, raw)) AS held FROM (
         SELECT b.asset_id, sum(b.balance_raw)::text AS raw FROM addresses x
         JOIN address_balances b ON b.address_id = x.id
         WHERE x.entity_id = k.id AND b.balance_raw > 0 AND $3 GROUP BY b.asset_id
       ) s
     ) h ON true`,
    [ids, needsFlows(parts), needsBalances(parts)],
  );
}

const needsFlows = (parts: SummaryParts) => parts.includeVolumeMetrics || parts.includeAssetCount;
const needsBalances = (parts: SummaryParts) => parts.includeBalanceMetrics || parts.includeAssetCount;

function heldOf(row: MemberRow): [number, string][] {
  if (row.held === null) return [];
  return typeof row.held === "string" ? (JSON.parse(row.held) as [number, string][]) : row.held;
}

/** Decimals and the latest USD price (null when the asset has none) of each asset. */
async function assetPrices(
  db: Queryable,
  assetIds: readonly number[],
): Promise<Map<number, { decimals: number; usd: number | null }>> {
  if (assetIds.length === 0) return new Map();
  const rows = await db.query<{ id: number; decimals: number; usd: number | null }>(
    `SELECT s.id, s.decimals, p.usd
     FROM unnest($1::int[]) AS k(id)
     JOIN assets s ON s.id = k.id
     LEFT JOIN LATERAL (
       SELECT usd FROM asset_prices ap WHERE ap.asset_id = k.id ORDER BY ap.day DESC LIMIT 1
     ) p ON true`,
    [assetIds],
  );
  return new Map(rows.map((row) => [row.id, { decimals: row.decimals, usd: row.usd }]));
}

interface Tally {
  addressCount: number;
  first: number | null;
  last: number | null;
  incomingUsd: number;
  outgoingUsd: number;
  incomingTransfers: number;
  outgoingTransfers: number;
  incomingUnpriced: number;
  outgoingUnpriced: number;
  moved: Set<number>;
  held: Set<number>;
  balanceUsd: number;
  unpriced: boolean;
}

const cents = (value: number) => Math.round(value * 100) / 100;
const time = (value: Date | string | null) => (value === null ? null : new Date(value).getTime());

/**
 * 000 §3 Metrics summaries of any number of groups, in three queries whatever their number: the
 * member addresses' and the member entities' activity, flows (address_daily_flows,
 * entity_daily_flows) and positive balances (address_balances), each read by key, then the held
 * assets' latest prices.
 * - totalUniqueAssets: assets the group ever moved; activeUniqueAssets: assets it holds now.
 * - balanceAmountUsd: held balances at each asset's latest price; an asset without a price is left
 *   out and makes the balance estimated (isBalanceEstimated, shown with a "+", 000 §9).
 * - Members are added, not merged: for a custom entity holding an entity and some of its
 *   addresses, those addresses count twice.
 */
export async function groupSummaries(
  db: Queryable,
  members: SummaryMembers,
  parts: SummaryParts,
): Promise<Map<number, MetricsSummary>> {
  const addressIds = [...new Set(members.addresses.map((member) => member.addressId))];
  const entityIds = [...new Set(members.entities.map((member) => member.entityId))];
  const addresses = await addressRows(db, addressIds, parts);
  const entities = await entityRows(db, entityIds, parts);
  const byKey = (rows: readonly MemberRow[]) => new Map(rows.map((row) => [Number(row.id), row]));
  const addressByKey = byKey(addresses);
  const entityByKey = byKey(entities);
  return summarize(
    db,
    [
      ...members.addresses.map((member) => ({
        group: member.group,
        row: addressByKey.get(member.addressId),
      })),
      ...members.entities.map((member) => ({ group: member.group, row: entityByKey.get(member.entityId) })),
    ],
    parts,
  );
}

/** Adds up member rows per group into 000 §3 summaries, pricing the held assets in one query. */
export async function summarize(
  db: Queryable,
  members: readonly { group: number; row: MemberRow | undefined }[],
  parts: SummaryParts,
): Promise<Map<number, MetricsSummary>> {
  const held = new Map<MemberRow, [number, string][]>();
  for (const { row } of members) if (row && !held.has(row)) held.set(row, heldOf(row));
  const prices = await assetPrices(db, [...new Set([...held.values()].flat().map(([asset]) => asset))]);
  const tallies = new Map<number, Tally>();
  for (const { group, row } of members) {
    const tally = tallies.get(group) ?? {
      addressCount: 0,
      first: null,
      last: null,
      incomingUsd: 0,
      outgoingUsd: 0,
      incomingTransfers: 0,
      outgoingTransfers: 0,
      incomingUnpriced: 0,
      outgoingUnpriced: 0,
      moved: new Set<number>(),
      held: new Set<number>(),
      balanceUsd: 0,
      unpriced: false,
    };
    tallies.set(group, tally);
    if (!row) continue;
    tally.addressCount += row.address_count;
    const first = time(row.first_active);
    const last = time(row.last_active);
    if (first !== null && (tally.first === null || first < tally.first)) tally.first = first;
    if (last !== null && (tally.last === null || last > tally.last)) tally.last = last;
    tally.incomingUsd += row.incoming_usd ?? 0;
    tally.outgoingUsd += row.outgoing_usd ?? 0;
    tally.incomingTransfers += Number(row.incoming_transfers ?? 0);
    tally.outgoingTransfers += Number(row.outgoing_transfers ?? 0);
    tally.incomingUnpriced += Number(row.incoming_unpriced ?? 0);
    tally.outgoingUnpriced += Number(row.outgoing_unpriced ?? 0);
    for (const asset of row.assets ?? []) tally.moved.add(Number(asset));
    for (const [asset, raw] of held.get(row) ?? []) {
      tally.held.add(asset);
      const price = prices.get(asset);
      if (!price || price.usd === null) tally.unpriced = true;
      else tally.balanceUsd += (Number(raw) / 10 ** price.decimals) * price.usd;
    }
  }
  const summaries = new Map<number, MetricsSummary>();
  for (const [group, tally] of tallies) {
    const summary: MetricsSummary = {
      addressCount: tally.addressCount,
      firstActiveDate: tally.first === null ? null : toIso(new Date(tally.first)),
      lastActiveDate: tally.last === null ? null : toIso(new Date(tally.last)),
    };
    if (parts.includeBalanceMetrics) {
      summary.balanceAmountUsd = cents(tally.balanceUsd);
      summary.isBalanceEstimated = tally.unpriced;
    }
    if (parts.includeAssetCount) {
      summary.totalUniqueAssets = tally.moved.size;
      summary.activeUniqueAssets = tally.held.size;
    }
    if (parts.includeVolumeMetrics) {
      summary.incomingVolumeUsd = knownVolumeUsd(
        tally.incomingUsd,
        tally.incomingTransfers,
        tally.incomingUnpriced,
      );
      summary.outgoingVolumeUsd = knownVolumeUsd(
        tally.outgoingUsd,
        tally.outgoingTransfers,
        tally.outgoingUnpriced,
      );
      summary.totalVolumeUsd = knownVolumeUsd(
        tally.incomingUsd + tally.outgoingUsd,
        tally.incomingTransfers + tally.outgoingTransfers,
        tally.incomingUnpriced + tally.outgoingUnpriced,
      );
      summary.incomingTransfers = tally.incomingTransfers;
      summary.outgoingTransfers = tally.outgoingTransfers;
      summary.totalTransfers = tally.incomingTransfers + tally.outgoingTransfers;
      summary.unpricedTransfers = tally.incomingUnpriced + tally.outgoingUnpriced;
    }
    summaries.set(group, summary);
  }
  return summaries;
}
