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
