import { getHeapStatistics } from "node:v8";

export interface HeapCeilingOptions {
  /** V8's used heap above which a full collection is asked for. */
  limitBytes: number;
  usedBytes?: () => number;
  /** A full garbage collection: node's `gc`, present when node runs with `--expose-gc`. */
  collect?: (() => void) | undefined;
}

/**
 * A check that holds a long batch's heap under a ceiling: called while the batch waits on the
 * server, it runs a full collection when the used heap is above the limit. Left to itself, V8 lets
 * garbage build up between full collections by more the longer a run lasts; with the ceiling, the
 * peak stops growing with the input (figures at batchHeapCeilingBytes). Waiting is when the
 * collection costs least, the server having work queued meanwhile. Without a `collect` (node
 * started without `--expose-gc`) the check does nothing.
 */
export function heapCeiling(options: HeapCeilingOptions): () => void {
  const collect = options.collect;
  if (!collect) return () => {};
  const usedBytes = options.usedBytes ?? (() => getHeapStatistics().used_heap_size);
  return () => {
    if (usedBytes() > options.limitBytes) collect();
  };
}

/** node's `gc` when it is exposed (`--expose-gc`, which the `sleuth` bin passes). */
export function exposedGc(): (() => void) | undefined {
  const gc = (globalThis as { gc?: unknown }).gc;
  return typeof gc === "function" ? () => gc() : undefined;
}
