import { utc } from "@date-fns/utc";
import { addDays } from "date-fns/addDays";
import { format } from "date-fns/format";
import { isBefore } from "date-fns/isBefore";
import { max as latestOf } from "date-fns/max";
import { min as earliestOf } from "date-fns/min";
import { parseISO } from "date-fns/parseISO";
import { subDays } from "date-fns/subDays";
import { missingValueText } from "./numbers.ts";

/** 001 §9: no date before the genesis block (2009-01-03) can be chosen. */
export const earliestDate = "2009-01-03";
export const earliestDateTime = new Date(Date.UTC(2009, 0, 3));
/** 001 §9: a chart cannot be zoomed to less than 7 days. */
export const minimumChartZoomDays = 7;
/** 002 §9: chart and snapshot dates use YYYY-MM-DD. */
export const utcDatePattern = "yyyy-MM-dd";
export const utcDateTimePattern = "yyyy-MM-dd HH:mm:ss 'UTC'";

export type UtcDateInput = Date | string | number;

function toDate(value: UtcDateInput): Date {
  return typeof value === "string" ? parseISO(value) : new Date(value);
}

/** Formats a date in UTC (never the viewer's zone), by default as "yyyy-MM-dd HH:mm:ss UTC". */
export function formatUtc(value: UtcDateInput, pattern: string = utcDateTimePattern): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return missingValueText;
  return format(date, pattern, { in: utc });
}

export interface SelectableDateRange {
  start: Date;
  end: Date;
}

/**
 * 001 §9: a selectable range starts no earlier than 2009-01-03 and ends no later than `now`.
 * Choice: a reversed range is put in order first.
 */
export function clampToSelectableRange(range: SelectableDateRange, now: Date): SelectableDateRange {
  const [first, last] = isBefore(range.end, range.start)
    ? [range.end, range.start]
    : [range.start, range.end];
  const start = latestOf([first, earliestDateTime]);
  return { start, end: latestOf([earliestOf([last, now]), start]) };
}

/**
 * 001 §9: a chart zoom covers at least 7 days. Choice: a shorter range keeps its end and moves its
 * start back; if that would pass 2009-01-03 the range becomes the first 7 days instead.
 */
export function chartZoomRange(range: SelectableDateRange): SelectableDateRange {
  const [start, end] = isBefore(range.end, range.start) ? [range.end, range.start] : [range.start, range.end];
  if (!isBefore(subDays(end, minimumChartZoomDays, { in: utc }), start)) return { start, end };
  const widenedStart = new Date(subDays(end, minimumChartZoomDays, { in: utc }).getTime());
  if (!isBefore(widenedStart, earliestDateTime)) return { start: widenedStart, end };
  return {
    start: earliestDateTime,
    end: new Date(addDays(earliestDateTime, minimumChartZoomDays, { in: utc }).getTime()),
  };
}
