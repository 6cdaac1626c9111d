import { utc } from "@date-fns/utc";
import { format } from "date-fns/format";
import { z } from "zod";

/** 001 §9: at most 100,000 rows per download. */
export const downloadRowLimit = 100_000;
/** 001 §4 / §9: more rows than this go to a background job. */
export const backgroundJobThreshold = 100;

/** 001 §8 and 000 §8, in the specification's exact words; the rest are ours. */
export const downloadMessages = {
  noRecords: "No records are available to download.",
  failed: "Error downloading the requested data. Please try again later.",
  // Issue 41: the server's export folder filled up while the file was written; nothing was kept.
  diskFull:
    "The server ran out of disk space while writing this file, so nothing was saved. Ask its operator to free some space, then try again.",
  rangeIncomplete: "Enter both the first and the last row of the range.",
  rangeReversed: "The first row must not come after the last row.",
  overLimit: `Downloads are limited to ${downloadRowLimit.toLocaleString("en-US")} rows. Choose a smaller range.`,
  jobStarted: "Your download is being prepared. You will be notified when it is ready.",
} as const;

/** 001 §4: all rows, or a range of rows (1-based, both ends included). */
export const downloadSelectionSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("all") }),
  z.object({ kind: z.literal("range"), start: z.int().min(1).nullish(), end: z.int().min(1).nullish() }),
]);
export type DownloadSelection = z.infer<typeof downloadSelectionSchema>;

export type DownloadPlan =
  | { ok: true; mode: "direct" | "job"; offset: number; limit: number }
  | { ok: false; message: string };

/**
 * 001 §4 / §5: checks a download request and says how to run it.
 * - A range needs both start and end; a range past the last row is cut at the last row.
 * - The count must be non-zero ('No records are available to download.') and at most 100,000.
 * - 'Process Download' (a background job) is used when forced or when the count is above 100;
 *   otherwise the CSV is downloaded directly.
 */
export function planDownload(request: {
  selection: DownloadSelection;
  totalCount: number;
  forceJob?: boolean;
}): DownloadPlan {
  const { selection, totalCount, forceJob = false } = request;
  let offset = 0;
  let count = Math.max(0, Math.floor(totalCount));
  if (selection.kind === "range") {
    const { start, end } = selection;
    if (start === null || start === undefined || end === null || end === undefined) {
      return { ok: false, message: downloadMessages.rangeIncomplete };
    }
    if (start > end) return { ok: false, message: downloadMessages.rangeReversed };
    offset = start - 1;
    count = Math.max(0, Math.min(end, count) - offset);
  }
  if (count === 0) return { ok: false, message: downloadMessages.noRecords };
  if (count > downloadRowLimit) return { ok: false, message: downloadMessages.overLimit };
  return {
    ok: true,
    mode: forceJob || count > backgroundJobThreshold ? "job" : "direct",
    offset,
    limit: count,
  };
}

/**
 * 001 §9: the default file name includes a UTC timestamp, e.g.
 * "address-transfers_20240501T080000Z.csv". Characters a file system may refuse become '-'.
 */
export function defaultDownloadFileName(label: string, now: Date = new Date()): string {
  const safeLabel =
    label
      .trim()
      .replace(/[^A-Za-z0-9._-]+/g, "-")
      .replace(/^-+|-+$/g, "") || "download";
  return `${safeLabel}_${format(now, "yyyyMMdd'T'HHmmss'Z'", { in: utc })}.csv`;
}
