// Issue 43: daily USD prices are data with a source. The files `sleuth import prices` reads, how a
// price row names where it came from, and how a transfer's USD follows from its day's price.

/** The price files the importer reads, told apart by their content (docs/IMPORTERS.md). */
export const priceFileFormats = {
  "coinmetrics-csv": "Coin Metrics CSV",
  "coingecko-json": "CoinGecko market_chart JSON",
  "plain-csv": "CSV date,asset,price_usd",
} as const;
export type PriceFileFormat = keyof typeof priceFileFormats;

/** The source of every price the demo world generated (its random walk, never real market data). */
export const demoPriceSource = "demo world";

/** What a price row records as its source: the file's name and format ("eth.csv, Coin Metrics CSV"). */
export function priceSourceText(format: PriceFileFormat, fileName: string | null | undefined): string {
  const name = fileName?.trim();
  return name ? `${name}, ${priceFileFormats[format]}` : `${priceFileFormats[format]} upload`;
}

/**
 * The asset a one-asset price file names by its file name, Coin Metrics' way (`eth.csv` is ETH,
 * `btc.csv.gz` BTC): the name before its first dot, upper-cased; null when there is none.
 */
export function priceFileAsset(fileName: string): string | null {
  const base = fileName.split(/[\\/]/).pop() ?? "";
  const stem = base.split(".")[0]?.trim() ?? "";
  return /^[A-Za-z0-9-]{1,40}$/.test(stem) ? stem.toUpperCase() : null;
}

const decimalPattern = /^(\d+)(?:\.(\d+))?$/;

/**
 * docs/RULES.md "USD of a transfer": amount (raw units ÷ 10^decimals) × the USD price of its UTC day,
 * computed exactly in decimals and rounded to the cent, half away from zero; totals add the rounded
 * cents. The store computes this in SQL (numeric); this is the same rule in integers, in cents.
 * `price` is the decimal text of the price as stored (at most 15 significant digits).
 */
export function transferUsdCents(amountRaw: bigint, decimals: number, price: string): bigint {
  const match = decimalPattern.exec(price);
  if (match === null) throw new RangeError(`Not a decimal price: ${price}`);
  const fraction = match[2] ?? "";
  const priceUnits = BigInt(`${match[1]}${fraction}`);
  // amount × price in units of 10^-(decimals + fraction digits) dollars; cents are 10^-2.
  const product = amountRaw * priceUnits;
  const shift = decimals + fraction.length - 2;
  if (shift <= 0) return product * 10n ** BigInt(-shift);
  const divisor = 10n ** BigInt(shift);
  const quotient = product / divisor;
  return (product % divisor) * 2n >= divisor ? quotient + 1n : quotient;
}
