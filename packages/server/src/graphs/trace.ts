import {
  type GraphFlow,
  type TraceNode,
  type TracePath,
  type TraceResult,
  type TraceStopReason,
  traceLimits,
  traceStopCategoryKeys,
} from "@sleuth/sdk";
import { assetIdsNamed } from "../importers/priceWriter.ts";
import type { Viewer } from "../metrics/subjects.ts";
import type { Queryable } from "../store/store.ts";
import { amountOf, type CounterpartyRow, flowOf, flowUnitsSql, flowUsdSql } from "./neighbours.ts";
import { addressInfosById, type ResolvedNode, resolveNodes } from "./nodeInfo.ts";
import { busiestOwnedAddressIds, customEntityAddressUrns } from "./ownedAddresses.ts";

// Trace (issue 30): from an address (or an entity's or custom entity's addresses), follow its outgoing (or incoming) flows hop by hop over the
// address_counterparties rollup: at each hop every address of the frontier's top counterparties
// above the minimum, in one statement. A path ends at an attributed exchange, mixer, bridge or
// sanctioned party (docs/API.md "Trace"), at an address with no flow above the minimum, or at the
// hop limit. Bounded by hops, fan-out, nodes and time; the answer says which bound cut it.

export interface TraceOptions {
  trmUrn: string;
  direction: "outgoing" | "incoming";
  hops: number;
  fanOut: number;
  minUsd: number;
  /** Issue 43: a threshold in an asset's own units, for the flows carrying that asset. */
  minAmount?: { amount: number; asset: string } | undefined;
  timeBudgetMs: number;
}

/** A trace's thresholds: USD for priced flows, and an amount of some assets' own units. */
interface Thresholds {
  minUsd: number;
  amount: number | null;
  assetIds: number[];
}

/** The categories a trace stops at (those keys and every category under them), with the reason. */
async function stopCategories(db: Queryable): Promise<Map<number, TraceStopReason>> {
  const rows = await db.query<{ id: number; root: string }>(
    `WITH RECURSIVE stops (id, key, root) AS (
       SELECT id, key, key FROM categories WHERE key = ANY($1::text[])
       UNION
       SELECT c.id, c.key, s.root FROM categories c JOIN stops s ON c.parent_key = s.key
     )
     SELECT id, root FROM stops`,
    [Object.keys(traceStopCategoryKeys)],
  );
  return new Map(rows.map((row) => [Number(row.id), traceStopCategoryKeys[row.root]!]));
}

// The order reasons win in when an address carries several stop categories.
const reasonRank: Record<TraceStopReason, number> = { sanctioned: 0, mixer: 1, bridge: 2, exchange: 3 };

async function stopsOf(
  db: Queryable,
  ids: readonly number[],
  categories: Map<number, TraceStopReason>,
): Promise<Map<number, TraceStopReason>> {
  const stops = new Map<number, TraceStopReason>();
  if (ids.length === 0 || categories.size === 0) return stops;
  const rows = await db.query<{ address_id: number; category_id: number }>(
    `SELECT address_id, category_id FROM address_categories
      WHERE address_id = ANY($1::bigint[]) AND category_id = ANY($2::integer[])`,
    [ids, [...categories.keys()]],
  );
  for (const row of rows) {
    const reason = categories.get(Number(row.category_id))!;
    const id = Number(row.address_id);
    const current = stops.get(id);
    if (current === undefined || reasonRank[reason] < reasonRank[current]) stops.set(id, reason);
  }
  return stops;
}

/**
 * The frontier's top counterparties on one side. Issue 43: a flow carrying the threshold's asset is
 * kept when it moved at least that amount of it; else a flow whose transfers all have a USD price is
 * kept at the USD minimum; a flow with transfers without a price is kept (nothing says it is small).
 * Ranked by USD where known, then by its largest amount in one asset's own units.
 */
