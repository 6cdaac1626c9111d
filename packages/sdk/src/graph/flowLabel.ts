import { formatBalance, formatMoney } from "../format/numbers.ts";
import { usdText } from "../format/usdAmount.ts";

// Issue 43: what a flow says of its size on the graph (its edge, the PNG and SVG picture) and in a
// trace's paths: USD where every transfer has a price, else the amount in the one asset it moved.

/** An amount in one asset's own units: `0.49746294 ETH`. */
export function assetAmountText(amount: { value: number; asset: string }): string {
  return `${formatBalance(amount.value)} ${amount.asset}`;
}

/** A flow edge's label: `$1,200.00 ETH`, `0.5 ETH` without a price, `no price ETH, USDT` otherwise. */
export function flowLabel(flow: {
  amountUsd: number | null;
  amount?: { value: number; asset: string } | null | undefined;
  assets: readonly string[];
}): string {
  if (flow.amountUsd === null && flow.amount) return assetAmountText(flow.amount);
  const assets = flow.assets.length > 0 ? ` ${flow.assets.slice(0, 3).join(", ")}` : "";
  return `${flow.amountUsd === null ? usdText(null) : formatMoney(flow.amountUsd)}${assets}`;
}
