// What the tests use of the CLI: its program run in-process with captured output, and its bundle.

export { bundleIsCurrent } from "../bin/bundleState.js";
export { ensureCliBuilt } from "../build.ts";
export { readCsvColumn } from "./batch/batchInput.ts";
export { batchConcurrency, batchSliceLimits } from "./batch/batchLookups.ts";
export type { BatchRow } from "./batch/batchRow.ts";
export { batchRowSchema } from "./batch/batchRow.ts";
export { run } from "./program.ts";
export { createTestIo } from "./testIo.ts";
