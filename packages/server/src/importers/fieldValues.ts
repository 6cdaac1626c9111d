// Conversions of the text fields exports carry (CSV cells, and JSON numbers kept as source text).

export type FieldBag = Readonly<Record<string, unknown>>;

/** A field as trimmed text; null when absent, null or empty. */
export function text(fields: FieldBag, name: string): string | null {
  const value = fields[name];
  if (value === undefined || value === null) return null;
  const result = (typeof value === "string" ? value : String(value)).trim();
  return result === "" ? null : result;
}

/**
 * A non-negative integer of any size, as exports write amounts: decimal digits, or `0x` hex (raw RPC
 * dumps). A decimal point or exponent is refused: an amount rounded through a float is not exact.
 */
export function unsignedInteger(value: string | null): bigint | null {
  if (value === null) return null;
  if (/^\d+$/.test(value)) return BigInt(value);
  if (/^0x[0-9a-f]+$/i.test(value)) return BigInt(value);
  return null;
}

// The largest amount any chain can hold (EVM values are uint256); the store's numeric(78, 0) holds it.
const maxAmount = 2n ** 256n - 1n;

/** An amount in raw units: a non-negative integer up to 2^256 - 1, or null. */
export function amount(value: string | null): bigint | null {
  const parsed = unsignedInteger(value);
  return parsed !== null && parsed <= maxAmount ? parsed : null;
}

/** An integer that fits a JavaScript number (block numbers, log indexes, decimals). */
export function safeInteger(value: string | null): number | null {
  const parsed = unsignedInteger(value);
  if (parsed === null || parsed > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  return Number(parsed);
}

/**
 * A point in time from unix seconds (ethereum-etl, bitcoin-etl), or an ISO 8601 / BigQuery
 * (`2023-05-02 12:19:59 UTC`) timestamp. Answers an ISO string, or null.
 */
export function timestamp(value: string | null): string | null {
  if (value === null) return null;
  if (/^\d+$/.test(value)) {
    const seconds = Number(value);
    // Milliseconds are written by some tools; no chain has a block after year 5000 in seconds.
    const ms = seconds > 1e11 ? seconds : seconds * 1000;
    return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
  }
  const normalized = value.replace(/ UTC$/, "Z").replace(/^(\d{4}-\d\d-\d\d) /, "$1T");
  const ms = Date.parse(normalized);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/** `True`/`true`/`1` (ethereum-etl CSV booleans), `False`/`false`/`0`; null otherwise. */
export function booleanValue(value: string | null): boolean | null {
  if (value === null) return null;
  const lower = value.toLowerCase();
  if (lower === "true" || lower === "1" || lower === "yes") return true;
  if (lower === "false" || lower === "0" || lower === "no") return false;
  return null;
}
