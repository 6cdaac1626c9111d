import { retryDelayMs } from "@sleuth/sdk";
import type { InputLine } from "./batchInput.ts";
import { type BatchCounts, emptyCounts } from "./batchProgress.ts";
import { type BatchRecognizeOptions, recognizeBatchInput } from "./batchRecognition.ts";
import { type BatchLookup, resolveSlice } from "./batchResolve.ts";
import type { BatchRow } from "./batchRow.ts";
import { type SliceLimits, sliceInputs } from "./batchSlices.ts";
import type { RowWriter } from "./batchWriters.ts";
import { orderedWindow } from "./orderedWindow.ts";
import { RateGate } from "./rateGate.ts";

export interface BatchRunOptions {
  /** The inputs, in chunks, read lazily (readInputLines, readCsvColumn). */
  input: AsyncIterable<InputLine[]>;
  lookups: readonly BatchLookup[];
  limits: SliceLimits;
  writer: RowWriter;
  recognize?: BatchRecognizeOptions;
  /** Slices in flight at once (each is one request per lookup). */
  concurrency: number;
  /** Extra attempts for a failed request, after a pause, before its rows are failed. */
  retries: number;
  /** Ctrl-C: stop reading and sending, write what is complete, close the output. */
  signal: AbortSignal;
  /** Wraps each write to stdout (the progress line steps aside for it). */
  aroundWrite?: (write: () => Promise<void>) => Promise<void>;
  /** Called after each slice is written. */
  onSlice?: (summary: BatchSummary) => void;
  /** When a paused input sends what it has (see sliceInputs). */
  flushAfterMs?: number;
}

export interface BatchSummary {
  /** Inputs whose rows were written. */
  inputs: number;
  rows: number;
  counts: BatchCounts;
  /** The input line (or CSV record) of the last input written, 0 before any. */
  lastLine: number;
  cancelled: boolean;
}

/**
 * `sleuth batch` without its terminal: recognises each input with the SDK, groups consecutive
 * inputs into slices no larger than the bulk limits, resolves up to `concurrency` slices at a time
 * and writes every slice's rows in input order as soon as it and the slices before it are done.
 * Memory holds a chunk of input and the slices in the window, never the whole input.
 */
export async function runBatch(options: BatchRunOptions): Promise<BatchSummary> {
  const summary: BatchSummary = { inputs: 0, rows: 0, counts: emptyCounts(), lastLine: 0, cancelled: false };
  // Aborting this one also stops the requests in flight; the caller's signal only asks for it.
  const requests = new AbortController();
  const stop = () => requests.abort(options.signal.reason);
  if (options.signal.aborted) stop();
  else options.signal.addEventListener("abort", stop, { once: true });

  const gate = new RateGate();
  const slices = sliceInputs(options.input, {
    limits: options.limits,
    maxEntries: Math.max(...Object.values(options.limits)),
    flushAfterMs: options.flushAfterMs ?? 200,
    recognize: (text) => recognizeBatchInput(text, options.recognize),
  });
  const resolved = orderedWindow(
    slices,
    async (slice) => ({
      slice,
      rows: await resolveSlice(slice, {
        lookups: options.lookups,
        retries: options.retries,
        retryDelayMs: (attempt) => retryDelayMs(attempt, undefined),
        signal: requests.signal,
        gate,
        // A minute of a saturated server, at a second a pause.
        maxRateLimited: 60,
      }),
    }),
    {
      concurrency: options.concurrency,
      signal: requests.signal,
    },
  );
  const aroundWrite = options.aroundWrite ?? ((write) => write());
  try {
    for await (const { slice, rows } of resolved) {
      await aroundWrite(() => options.writer.write(rows));
      count(summary, rows);
      summary.inputs += slice.entries.length;
      summary.lastLine = slice.entries.at(-1)?.input.line ?? summary.lastLine;
      options.onSlice?.(summary);
    }
  } catch (error) {
    // Close what was started (a JSON array stays parseable); a run that failed before its first
    // row (a missing CSV column, a rejected token) writes nothing at all.
    if (summary.inputs > 0) await aroundWrite(() => options.writer.end());
    throw error;
  } finally {
    options.signal.removeEventListener("abort", stop);
  }
  summary.cancelled = requests.signal.aborted;
  await aroundWrite(() => options.writer.end());
  return summary;
}

function count(summary: BatchSummary, rows: readonly BatchRow[]): void {
  summary.rows += rows.length;
  for (const row of rows) summary.counts[row.status] += 1;
}
