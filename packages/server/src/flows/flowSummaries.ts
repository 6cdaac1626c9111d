import {
  type AssetFlowSummary,
  type AssetMetrics,
  assetUrn,
  type ChainId,
  type DailyFlow,
  type FlowSummary,
  type FlowSummaryFilters,
  type TxDateRange,
} from "@sleuth/sdk";
import { unitsOf } from "../search/transactionLookup.ts";
import type { Queryable } from "../store/store.ts";
import type { FlowSubjectRows } from "./flowSubjects.ts";

/** The days of a txDate range (the daily rollups answer whole UTC days). */
export function dayBounds(range: TxDateRange | undefined): { from: string | null; to: string | null } {
  return { from: range?.gte?.slice(0, 10) ?? null, to: range?.lte?.slice(0, 10) ?? null };
}

/**
 * The daily flow rows of each subject (by its position in `subjects`), per asset: its addresses' rows
 * (address_daily_flows) and its entities' (entity_daily_flows, without internal transfers), each a
 * primary-key range. `priced` says whether every transfer of the row has a USD price (issue 43: the
 * rollups count the unpriced ones).
 */
function dailyFlowsSql(): string {
  return `WITH own AS (
      SELECT ord, address_id, NULL::int AS entity_id FROM unnest($1::int[], $2::bigint[]) AS x(ord, address_id)
      UNION ALL
      SELECT ord, NULL, entity_id FROM unnest($3::int[], $4::int[]) AS y(ord, entity_id)
    ), f AS (
      SELECT own.ord, d.day, d.asset_id, d.incoming_raw, d.outgoing_raw, d.incoming_usd, d.outgoing_usd,
        d.incoming_transfers, d.outgoing_transfers, d.incoming_unpriced, d.outgoing_unpriced
      FROM own CROSS JOIN LATERAL (
        SELECT * FROM address_daily_flows a WHERE a.address_id = own.address_id
          AND a.day >= coalesce($5::date, '-infinity') AND a.day <= coalesce($6::date, 'infinity')
        UNION ALL
        SELECT * FROM entity_daily_flows e WHERE e.entity_id = own.entity_id
          AND e.day >= coalesce($5::date, '-infinity') AND e.day <= coalesce($6::date, 'infinity')
      ) d
    ), fp AS (
      SELECT f.*, f.incoming_unpriced + f.outgoing_unpriced = 0 AS priced FROM f
    )`;
}

function ownParams(subjects: readonly FlowSubjectRows[], range: TxDateRange | undefined): unknown[] {
  const addressOrds: number[] = [];
  const addressIds: number[] = [];
  const entityOrds: number[] = [];
  const entityIds: number[] = [];
  subjects.forEach((subject, ord) => {
    for (const id of subject.addressIds) {
      addressOrds.push(ord);
      addressIds.push(id);
    }
    for (const id of subject.entityIds) {
      entityOrds.push(ord);
      entityIds.push(id);
    }
  });
  const { from, to } = dayBounds(range);
  return [addressOrds, addressIds, entityOrds, entityIds, from, to];
}

// A side's USD is 0 with no transfers on it, its sum when one of its transfers had a price, else unknown.
const sideUsd = (side: "incoming" | "outgoing") =>
  `CASE WHEN sum(${side}_transfers) = 0 THEN 0 WHEN sum(${side}_unpriced) < sum(${side}_transfers) THEN sum(${side}_usd) END`;

interface AssetSqlRow {
  ord: number;
  chain: ChainId;
  contract: string;
  symbol: string;
  decimals: number;
  in_raw: string;
  out_raw: string;
  in_usd: number | null;
  out_usd: number | null;
  in_n: string | number;
  out_n: string | number;
  unpriced_n: string | number;
  partial: boolean;
}

function assetRowOf(row: AssetSqlRow): AssetFlowSummary {
  return {
    assetUrn: assetUrn(row.chain, row.contract),
    asset: row.symbol,
    chain: row.chain,
    incomingVolumeRaw: unitsOf(row.in_raw, row.decimals),
    outgoingVolumeRaw: unitsOf(row.out_raw, row.decimals),
    incomingVolumeUsd: row.in_usd,
    outgoingVolumeUsd: row.out_usd,
    incomingTransfers: Number(row.in_n),
    outgoingTransfers: Number(row.out_n),
  };
}

/** Adds up known USD values: null when none is known. */
function knownSum(values: readonly (number | null)[]): number | null {
  const known = values.filter((value): value is number => value !== null);
  return known.length === 0 ? null : known.reduce((sum, value) => sum + value, 0);
}

/** A 002 §3 flow summary from its per-asset rows. */
function summaryOf(assets: AssetFlowSummary[], partial: boolean, unpriced: number): FlowSummary {
  const incomingVolumeUsd =
    assets.length === 0 ? 0 : knownSum(assets.map((asset) => asset.incomingVolumeUsd));
  const outgoingVolumeUsd =
    assets.length === 0 ? 0 : knownSum(assets.map((asset) => asset.outgoingVolumeUsd));
  const incomingTransfers = assets.reduce((sum, asset) => sum + asset.incomingTransfers, 0);
  const outgoingTransfers = assets.reduce((sum, asset) => sum + asset.outgoingTransfers, 0);
  return {
    incomingVolumeUsd,
    outgoingVolumeUsd,
    totalVolumeUsd: knownSum([incomingVolumeUsd, outgoingVolumeUsd]),
    isUsdPartial: partial,
    incomingTransfers,
    outgoingTransfers,
    totalTransfers: incomingTransfers + outgoingTransfers,
    unpricedTransfers: unpriced,
    assets,
  };
}

