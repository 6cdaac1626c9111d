import { z } from "zod";
import { formatMoney } from "../format/numbers.ts";
import { flowAmountSchema, graphNodeInfoSchema } from "./graphDocument.ts";

// Growing a graph from the server (docs/API.md "Graphs"): looking nodes up to plot them, expanding
// a node into its counterparties, and tracing funds hop by hop. The spec names none of these calls;
// they are ours, under the 002 §7 /graphs path.

const urn = z.string().min(1).max(300);

/** POST /graphs/nodes: what a node shows, for URNs about to be plotted (001 §9 caps the batch). */
/** How many nodes one lookup resolves; the console plots more batch by batch. */
export const graphNodesLookupMax = 500;
export const graphNodesRequestSchema = z.object({ trmUrns: z.array(urn).min(1).max(graphNodesLookupMax) });
export type GraphNodesRequest = z.infer<typeof graphNodesRequestSchema>;

export const expandDirections = ["incoming", "outgoing", "both"] as const;
export const expandDirectionSchema = z.enum(expandDirections);
export type ExpandDirection = z.infer<typeof expandDirectionSchema>;

// Expand shows the top 10 counterparties by volume unless asked for more (issue: adjustable).
export const expandDefaultLimit = 10;
export const expandMaxLimit = 100;

/**
 * POST /graphs/expand. `counterparties`: an address's or entity's counterparties (a transaction's
 * senders and receivers), by volume in each direction; `addresses`: an entity's (or custom entity's)
 * own addresses, by volume.
 */
export const expandRequestSchema = z.object({
  trmUrn: urn,
  direction: expandDirectionSchema.default("both"),
  limit: z.number().int().min(1).max(expandMaxLimit).default(expandDefaultLimit),
  mode: z.enum(["counterparties", "addresses"]).default("counterparties"),
});
export type ExpandRequest = z.input<typeof expandRequestSchema>;

/** A flow between two nodes, summed over assets. */
export const graphFlowSchema = z.object({
  source: urn,
  target: urn,
  /** Null when none of the flow's transfers has a USD price (issue 43: unknown, never 0). */
  amountUsd: z.number().nullable(),
  /**
   * Issue 43 (ours): when the flow moved one asset, its amount in that asset's own units, so a flow
   * without a USD price still says how much it moved; null when it moved several assets.
   */
  amount: flowAmountSchema.nullable(),
  transfers: z.number().int().nonnegative(),
  assets: z.array(z.string()),
  firstAt: z.iso.datetime({ offset: true }).nullable(),
  lastAt: z.iso.datetime({ offset: true }).nullable(),
});
export type GraphFlow = z.infer<typeof graphFlowSchema>;

export const expandNeighbourSchema = z.object({
  node: graphNodeInfoSchema,
  /** incoming: the neighbour sent to the subject; outgoing: the subject sent to it; null: owned address. */
  direction: z.enum(["incoming", "outgoing"]).nullable(),
  flow: graphFlowSchema.nullable(),
});
export type ExpandNeighbour = z.infer<typeof expandNeighbourSchema>;

export const expandResultSchema = z.object({
  subject: graphNodeInfoSchema,
  neighbours: z.array(expandNeighbourSchema),
  /** Per direction asked: more neighbours exist beyond the limit. */
  hasMore: z.object({ incoming: z.boolean(), outgoing: z.boolean() }),
});
export type ExpandResult = z.infer<typeof expandResultSchema>;

// Tracing stops where funds become hard to follow or reach a party that answers subpoenas: an
// attributed exchange, a mixer, a bridge, a sanctioned party. The category keys (and everything
// under them in the category model) and the reason each gives.
export const traceStopReasons = ["exchange", "mixer", "bridge", "sanctioned"] as const;
export type TraceStopReason = (typeof traceStopReasons)[number];
export const traceStopCategoryKeys: Readonly<Record<string, TraceStopReason>> = {
  exchange: "exchange",
  mixing_service: "mixer",
  mixing: "mixer",
  defi_bridge: "bridge",
  sanction: "sanctioned",
};

// Choice: the bounds of a trace. Defaults give a readable graph; the maxima bound the paths one
// request may ask the server to walk, even from the busiest address.
export const traceLimits = {
  hops: { default: 4, max: 8 },
  fanOut: { default: 5, max: 20 },
  minUsd: { default: 100 },
  timeBudgetMs: { default: 2_000, min: 100, max: 10_000 },
  nodes: 500,
} as const;

/** POST /graphs/trace */
export const traceRequestSchema = z.object({
  trmUrn: urn,
  direction: z.enum(["outgoing", "incoming"]).default("outgoing"),
  hops: z.number().int().min(1).max(traceLimits.hops.max).default(traceLimits.hops.default),
  fanOut: z.number().int().min(1).max(traceLimits.fanOut.max).default(traceLimits.fanOut.default),
  minUsd: z.number().min(0).finite().default(traceLimits.minUsd.default),
  /**
   * Issue 43: a threshold in an asset's own units (`10 ETH`): a flow carrying that asset is kept when
   * it moved at least this much of it, priced or not. Flows without a USD price are otherwise kept.
   */
  minAmount: z
    .object({
      amount: z.number().positive().finite(),
      /** A symbol (the assets of that symbol) or an asset URN. */
      asset: z.string().trim().min(1).max(200),
    })
    .optional(),
  timeBudgetMs: z
    .number()
    .int()
    .min(traceLimits.timeBudgetMs.min)
    .max(traceLimits.timeBudgetMs.max)
    .default(traceLimits.timeBudgetMs.default),
});
export type TraceRequest = z.input<typeof traceRequestSchema>;

