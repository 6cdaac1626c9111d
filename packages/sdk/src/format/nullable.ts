import { formatUtc, type UtcDateInput, utcDatePattern } from "./dates.ts";
import { formatMoney, missingValueText } from "./numbers.ts";

// A value the server may leave out (null, or a field it did not send) shows as missingValueText in
// every table, row and list: the CLI, the console's search rows and its metrics list alike.

type Maybe<T> = T | null | undefined;

/** A count with thousands separators ("1,234"), or missingValueText. */
export function countText(value: Maybe<number>): string {
  return value === null || value === undefined ? missingValueText : value.toLocaleString("en-US");
}

/** 000 §9 money ("$1,234.50"), or missingValueText. */
export function moneyText(value: Maybe<number>): string {
  return value === null || value === undefined ? missingValueText : formatMoney(value);
}

/** A UTC instant in `pattern` (the day, by default), or missingValueText. */
export function dateText(value: Maybe<UtcDateInput>, pattern: string = utcDatePattern): string {
  return value === null || value === undefined || value === "" ? missingValueText : formatUtc(value, pattern);
}

/** Text as it is, or missingValueText when there is none. */
export function textOrMissing(value: Maybe<string>): string {
  return value === null || value === undefined || value === "" ? missingValueText : value;
}
