import { formatUsdVolume } from "./usdVolume.ts";

// Issue 43: unknown is never zero. One formatter decides how a USD figure reads in the console, the
// CLI and the report: a value with no price reads as unknown (never "$0.00"), and a total over
// transfers of which some have no price says it is a lower bound and how many are missing.

/** How an unknown USD value reads in a table cell, a chart label or the CLI. Our wording. */
export const unknownUsdText = "no price";
/** Why a USD value is unknown, for a title or a note beside it. */
export const unknownUsdReason = "No USD price for this asset that day";

/**
 * One USD value: unknown (null) says so, never "$0.00"; under a dollar it is shown raw (002 §9),
 * otherwise with 2 decimals (000 §9).
 */
export function usdText(usd: number | null | undefined): string {
  return usd === null || usd === undefined ? unknownUsdText : formatUsdVolume(usd);
}

/** A USD total and how many of the transfers it sums have no USD price. */
export interface UsdTotal {
  /** The sum over the priced transfers; null when none of them has a price. */
  usd: number | null | undefined;
  /** Transfers summed (priced or not). */
  transfers: number;
  /** Of those, the transfers with no USD price. */
  unpriced: number;
}

/**
 * A USD total as it reads: plain money when every transfer has a price; "at least $X; N of M
 * transfers have no USD price" when some have none; "unknown: none of the M transfers has a USD
 * price" when none has one.
 */
export function usdTotalText(total: UsdTotal): string {
  const { transfers, unpriced } = total;
  if (unpriced <= 0) return usdText(total.usd);
  if (unpriced >= transfers || total.usd === null || total.usd === undefined)
    return transfers === 1
      ? "unknown: its transfer has no USD price"
      : `unknown: none of the ${transfers.toLocaleString("en-US")} transfers has a USD price`;
  return `at least ${formatUsdVolume(total.usd)}; ${unpriced.toLocaleString("en-US")} of ${transfers.toLocaleString("en-US")} transfers have no USD price`;
}

/**
 * One side of a day's exposure row (000 §7), whose volume sums priced transfers only: plain money
 * when none of the side's transfers lacks a price; unknown when nothing on it was priced; otherwise
 * "at least $X", a floor. Short enough for a table cell; usdTotalText says it in full.
 */
export function usdFloorText(usd: number | null | undefined, unpriced: number | null | undefined): string {
  if (!unpriced || unpriced <= 0) return usdText(usd);
  if (usd === null || usd === undefined || usd === 0) return unknownUsdText;
  return `at least ${formatUsdVolume(usd)}`;
}

/**
 * Why a balance has no USD value: what it holds has no price, or (an address whose history was
 * imported from part-way, issue 43) its transfers show no positive holding, so what it holds is not
 * known at all.
 */
export function unknownBalanceText(heldAssets: number | null | undefined): string {
  return heldAssets === 0
    ? "unknown: its imported transfers do not show what it holds"
    : `unknown: ${unknownUsdText} for what it holds`;
}

/** A USD value in a CSV cell: the number as written, an empty cell when unknown (never 0). */
export function usdCsvCell(usd: number | null | undefined): string {
  return usd === null || usd === undefined || !Number.isFinite(usd) ? "" : String(usd);
}