async function frontierCounterparties(
  db: Queryable,
  frontier: readonly number[],
  side: "incoming" | "outgoing",
  thresholds: Thresholds,
  fanOut: number,
): Promise<Array<CounterpartyRow & { from_id: number }>> {
  return db.query(
    `SELECT f.id AS from_id, x.*
       FROM unnest($1::bigint[]) AS f(id)
       CROSS JOIN LATERAL (
         SELECT c.counterparty_id AS id, ${flowUsdSql(side)} AS usd, sum(c.${side}_transfers) AS transfers,
                min(c.first_transfer_at) AS first_at, max(c.last_transfer_at) AS last_at,
                array_agg(DISTINCT s.symbol) AS assets, ${flowUnitsSql(side)} AS units
           FROM address_counterparties c JOIN assets s ON s.id = c.asset_id
          WHERE c.address_id = f.id AND c.${side}_transfers > 0 AND c.counterparty_id <> f.id
          GROUP BY c.counterparty_id
         HAVING CASE
           WHEN $4::numeric IS NOT NULL AND bool_or(c.asset_id = ANY($5::int[]))
             THEN sum(c.${side}_raw / (10::numeric ^ s.decimals)) FILTER (WHERE c.asset_id = ANY($5::int[])) >= $4::numeric
           WHEN sum(c.${side}_unpriced) = 0 THEN sum(c.${side}_usd) >= $2
           ELSE true END
          ORDER BY usd DESC NULLS LAST, units DESC, id
          LIMIT $3
       ) AS x`,
    [frontier, thresholds.minUsd, fanOut + 1, thresholds.amount, thresholds.assetIds],
  );
}

// Choice: an entity's trace starts from its busiest addresses, at most this many; their flows are
// the entity's (flows between them are internal and left out).
export const traceOriginAddresses = 100;

/** The store ids of the addresses a trace starts from: the origin's own, or an owner's addresses. */
async function originAddresses(db: Queryable, viewer: Viewer, origin: ResolvedNode): Promise<number[]> {
  if (origin.kind === "address") return [origin.id];
  if (origin.kind === "entity") return busiestOwnedAddressIds(db, origin.id, traceOriginAddresses);
  if (origin.kind === "customEntity") {
    const resolved = await resolveNodes(
      db,
      viewer,
      await customEntityAddressUrns(db, origin.id, traceOriginAddresses),
    );
    return resolved.flatMap((node) => (node.kind === "address" ? [node.id] : []));
  }
  return [];
}

function mergeFlows(a: GraphFlow, b: GraphFlow): GraphFlow {
  const earliest = (x: string | null, y: string | null) => (x === null ? y : y === null || x < y ? x : y);
  const latest = (x: string | null, y: string | null) => (x === null ? y : y === null || x > y ? x : y);
  return {
    ...a,
    amountUsd: a.amountUsd === null && b.amountUsd === null ? null : (a.amountUsd ?? 0) + (b.amountUsd ?? 0),
    // Amounts add up only in one and the same asset.
    amount:
      a.amount && b.amount && a.amount.asset === b.amount.asset
        ? { asset: a.amount.asset, value: a.amount.value + b.amount.value }
        : null,
    transfers: a.transfers + b.transfers,
    assets: [...new Set([...a.assets, ...b.assets])],
    firstAt: earliest(a.firstAt, b.firstAt),
    lastAt: latest(a.lastAt, b.lastAt),
  };
}

