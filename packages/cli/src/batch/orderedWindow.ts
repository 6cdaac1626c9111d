interface InFlight<R> {
  promise: Promise<R>;
  settled: boolean;
  failed: boolean;
}

/**
 * A promise that settles on abort, for one race only. A race keeps its result reachable from every
 * promise it raced, so racing one long-lived promise again and again would keep every result (and
 * every slice) alive; this one is dropped after each race.
 */
function whenAborted(signal: AbortSignal | undefined): { promise: Promise<"aborted">; dispose: () => void } {
  let dispose = () => {};
  const promise = new Promise<"aborted">((resolve) => {
    if (!signal) return;
    const onAbort = () => resolve("aborted");
    signal.addEventListener("abort", onAbort, { once: true });
    dispose = () => signal.removeEventListener("abort", onAbort);
  });
  return { promise, dispose };
}

export interface OrderedWindowOptions {
  /** Most items being worked on, or done and waiting for an earlier one, at any time. */
  concurrency: number;
  /**
   * Once aborted: nothing new starts, and only the results already complete (with every earlier
   * one) are still yielded; then the iteration ends.
   */
  signal?: AbortSignal;
}

/**
 * Runs `work` over `items` with at most `concurrency` at a time and yields the results in item
 * order, each as soon as it and every earlier one are done. Items are pulled from `items` only when
 * a place is free, so memory is bounded by the window, not by the input. The first failure is thrown
 * (in order: after the results before it).
 */
export async function* orderedWindow<T, R>(
  items: AsyncIterable<T>,
  work: (item: T) => Promise<R>,
  options: OrderedWindowOptions,
): AsyncGenerator<R> {
  if (!Number.isInteger(options.concurrency) || options.concurrency < 1)
    throw new RangeError(`concurrency must be a positive integer, got ${options.concurrency}`);
  const iterator = items[Symbol.asyncIterator]();
  const window: InFlight<R>[] = [];
  let reading: Promise<IteratorResult<T>> | null = null;
  let exhausted = false;
  const aborted = () => options.signal?.aborted ?? false;

  const start = (item: T) => {
    const entry: InFlight<R> = { promise: work(item), settled: false, failed: false };
    entry.promise.then(
      () => {
        entry.settled = true;
      },
      () => {
        entry.settled = true;
        entry.failed = true;
      },
    );
    window.push(entry);
  };

  try {
    for (;;) {
      if (aborted()) {
        // Hand out what is already complete, in order, and stop.
        while (window[0]?.settled && !window[0].failed) yield await window.shift()!.promise;
        return;
      }
      if (!exhausted && reading === null && window.length < options.concurrency) reading = iterator.next();
      const head = window[0];
      if (!head && !reading) return;
      const abort = whenAborted(options.signal);
      const next = await Promise.race([
        ...(reading ? [reading.then((result) => ({ type: "read" as const, result }))] : []),
        ...(head
          ? [
              head.promise.then(
                () => ({ type: "done" as const }),
                (error: unknown) => {
                  // Work stopped by the abort is not a failure: it is simply not complete.
                  if (aborted()) return "aborted" as const;
                  throw error;
                },
              ),
            ]
          : []),
        abort.promise,
      ]).finally(abort.dispose);
      if (next === "aborted") continue;
      if (next.type === "read") {
        reading = null;
        if (next.result.done) exhausted = true;
        else start(next.result.value);
        continue;
      }
      window.shift();
      yield await head!.promise;
    }
  } finally {
    if (reading === null) await iterator.return?.();
    else {
      reading.catch(() => {});
      iterator.return?.()?.catch(() => {});
    }
  }
}
