import { ApiError } from "./errors.ts";
import { type BatchOutcome, runInBatches } from "./runInBatches.ts";
import { type Sleep, sleep as timerSleep } from "./sleep.ts";
import { retryDelayMs } from "./transport.ts";

/**
 * The result of a bulk call over any number of URNs (000 §7): the items of every batch that
 * succeeded, in batch order, and the batches that failed even after one retry. `success` is false as
 * soon as one batch failed; the other batches still ran.
 */
export interface BulkResult<Item> {
  success: boolean;
  data: Item[];
  failures: BatchOutcome<string, unknown>["failures"];
}

/** A client error (bad request, auth, not found...) answers the same the second time. */
function worthRetrying(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.retryable || error.status >= 500;
}

/** The wait before a batch's retry: what the server asked for (Retry-After), else a jittered backoff. */
function retryWaitMs(error: unknown): number {
  return (error instanceof ApiError ? error.retryAfterMs : null) ?? retryDelayMs(1, undefined);
}

/**
 * Runs `call` over `urns` in batches of `size` with the SDK's `runInBatches`, retrying a failed
 * batch once (after a short wait) before it counts as unsuccessful. An abort stops the run and
 * rejects with the signal's reason instead of reporting every later batch as failed.
 */
export async function bulkInBatches<Item>(
  urns: readonly string[],
  size: number,
  call: (batch: string[]) => Promise<Item[]>,
  signal?: AbortSignal,
  options: { sleep?: Sleep } = {},
): Promise<BulkResult<Item>> {
  const sleep = options.sleep ?? timerSleep;
  const outcome = await runInBatches(urns, size, async (batch) => {
    signal?.throwIfAborted();
    try {
      return await call(batch);
    } catch (error) {
      if (signal?.aborted || !worthRetrying(error)) throw error;
      await sleep(retryWaitMs(error), signal);
      return await call(batch);
    }
  });
  signal?.throwIfAborted();
  return { success: outcome.success, data: outcome.responses.flat(), failures: outcome.failures };
}
