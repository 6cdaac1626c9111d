import type { BatchRowStatus } from "./batchRow.ts";

export type BatchCounts = Record<BatchRowStatus, number>;

export function emptyCounts(): BatchCounts {
  return { resolved: 0, unknown: 0, invalid: 0, failed: 0 };
}

/** What the progress line shows; the batch updates it in place. */
export interface BatchProgressState {
  /** Inputs whose rows are written. */
  inputs: number;
  counts: BatchCounts;
  bytesRead: number;
  /** Inputs read so far (reading runs ahead of the rows written). */
  inputsRead: number;
  /** Size of the input file, when known (not for a pipe). */
  totalBytes: number | null;
  startedAt: number;
}

export interface ProgressDisplay {
  /** Writes data to stdout without tearing the progress line when both are the same terminal. */
  writeData(write: () => Promise<void>): Promise<void>;
  /** Removes the line (the summary takes its place). */
  stop(): Promise<void>;
}

/** The Ink progress line, loaded only when it is shown: Ink, React and Yoga add to every start. */
export const loadProgressLine = () => import("./batchProgressLine.ts");
