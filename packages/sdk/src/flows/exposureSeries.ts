import { utc } from "@date-fns/utc";
import { addDays } from "date-fns/addDays";
import { differenceInCalendarDays } from "date-fns/differenceInCalendarDays";
import { parseISO } from "date-fns/parseISO";
import {
  chartZoomRange,
  clampToSelectableRange,
  earliestDate,
  formatUtc,
  minimumChartZoomDays,
  utcDatePattern,
} from "../format/dates.ts";
import type { CategoryDailyRow, ExposureRiskLabel, RiskDailyRow } from "./exposure.ts";
import { exposureRiskLabels } from "./exposure.ts";

/** One point of a stacked daily series: the day and a value per series key. */
export type SeriesPoint = { date: string } & Record<string, number | string>;

/** The series a chart stacks, most volume first, and the points (one per day, oldest first). */
export interface StackedSeries {
  keys: string[];
  points: SeriesPoint[];
}

/** Categories beyond the largest few are drawn as one "Other" band, so a plot stays readable. */
export const exposureChartMaxCategories = 6;
export const otherSeriesKey = "Other";

/** Daily USD (incoming + outgoing) per counterparty category, the largest categories first. */
export function categorySeries(
  rows: readonly CategoryDailyRow[],
  maxKeys = exposureChartMaxCategories,
): StackedSeries {
  const totals = new Map<string, number>();
  for (const row of rows)
    totals.set(row.category, (totals.get(row.category) ?? 0) + row.incomingVolumeUsd + row.outgoingVolumeUsd);
  const ranked = [...totals.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([key]) => key);
  const shown = new Set(ranked.slice(0, maxKeys));
  const keys = [...ranked.slice(0, maxKeys), ...(ranked.length > maxKeys ? [otherSeriesKey] : [])];
  const byDate = new Map<string, SeriesPoint>();
  for (const row of rows) {
    const point = byDate.get(row.date) ?? ({ date: row.date } as SeriesPoint);
    const key = shown.has(row.category) ? row.category : otherSeriesKey;
    point[key] = (Number(point[key] ?? 0) || 0) + row.incomingVolumeUsd + row.outgoingVolumeUsd;
    byDate.set(row.date, point);
  }
  return { keys, points: fill([...byDate.values()], keys) };
}

/** Daily USD per counterparty risk label, Severe first (002 §3 labels, then "None"). */
export function riskSeries(rows: readonly RiskDailyRow[]): StackedSeries {
  const present = new Set<ExposureRiskLabel>(rows.map((row) => row.riskLabel));
  const keys = [...exposureRiskLabels].reverse().filter((label) => label !== "None" && present.has(label));
  if (present.has("None")) keys.push("None");
  const byDate = new Map<string, SeriesPoint>();
  for (const row of rows) {
    const point = byDate.get(row.date) ?? ({ date: row.date } as SeriesPoint);
    point[row.riskLabel] =
      (Number(point[row.riskLabel] ?? 0) || 0) + row.incomingVolumeUsd + row.outgoingVolumeUsd;
    byDate.set(row.date, point);
  }
  return { keys, points: fill([...byDate.values()], keys) };
}

function fill(points: SeriesPoint[], keys: readonly string[]): SeriesPoint[] {
  points.sort((a, b) => a.date.localeCompare(b.date));
  for (const point of points) for (const key of keys) point[key] ??= 0;
  return points;
}

/** A chart's shown days, both inclusive (YYYY-MM-DD). */
export interface ChartWindow {
  from: string;
  to: string;
}

const day = (value: string) => parseISO(`${value}T00:00:00Z`);
const text = (value: Date) => formatUtc(value, utcDatePattern);

/**
 * The window a chart opens on: the days with data, at least 7 (001 §9 minimum zoom), never before
 * 2009-01-03 and never after `now`.
 */
export function initialChartWindow(dates: readonly string[], now: Date): ChartWindow | null {
  if (dates.length === 0) return null;
  const sorted = [...dates].sort();
  return normalizeChartWindow({ from: sorted[0]!, to: sorted[sorted.length - 1]! }, now);
}

/** A window clamped to 2009-01-03..now and widened to 7 days (001 §9). */
export function normalizeChartWindow(window: ChartWindow, now: Date): ChartWindow {
  const clamped = clampToSelectableRange({ start: day(window.from), end: day(window.to) }, now);
  const zoomed = chartZoomRange(clamped);
  return { from: text(zoomed.start), to: text(zoomed.end) };
}

/**
 * Zooms a window in (factor < 1) or out (factor > 1) around its middle; never narrower than 7 days
 * nor wider than `bounds` (the data's days), never before 2009-01-03.
 */
export function zoomChartWindow(
  window: ChartWindow,
  factor: number,
  bounds: ChartWindow,
  now: Date,
): ChartWindow {
  const span = differenceInCalendarDays(day(window.to), day(window.from), { in: utc });
  const widest = Math.max(
    minimumChartZoomDays,
    differenceInCalendarDays(day(bounds.to), day(bounds.from), { in: utc }),
  );
  const wanted = Math.min(widest, Math.max(minimumChartZoomDays, Math.round(span * factor)));
  const middle = addDays(day(window.from), Math.floor(span / 2), { in: utc });
  let from: Date = addDays(middle, -Math.floor(wanted / 2), { in: utc });
  let to: Date = addDays(from, wanted, { in: utc });
  if (from < day(bounds.from)) {
    from = day(bounds.from);
    to = addDays(from, wanted, { in: utc });
  }
  if (
    to > day(bounds.to) &&
    differenceInCalendarDays(day(bounds.to), day(bounds.from), { in: utc }) >= wanted
  ) {
    to = day(bounds.to);
    from = addDays(to, -wanted, { in: utc });
  }
  return normalizeChartWindow({ from: text(from), to: text(to) }, now);
}

/** Moves a window by half its width, earlier (-1) or later (+1), within `bounds`. */
export function panChartWindow(
  window: ChartWindow,
  direction: -1 | 1,
  bounds: ChartWindow,
  now: Date,
): ChartWindow {
  const span = differenceInCalendarDays(day(window.to), day(window.from), { in: utc });
  const step = Math.max(1, Math.floor(span / 2)) * direction;
  let from: Date = addDays(day(window.from), step, { in: utc });
  let to: Date = addDays(day(window.to), step, { in: utc });
  if (from < day(bounds.from)) {
    from = day(bounds.from);
    to = addDays(from, span, { in: utc });
  }
  if (to > day(bounds.to)) {
    to = day(bounds.to);
    from = addDays(to, -span, { in: utc });
  }
  const earliest = day(earliestDate);
  if (from < earliest) from = earliest;
  return normalizeChartWindow({ from: text(from), to: text(to) }, now);
}

/** The points of a series inside a window (both ends inclusive). */
export function pointsInWindow<P extends { date: string }>(points: readonly P[], window: ChartWindow): P[] {
  return points.filter((point) => point.date >= window.from && point.date <= window.to);
}
