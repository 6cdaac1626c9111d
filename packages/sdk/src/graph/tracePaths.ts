import type { CounterpartyNameKind } from "../attribution/counterpartyName.ts";
import { usdText } from "../format/usdAmount.ts";
import { assetAmountText } from "./flowLabel.ts";
import type { TraceNode, TracePath, TraceResult } from "./graphExplore.ts";

// Issue 39 "traces you can read": a trace's answer as the list of its paths the console opens and
// `sleuth trace` prints: where each ends, why it stopped, its hops and the smallest amount on it,
// the largest amounts first.

/** Why a path stopped, in words. Ours. */
export const traceStopTexts = {
  exchange: "reached an exchange",
  mixer: "reached a mixer",
  bridge: "reached a bridge",
  sanctioned: "reached a sanctioned party",
  end: "no flow on above the minimum",
  hops: "hop limit",
} as const satisfies Record<NonNullable<TraceNode["stop"]>, string>;

export interface TracePathRow {
  /** The path's nodes, origin first. */
  trmUrns: string[];
  /** The end's URN and its name as the node is named (an entity, a label, else the address). */
  end: string;
  endName: string;
  endNameKind: CounterpartyNameKind | null;
  stop: TraceNode["stop"];
  stopText: string;
  hops: number;
  /** The smallest priced flow on the path: at most this much of the origin's funds reached the end. */
  amountUsd: number | null;
  /** With no price on the path: its smallest amount in the one asset it moved, if it moved one. */
  amount: TracePath["amount"];
  /** The USD amount, else the amount and its asset (`0.49746294 ETH`), else the unknown-price text. */
  amountText: string;
}

function amountTextOf(path: Pick<TracePath, "amountUsd" | "amount">): string {
  if (path.amountUsd === null && path.amount) return assetAmountText(path.amount);
  return usdText(path.amountUsd);
}

/**
 * A trace's paths, largest USD amount first; then the unpriced ones, by asset and largest amount in
 * it; those with no amount at all last; then fewest hops.
 */
export function tracePathRows(result: Pick<TraceResult, "origin" | "nodes" | "paths">): TracePathRow[] {
  const nodes = new Map([result.origin, ...result.nodes].map((node) => [node.trmUrn, node]));
  const rows = result.paths.map((path): TracePathRow => {
    const end = path.trmUrns.at(-1) ?? "";
    const node = nodes.get(end);
    return {
      trmUrns: path.trmUrns,
      end,
      endName: node?.label ?? end,
      endNameKind: node?.nameKind ?? null,
      stop: path.stop,
      stopText: path.stop === null ? "" : traceStopTexts[path.stop],
      hops: path.trmUrns.length - 1,
      amountUsd: path.amountUsd,
      amount: path.amount,
      amountText: amountTextOf(path),
    };
  });
  // Amounts in an asset's own units compare only within that asset: such paths sit together, by asset.
  const unpricedAsset = (row: TracePathRow) =>
    row.amountUsd === null ? (row.amount?.asset ?? "\uffff") : "";
  return rows.sort(
    (a, b) =>
      (b.amountUsd ?? Number.NEGATIVE_INFINITY) - (a.amountUsd ?? Number.NEGATIVE_INFINITY) ||
      unpricedAsset(a).localeCompare(unpricedAsset(b)) ||
      (b.amount?.value ?? 0) - (a.amount?.value ?? 0) ||
      a.hops - b.hops ||
      a.end.localeCompare(b.end),
  );
}
