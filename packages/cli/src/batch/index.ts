export type { InputLine, ReadProgress } from "./batchInput.ts";
export { readCsvColumn, readInputLines } from "./batchInput.ts";
export { batchConcurrency, batchSliceLimits, clientLookups } from "./batchLookups.ts";
export type { BatchCounts, BatchProgressState, ProgressDisplay } from "./batchProgress.ts";
export { emptyCounts, loadProgressLine } from "./batchProgress.ts";
export type { BatchCandidate, BatchRecognition, BatchRecognizeOptions } from "./batchRecognition.ts";
export { ipSearchOff, notAnIdentifier, recognizeBatchInput } from "./batchRecognition.ts";
export type {
  BatchDetails,
  BatchLookup,
  LookupAnswer,
  LookupResult,
  ResolveOptions,
} from "./batchResolve.ts";
export { notFound, resolveSlice } from "./batchResolve.ts";
export type { BatchField, BatchKind, BatchRow, BatchRowStatus } from "./batchRow.ts";
export {
  batchFields,
  batchKindSchema,
  batchKinds,
  batchRowSchema,
  batchRowStatuses,
  batchRowStatusSchema,
  emptyBatchRow,
} from "./batchRow.ts";
export type { BatchEntry, BatchSlice, SliceLimits, SliceOptions } from "./batchSlices.ts";
export { sliceInputs } from "./batchSlices.ts";
export type { BatchFormat, RowWriter } from "./batchWriters.ts";
export { batchFormats, createRowWriter, csvHeader } from "./batchWriters.ts";
export type { OrderedWindowOptions } from "./orderedWindow.ts";
export { orderedWindow } from "./orderedWindow.ts";
export { RateGate } from "./rateGate.ts";
export type { BatchRunOptions, BatchSummary } from "./runBatch.ts";
export { runBatch } from "./runBatch.ts";
