import { formatMoney, missingValueText } from "./numbers.ts";

/** Up to this many significant digits for an amount under a dollar: raw, not rounded to cents. */
const subDollarDigits = 6;
const subDollar = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumSignificantDigits: subDollarDigits,
});

/**
 * 002 §9: a USD volume under one dollar shows raw (not "$0.00"); larger ones with 000 §9's two
 * decimals. null, a missing price, shows the missing-value text, never "$0.00".
 */
export function formatUsdVolume(usd: number | null): string {
  if (usd === null || !Number.isFinite(usd)) return missingValueText;
  if (usd !== 0 && Math.abs(usd) < 1) return subDollar.format(usd);
  return formatMoney(usd);
}