/** Runs a trace; null when the origin is not an address, entity or custom entity the store knows. */
export async function traceFunds(
  db: Queryable,
  viewer: Viewer,
  options: TraceOptions,
  now: () => number = () => performance.now(),
): Promise<TraceResult | null> {
  const started = now();
  const [origin] = await resolveNodes(db, viewer, [options.trmUrn]);
  if (!origin || origin.kind === "transaction") return null;
  const side = options.direction;
  const categories = await stopCategories(db);
  const cut = { hops: false, fanOut: false, nodes: false, time: false };
  const thresholds: Thresholds = {
    minUsd: options.minUsd,
    amount: options.minAmount?.amount ?? null,
    assetIds: options.minAmount ? await assetIdsNamed(db, options.minAmount.asset) : [],
  };

  // The origin's addresses all stand for the origin node.
  const seeds = new Set(await originAddresses(db, viewer, origin));
  const originNode: TraceNode = { ...origin.info, hop: 0, stop: null };
  const nodes = new Map<number, TraceNode>();
  // How each node was first reached: its parent and the flow's amount, for the paths.
  // A step's amount in its asset's own units counts only when the flow moved one asset.
  const parent = new Map<
    number,
    { from: number; amountUsd: number | null; amount: { value: number; asset: string } | null }
  >();
  const flowRows: Array<{ row: CounterpartyRow; from: number }> = [];
  let frontier = [...seeds];

  for (let hop = 1; hop <= options.hops && frontier.length > 0; hop++) {
    if (now() - started > options.timeBudgetMs) {
      cut.time = true;
      break;
    }
    const rows = await frontierCounterparties(db, frontier, side, thresholds, options.fanOut);
    const byFrom = new Map<number, typeof rows>();
    for (const row of rows) {
      const from = Number(row.from_id);
      byFrom.set(from, [...(byFrom.get(from) ?? []), row]);
    }
    const fresh: number[] = [];
    for (const from of frontier) {
      const own = byFrom.get(from) ?? [];
      if (own.length > options.fanOut) cut.fanOut = true;
      const reached = nodes.get(from);
      if (own.length === 0 && reached) reached.stop = "end";
      for (const row of own.slice(0, options.fanOut)) {
        const id = Number(row.id);
        // Flows among the origin's own addresses are internal to it.
        if (seeds.has(from) && seeds.has(id)) continue;
        if (!seeds.has(id) && !nodes.has(id) && !fresh.includes(id)) {
          if (nodes.size + fresh.length >= traceLimits.nodes) {
            cut.nodes = true;
            continue;
          }
          fresh.push(id);
          parent.set(id, {
            from,
            amountUsd: row.usd === null ? null : Number(row.usd),
            amount: amountOf(row),
          });
        }
        flowRows.push({ row, from });
      }
    }
    const infos = await addressInfosById(db, fresh);
    const stops = await stopsOf(db, fresh, categories);
    for (const id of fresh) {
      const info = infos.get(id);
      if (!info) continue;
      nodes.set(id, { ...info, hop, stop: stops.get(id) ?? null });
    }
    if (hop === 1 && rows.length === 0) originNode.stop = "end";
    frontier = fresh.filter((id) => nodes.get(id)?.stop === null);
  }
  // Whatever is left on the frontier was not followed further.
  for (const id of frontier) {
    const node = nodes.get(id);
    if (node && node.stop === null) {
      node.stop = "hops";
      if (!cut.time) cut.hops = true;
    }
  }

  const urnOf = (id: number) => (seeds.has(id) ? originNode.trmUrn : nodes.get(id)?.trmUrn);
  // Several of an entity's addresses may pay the same counterparty: one flow, summed.
  const byEnds = new Map<string, GraphFlow>();
  for (const { row, from } of flowRows) {
    const source = urnOf(from);
    const target = urnOf(Number(row.id));
    if (!source || !target) continue;
    const flow = flowOf(row, source, target, side);
    const key = `${flow.source} ${flow.target}`;
    const seen = byEnds.get(key);
    byEnds.set(key, seen ? mergeFlows(seen, flow) : flow);
  }
  const graphFlows = [...byEnds.values()];

  const paths: TracePath[] = [];
  for (const [id, node] of nodes) {
    if (node.stop === null) continue;
    const chain: number[] = [id];
    let amount = Number.POSITIVE_INFINITY;
    // The smallest amount in one asset's units, while every step so far moved that one asset.
    let units: { value: number; asset: string } | null | undefined;
    let at = id;
    while (!seeds.has(at)) {
      const step = parent.get(at);
      if (!step) break;
      if (step.amountUsd !== null) amount = Math.min(amount, step.amountUsd);
      units =
        units === null || step.amount === null || (units && units.asset !== step.amount.asset)
          ? null
          : { asset: step.amount.asset, value: Math.min(units?.value ?? Infinity, step.amount.value) };
      at = step.from;
      chain.unshift(at);
    }
    const trmUrns = chain.map((step) => urnOf(step)!);
    const amountUsd = Number.isFinite(amount) ? amount : null;
    // An incoming trace walks back from the origin; its paths still read in the direction traced.
    paths.push({ trmUrns, amountUsd, amount: amountUsd === null ? (units ?? null) : null, stop: node.stop });
  }
  // Priced paths first, largest first; then those no price reaches.
  paths.sort((a, b) =>
    a.amountUsd === null
      ? b.amountUsd === null
        ? 0
        : 1
      : b.amountUsd === null
        ? -1
        : b.amountUsd - a.amountUsd,
  );

  return {
    origin: originNode,
    nodes: [...nodes.values()],
    flows: graphFlows,
    paths,
    cut,
    unpricedFlows: graphFlows.filter((flow) => flow.amountUsd === null).length,
    elapsedMs: Math.max(0, now() - started),
  };
}
