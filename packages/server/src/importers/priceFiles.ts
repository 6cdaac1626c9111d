import type { PriceFileFormat } from "@sleuth/sdk";
import { csvRows } from "./csvRows.ts";
import { ImportFormatError, type SkippedRecord } from "./importErrors.ts";
import { type ImportSource, peekFirstLine, readText } from "./importSource.ts";

// Issue 43: the daily USD price files people have (docs/IMPORTERS.md "Prices"), told apart by their
// content: Coin Metrics' community CSV (`time`, `PriceUSD` among its other columns, one asset a file),
// CoinGecko's market_chart JSON (`{"prices": [[unix_ms, price], …]}`, one asset a file) and a plain CSV
// `date,asset,price_usd` (any number of assets).

/** One day's USD price of one whole unit; `asset` null is the file's own asset (option or file name). */
export interface PriceRecord {
  line: number;
  asset: string | null;
  day: string;
  usd: number;
}

export type PriceItem = { record: PriceRecord } | { skipped: SkippedRecord };

export interface PriceFile {
  format: PriceFileFormat;
  items: AsyncIterable<PriceItem>;
}

const dayPattern = /^(\d{4})-(\d\d)-(\d\d)(?:$|[T ])/;
const pricePattern = /^\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
// Nothing was priced before the genesis block (001 §9's earliest date).
const earliestDay = "2009-01-03";

/** The UTC day "YYYY-MM-DD" a `time`/`date` cell names, or null. */
function dayOf(text: string): string | null {
  const match = dayPattern.exec(text.trim());
  if (match === null) return null;
  const day = `${match[1]}-${match[2]}-${match[3]}`;
  const parsed = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day ? null : day;
}

/** A price, or why it is not one. */
function priceOf(text: string): number | string {
  const trimmed = text.trim();
  if (trimmed === "") return "no price";
  if (!pricePattern.test(trimmed)) return `price "${trimmed}" is not a decimal number`;
  const usd = Number(trimmed);
  if (!Number.isFinite(usd)) return `price "${trimmed}" is out of range`;
  if (usd === 0) return "price 0: no market price";
  return usd;
}

function recordOf(line: number, asset: string | null, dayText: string, priceText: string): PriceItem {
  const day = dayOf(dayText);
  if (day === null) return { skipped: { line, reason: `"${dayText}" is not a day (YYYY-MM-DD)` } };
  if (day < earliestDay) return { skipped: { line, reason: `${day} is before ${earliestDay}` } };
  const usd = priceOf(priceText);
  if (typeof usd === "string") return { skipped: { line, reason: `${day}: ${usd}` } };
  return { record: { line, asset, day, usd } };
}

async function* csvPrices(rest: AsyncIterable<string>): AsyncGenerator<PriceItem> {
  let format: PriceFileFormat | null = null;
  const rows = csvRows(rest, ({ columns }) => {
    if (columns.includes("time") && columns.includes("priceusd")) format = "coinmetrics-csv";
    else if (["date", "asset", "price_usd"].every((column) => columns.includes(column))) format = "plain-csv";
    else
      throw new ImportFormatError(
        `Not a price file: a Coin Metrics CSV has the columns time and PriceUSD, a plain one date, asset and price_usd (this one has ${columns.join(", ") || "no columns"})`,
        1,
      );
  });
  for await (const row of rows) {
    if (row.problem !== null) yield { skipped: { line: row.line, reason: row.problem } };
    else if (format === "coinmetrics-csv")
      yield recordOf(row.line, null, row.fields.time ?? "", row.fields.priceusd ?? "");
    else {
      const asset = row.fields.asset?.trim() ?? "";
      if (asset === "") yield { skipped: { line: row.line, reason: "no asset" } };
      else yield recordOf(row.line, asset, row.fields.date ?? "", row.fields.price_usd ?? "");
    }
  }
}

async function* coinGeckoPrices(text: string): AsyncGenerator<PriceItem> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ImportFormatError("Not a CoinGecko market_chart file: the JSON does not parse", 1);
  }
  const points = (value as { prices?: unknown } | null)?.prices;
  if (!Array.isArray(points))
    throw new ImportFormatError('Not a CoinGecko market_chart file: no "prices" list', 1);
  // The last point of a day wins: market_chart's daily series ends with the current hour's price.
  for (let index = 0; index < points.length; index++) {
    const point = points[index] as unknown;
    const line = index + 1;
    if (!Array.isArray(point) || typeof point[0] !== "number" || typeof point[1] !== "number") {
      yield { skipped: { line, reason: `prices[${index}] is not [unix_ms, price]` } };
      continue;
    }
    const time = new Date(point[0]);
    if (Number.isNaN(time.getTime())) {
      yield { skipped: { line, reason: `prices[${index}]: ${point[0]} is not a time` } };
      continue;
    }
    yield recordOf(line, null, time.toISOString().slice(0, 10), String(point[1]));
  }
}

/**
 * The price file in `source`, its format read from its first line: JSON is CoinGecko's market_chart,
 * CSV is Coin Metrics' or the plain layout by its header. Anything else is refused whole.
 */
export async function readPriceFile(source: ImportSource): Promise<PriceFile> {
  const { firstLine, rest } = await peekFirstLine(source);
  if (firstLine.trimStart().startsWith("{")) {
    const text = await readText(rest);
    return { format: "coingecko-json", items: coinGeckoPrices(text) };
  }
  if (firstLine.trim() === "") throw new ImportFormatError("The file is empty: a header row is needed");
  const header = firstLine.toLowerCase();
  const format: PriceFileFormat = /(^|,)\s*"?time"?\s*(,|$)/.test(header) ? "coinmetrics-csv" : "plain-csv";
  return { format, items: csvPrices(rest) };
}
