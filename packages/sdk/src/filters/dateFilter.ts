import { isValid } from "date-fns/isValid";
import { parseISO } from "date-fns/parseISO";
import { z } from "zod";
import { filterMessages } from "./messages.ts";

/** 000 §5: a date filter is a two-value range; gte and lte are ISO 8601 instants. */
export const dateRangeFilterSchema = z
  .object({ gte: z.iso.datetime({ offset: true }), lte: z.iso.datetime({ offset: true }) })
  .refine((range) => Date.parse(range.gte) <= Date.parse(range.lte), { message: "start after end" });
export type DateRangeFilter = z.infer<typeof dateRangeFilterSchema>;

export type DateRangeFilterChange =
  | { kind: "set"; filter: DateRangeFilter }
  | { kind: "remove" }
  | { kind: "invalid"; message: string };

function toDate(value: Date | string): Date {
  return typeof value === "string" ? parseISO(value) : value;
}

/**
 * 000 §5: date filters need a two-value range. No values removes the filter; one value (the picker
 * half-way through a selection) is invalid. Choice: a reversed range is put in order.
 */
export function dateRangeFilterChange(
  values: readonly (Date | string | null | undefined)[],
): DateRangeFilterChange {
  const dates = values.filter(
    (value): value is Date | string => value !== null && value !== undefined && value !== "",
  );
  if (dates.length === 0) return { kind: "remove" };
  const parsed = dates.map(toDate);
  if (parsed.length !== 2 || !parsed.every(isValid)) {
    return { kind: "invalid", message: filterMessages.dateRangeIncomplete };
  }
  const [first, second] = parsed as [Date, Date];
  const [gte, lte] = first <= second ? [first, second] : [second, first];
  return { kind: "set", filter: { gte: gte.toISOString(), lte: lte.toISOString() } };
}

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const dayFirstPattern = /^\d{4}-\d{2}-\d{2}(?:[T ].+)?$/;

/** True when the text starts as a date does (YYYY-MM-DD, then perhaps a time): a date input, not a hash. */
export function looksLikeDateInput(input: string): boolean {
  return dayFirstPattern.test(input.trim());
}

/**
 * 000 §5 date inputs (jump-to, date filters, the CLI's --since/--until): a day (YYYY-MM-DD, UTC)
 * stands for its first or, as the end of a range or a jump, its last millisecond; an ISO 8601 time
 * for itself. Null when the text is neither (a day that does not exist included).
 */
export function instantOfDateInput(input: string, side: "start" | "end"): string | null {
  const text = input.trim();
  if (!dayFirstPattern.test(text)) return null;
  const day = dayPattern.test(text);
  const parsed = parseISO(day ? `${text}T00:00:00Z` : text);
  if (!isValid(parsed)) return null;
  const time = day && side === "end" ? parsed.getTime() + 86_399_999 : parsed.getTime();
  return new Date(time).toISOString();
}
