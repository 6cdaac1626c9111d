import { percentageDenominatorThreshold } from "../constants/limits.ts";

/** Shown wherever a number is missing or not finite. */
export const missingValueText = "—";

/** 000 §9: money is shown with 2 decimals. */
export const moneyDecimals = 2;
/** 001 §9: balance amounts are shown to 8 decimals. */
export const balanceDecimals = 8;
/** 000 §9: portfolio values from this amount up show as '1 Trillion+'. */
export const portfolioTrillionThreshold = 1e12;
/** 001 §9: percentages are shown with 1 to 7 decimals; smaller ones as '<0.1%'. */
export const percentageDecimals = { min: 1, max: 7 } as const;
export const smallPercentageLabel = "<0.1%";
export const trillionPlusLabel = "1 Trillion+";

const money = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  signDisplay: "negative",
  minimumFractionDigits: moneyDecimals,
  maximumFractionDigits: moneyDecimals,
});
const balance = new Intl.NumberFormat("en-US", {
  minimumFractionDigits: 0,
  maximumFractionDigits: balanceDecimals,
});
const percent = new Intl.NumberFormat("en-US", {
  minimumFractionDigits: percentageDecimals.min,
  maximumFractionDigits: percentageDecimals.max,
});

/** 000 §9: a USD amount with 2 decimals, e.g. "$1,234.50". */
export function formatMoney(usd: number): string {
  return Number.isFinite(usd) ? money.format(usd) : missingValueText;
}

/**
 * 000 §9 portfolio value: 1e12 or more shows '1 Trillion+'; an estimated balance gets a '+' suffix.
 * Choice: '1 Trillion+' already ends in a plus, so an estimated trillion is not given a second one.
 */
export function formatPortfolioValue(usd: number, options: { estimated?: boolean } = {}): string {
  if (!Number.isFinite(usd)) return missingValueText;
  if (usd >= portfolioTrillionThreshold) return trillionPlusLabel;
  return options.estimated ? `${formatMoney(usd)}+` : formatMoney(usd);
}

/**
 * 001 §9: a balance to 8 decimals, e.g. "0.12345679". Choice: trailing zeros are dropped ("1.5", not
 * "1.50000000"). A decimal string is formatted exactly, so amounts beyond double precision keep
 * their digits.
 */
export function formatBalance(amount: number | string): string {
  if (typeof amount === "number") return Number.isFinite(amount) ? balance.format(amount) : missingValueText;
  const trimmed = amount.trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(trimmed)) return missingValueText;
  return balance.format(trimmed as `${number}`);
}

/**
 * 000 §9: `part` as a percentage of `total`, 0 when the denominator is below 1e-10 in absolute value
 * (an empty or dust-sized total would otherwise give noise or Infinity).
 */
export function percentageOf(part: number, total: number): number {
  if (!Number.isFinite(part) || !Number.isFinite(total)) return 0;
  if (Math.abs(total) < percentageDenominatorThreshold) return 0;
  return (part / total) * 100;
}

/**
 * 001 §9: a percentage (in percent points, 12.5 means 12.5 %) with 1 to 7 decimals; values above 0
 * and below 0.1 % show as '<0.1%'. Choice: exactly 0 shows as "0.0%" (nothing, rather than a little).
 */
export function formatPercentage(percentage: number): string {
  if (!Number.isFinite(percentage)) return missingValueText;
  if (percentage > 0 && percentage < 0.1) return smallPercentageLabel;
  return `${percent.format(percentage)}%`;
}
