export interface BatchOutcome<Item, Response> {
  /** False as soon as one batch answered `success: false` or threw. */
  success: boolean;
  /** The answers of the batches that succeeded, in batch order. */
  responses: Response[];
  /** The batches that failed, with the thrown error when there was one. */
  failures: { index: number; items: Item[]; error?: unknown }[];
}

function answeredUnsuccessful(response: unknown): boolean {
  return (
    typeof response === "object" && response !== null && "success" in response && response.success === false
  );
}

/**
 * 000 §7: bulk calls go out in batches (sizes in `bulkBatchSizes`); an unsuccessful batch (its
 * answer has `success: false`, or the call throws) marks the whole result unsuccessful and the
 * remaining batches still run. Batches run one after another, in order, so a large selection does
 * not flood the server.
 */
export async function runInBatches<Item, Response>(
  items: readonly Item[],
  size: number,
  fn: (batch: Item[], index: number) => Promise<Response>,
): Promise<BatchOutcome<Item, Response>> {
  if (!Number.isInteger(size) || size < 1)
    throw new RangeError(`batch size must be a positive integer, got ${size}`);
  const outcome: BatchOutcome<Item, Response> = { success: true, responses: [], failures: [] };
  for (let start = 0, index = 0; start < items.length; start += size, index += 1) {
    const batch = items.slice(start, start + size);
    try {
      const response = await fn(batch, index);
      if (answeredUnsuccessful(response)) {
        outcome.success = false;
        outcome.failures.push({ index, items: batch });
      } else {
        outcome.responses.push(response);
      }
    } catch (error) {
      outcome.success = false;
      outcome.failures.push({ index, items: batch, error });
    }
  }
  return outcome;
}