/**
 * 000 §7 flows/{valueType}/summary (and /bulk): the 002 §3 flow summary of each subject, in order,
 * with per-asset rows, most transfers first. One statement for any number of subjects.
 */
export async function flowSummaries(
  db: Queryable,
  subjects: readonly FlowSubjectRows[],
  range: TxDateRange | undefined,
  filters: FlowSummaryFilters = {},
): Promise<FlowSummary[]> {
  const rows = await db.query<AssetSqlRow>(
    `${dailyFlowsSql()}
     SELECT fp.ord, s.chain, s.contract, s.symbol, s.decimals,
       sum(fp.incoming_raw)::text AS in_raw, sum(fp.outgoing_raw)::text AS out_raw,
       ${sideUsd("incoming")} AS in_usd, ${sideUsd("outgoing")} AS out_usd,
       sum(incoming_transfers) AS in_n, sum(outgoing_transfers) AS out_n,
       bool_or(NOT priced) AS partial, sum(incoming_unpriced + outgoing_unpriced) AS unpriced_n
     FROM fp JOIN assets s ON s.id = fp.asset_id
     GROUP BY fp.ord, s.id, s.chain, s.contract, s.symbol, s.decimals
     ORDER BY fp.ord, sum(incoming_transfers + outgoing_transfers) DESC, s.chain, s.symbol`,
    ownParams(subjects, range),
  );
  const bySubject = subjects.map(() => ({ assets: [] as AssetFlowSummary[], partial: false, unpriced: 0 }));
  const assetsKept = filters.assetUrns ? new Set(filters.assetUrns) : null;
  for (const row of rows) {
    const entry = bySubject[row.ord]!;
    const asset = assetRowOf(row);
    // 000 §7 filters: only the chain's or the named assets' flows count.
    if (filters.chain && asset.chain !== filters.chain) continue;
    if (assetsKept && !assetsKept.has(asset.assetUrn)) continue;
    entry.assets.push(asset);
    entry.partial ||= row.partial;
    entry.unpriced += Number(row.unpriced_n);
  }
  return bySubject.map((entry) => summaryOf(entry.assets, entry.partial, entry.unpriced));
}

/** The subject's incoming and outgoing USD per UTC day, oldest first (the Exposure pane's flows plot). */
export async function dailyFlows(
  db: Queryable,
  subject: FlowSubjectRows,
  range: TxDateRange | undefined,
): Promise<DailyFlow[]> {
  const rows = await db.query<{
    day: string;
    in_usd: number | null;
    out_usd: number | null;
    in_n: string | number;
    out_n: string | number;
  }>(
    `${dailyFlowsSql()}
     SELECT to_char(day, 'YYYY-MM-DD') AS day, ${sideUsd("incoming")} AS in_usd, ${sideUsd("outgoing")} AS out_usd,
       sum(incoming_transfers) AS in_n, sum(outgoing_transfers) AS out_n
     FROM fp GROUP BY day ORDER BY day`,
    ownParams([subject], range),
  );
  return rows.map((row) => ({
    date: row.day,
    incomingVolumeUsd: row.in_usd,
    outgoingVolumeUsd: row.out_usd,
    incomingTransfers: Number(row.in_n),
    outgoingTransfers: Number(row.out_n),
  }));
}

/**
 * 000 §7 metrics/{type}/by-asset/summary: each asset's flows and the subject's balance of it now,
 * priced at the asset's latest price (null without one), most transfers first.
 */
export async function assetMetrics(
  db: Queryable,
  subject: FlowSubjectRows,
  page: { limit: number; offset: number },
): Promise<AssetMetrics[]> {
  const [summary] = await flowSummaries(db, [subject], undefined);
  const assets = (summary?.assets ?? []).slice(page.offset, page.offset + page.limit);
  if (assets.length === 0) return [];
  const balances = await db.query<{ urn: string; decimals: number; balance: string; usd: number | null }>(
    `SELECT s.urn, s.decimals, sum(b.balance_raw)::text AS balance,
       sum(b.balance_raw) / (10::numeric ^ s.decimals) * (
         SELECT p.usd FROM asset_prices p WHERE p.asset_id = s.id ORDER BY p.day DESC LIMIT 1) AS usd
     FROM (SELECT unnest($1::bigint[]) AS id UNION SELECT id FROM addresses WHERE entity_id = ANY($2::int[])) own
     JOIN address_balances b ON b.address_id = own.id
     JOIN assets s ON s.id = b.asset_id
     WHERE s.urn = ANY($3::text[])
     GROUP BY s.id, s.urn, s.decimals`,
    [subject.addressIds, subject.entityIds, assets.map((asset) => asset.assetUrn)],
  );
  const byUrn = new Map(balances.map((row) => [row.urn, row]));
  return assets.map((asset) => {
    const balance = byUrn.get(asset.assetUrn);
    return {
      ...asset,
      balanceAmountRaw: balance ? unitsOf(balance.balance, balance.decimals) : "0",
      balanceAmountUsd: balance ? (balance.usd === null ? null : Number(balance.usd)) : 0,
    };
  });
}
