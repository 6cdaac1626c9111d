import {
  type GraphFlow,
  type TraceNode,
  type TracePath,
  type TraceResult,
  type TraceStopReason,
  traceLimits,
  traceStopCategoryKeys,
} from "@sleuth/sdk";
import type { Viewer } from "../metrics/index.ts";
import type { Queryable } from "../store/index.ts";
import { type CounterpartyRow, flowOf } from "./neighbours.ts";
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
  timeBudgetMs: number;
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

async function frontierCounterparties(
  db: Queryable,
  frontier: readonly number[],
  side: "incoming" | "outgoing",
  minUsd: number,
  fanOut: number,
): Promise<Array<CounterpartyRow & { from_id: number }>> {
  return db.query(
    `SELECT f.id AS from_id, x.*
       FROM unnest($1::bigint[]) AS f(id)
       CROSS JOIN LATERAL (
         SELECT c.counterparty_id AS id, sum(c.${side}_usd) AS usd, sum(c.${side}_transfers) AS transfers,
                min(c.first_transfer_at) AS first_at, max(c.last_transfer_at) AS last_at,
                array_agg(DISTINCT s.symbol) AS assets
           FROM address_counterparties c JOIN assets s ON s.id = c.asset_id
          WHERE c.address_id = f.id AND c.${side}_transfers > 0 AND c.counterparty_id <> f.id
          GROUP BY c.counterparty_id
         HAVING sum(c.${side}_usd) >= $2
          ORDER BY usd DESC, id
          LIMIT $3
       ) AS x`,
    [frontier, minUsd, fanOut + 1],
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
    amountUsd: a.amountUsd + b.amountUsd,
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

  // The origin's addresses all stand for the origin node.
  const seeds = new Set(await originAddresses(db, viewer, origin));
  const originNode: TraceNode = { ...origin.info, hop: 0, stop: null };
  const nodes = new Map<number, TraceNode>();
  // How each node was first reached: its parent and the flow's amount, for the paths.
  const parent = new Map<number, { from: number; amountUsd: number }>();
  const flowRows: Array<{ row: CounterpartyRow; from: number }> = [];
  let frontier = [...seeds];

  for (let hop = 1; hop <= options.hops && frontier.length > 0; hop++) {
    if (now() - started > options.timeBudgetMs) {
      cut.time = true;
      break;
    }
    const rows = await frontierCounterparties(db, frontier, side, options.minUsd, options.fanOut);
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
          parent.set(id, { from, amountUsd: Number(row.usd) });
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
    let at = id;
    while (!seeds.has(at)) {
      const step = parent.get(at);
      if (!step) break;
      amount = Math.min(amount, step.amountUsd);
      at = step.from;
      chain.unshift(at);
    }
    const trmUrns = chain.map((step) => urnOf(step)!);
    // An incoming trace walks back from the origin; its paths still read in the direction traced.
    paths.push({ trmUrns, amountUsd: Number.isFinite(amount) ? amount : 0, stop: node.stop });
  }
  paths.sort((a, b) => b.amountUsd - a.amountUsd);

  return {
    origin: originNode,
    nodes: [...nodes.values()],
    flows: graphFlows,
    paths,
    cut,
    elapsedMs: Math.max(0, now() - started),
  };
}