export const traceNodeSchema = graphNodeInfoSchema.extend({
  hop: z.number().int().nonnegative(),
  /** Why the trace did not go on from here; null for nodes it went through. */
  stop: z.enum([...traceStopReasons, "hops", "end"]).nullable(),
});
export type TraceNode = z.infer<typeof traceNodeSchema>;

export const tracePathSchema = z.object({
  /** From the origin to the end, in the direction traced. */
  trmUrns: z.array(urn).min(2),
  /**
   * At most this much of the origin's funds can have reached the end: the smallest flow on the path
   * with a USD price; null when no flow on it has one.
   */
  amountUsd: z.number().nullable(),
  /**
   * Issue 43 (followed by amount): when no flow on the path has a USD price and every flow on it
   * moved one and the same asset, the smallest of those amounts in that asset's own units; else null.
   */
  amount: flowAmountSchema.nullable(),
  stop: traceNodeSchema.shape.stop,
});
export type TracePath = z.infer<typeof tracePathSchema>;

export const traceResultSchema = z.object({
  origin: traceNodeSchema,
  nodes: z.array(traceNodeSchema),
  /** Flows in the direction funds moved (source sent to target). */
  flows: z.array(graphFlowSchema),
  paths: z.array(tracePathSchema),
  /** Where the trace cut short: more hops, more counterparties, nodes or time would have found more. */
  cut: z.object({ hops: z.boolean(), fanOut: z.boolean(), nodes: z.boolean(), time: z.boolean() }),
  /** Issue 43: how many of the flows have no USD price (followed by amount, not dropped). */
  unpricedFlows: z.number().int().nonnegative(),
  elapsedMs: z.number().nonnegative(),
});
export type TraceResult = z.infer<typeof traceResultSchema>;

/**
 * `sleuth trace --min-amount 10 ETH` (and the console's trace dialog): an amount and the asset it is
 * counted in, or null when the text is not one ("10 ETH", "0.5 urn:sleuth:asset:…").
 */
export function parseMinAmount(text: string): { amount: number; asset: string } | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s+(\S+)\s*$/.exec(text);
  if (match === null) return null;
  const amount = Number(match[1]);
  return amount > 0 && Number.isFinite(amount) ? { amount, asset: match[2]! } : null;
}

/**
 * The console's trace dialog: `50 USD` (or `$50`) sets the USD minimum, `10 ETH` (or an asset URN)
 * an asset's minimum in its own units; null when the text is neither.
 */
export function parseTraceMinimum(text: string): Pick<TraceRequest, "minUsd" | "minAmount"> | null {
  const usd = /^\s*(?:\$\s*(\d+(?:\.\d+)?)|(\d+(?:\.\d+)?)\s*(?:USD|\$))\s*$/i.exec(text);
  if (usd) return { minUsd: Number(usd[1] ?? usd[2]) };
  const minAmount = parseMinAmount(text);
  return minAmount ? { minAmount } : null;
}

/**
 * The words for a trace that found nothing: every flow with a USD price was under the minimum (flows
 * without one are followed unless an asset minimum leaves them out). Each surface says how to go lower.
 */
export function describeEmptyTrace(request: {
  direction: "outgoing" | "incoming";
  minUsd: number;
  minAmount?: { amount: number; asset: string } | null | undefined;
}): string {
  const side = request.direction === "outgoing" ? "out of" : "into";
  const minimum = request.minAmount
    ? `${formatMoney(request.minUsd)} or ${request.minAmount.amount} ${request.minAmount.asset}`
    : formatMoney(request.minUsd);
  return `No flow ${side} it reaches the ${minimum} minimum.`;
}

/** The words for how many of a trace's flows have no USD price, or null when all have one. */
export function describeUnpricedFlows(result: Pick<TraceResult, "unpricedFlows" | "flows">): string | null {
  if (result.unpricedFlows === 0) return null;
  return `${result.unpricedFlows} of ${result.flows.length} flows have no USD price: they were followed by amount.`;
}

/** The words for a trace's cuts, for the console's message and the CLI's stderr. */
export function describeTraceCut(cut: TraceResult["cut"]): string | null {
  const parts = [
    cut.hops ? "the hop limit" : null,
    cut.fanOut ? "the counterparties per node" : null,
    cut.nodes ? "the node limit" : null,
    cut.time ? "the time budget" : null,
  ].filter((part) => part !== null);
  return parts.length === 0 ? null : `The trace was cut short by ${parts.join(", ")}.`;
}
