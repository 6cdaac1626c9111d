import type { InputLine } from "./batchInput.ts";
import type { BatchRecognition } from "./batchRecognition.ts";
import type { BatchKind } from "./batchRow.ts";

export interface BatchEntry {
  input: InputLine;
  recognition: BatchRecognition;
}

/** A run of consecutive inputs resolved together: at most one bulk request per kind. */
export interface BatchSlice {
  /** 0, 1, 2…: slices are written in this order. */
  index: number;
  entries: BatchEntry[];
}

/** How many URNs of each kind one request may carry (000 §7 / §9 for the bulk calls). */
export type SliceLimits = Readonly<Record<BatchKind, number>>;

export interface SliceOptions {
  limits: SliceLimits;
  /** Most entries in one slice, invalid ones included (they cost no request but take memory). */
  maxEntries: number;
  /**
   * When the input pauses (someone pasting, `tail -f`) for this long, what was read so far goes out
   * instead of waiting for a full slice.
   */
  flushAfterMs: number;
  recognize: (text: string) => BatchRecognition;
}

function noCounts(): Record<BatchKind, number> {
  return { address: 0, transaction: 0, inet: 0, entity: 0, "custom-entity": 0 };
}

type Pending = Promise<IteratorResult<InputLine[]>>;

function delay(ms: number): { promise: Promise<"timeout">; cancel: () => void } {
  let timer: NodeJS.Timeout | undefined;
  const promise = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), ms);
  });
  return { promise, cancel: () => clearTimeout(timer) };
}

/**
 * Groups recognised inputs into slices, in input order, each as large as the bulk limits allow: a
 * slice closes before an input whose candidates would push any kind past its limit. Reads lazily:
 * the next chunk of input is pulled only when the consumer asks for the next slice.
 */
export async function* sliceInputs(
  chunks: AsyncIterable<InputLine[]>,
  options: SliceOptions,
): AsyncGenerator<BatchSlice> {
  const iterator = chunks[Symbol.asyncIterator]();
  let index = 0;
  let entries: BatchEntry[] = [];
  let counts = noCounts();
  const ready: BatchSlice[] = [];

  const close = () => {
    if (entries.length === 0) return;
    ready.push({ index, entries });
    index += 1;
    entries = [];
    counts = noCounts();
  };

  // The candidates are counted into the slice first and, when that overfills it, into the next one:
  // no tally per input (a slice takes hundreds).
  const add = (input: InputLine) => {
    const recognition = options.recognize(input.text);
    if (recognition.type === "lookup") {
      let overfilled = false;
      for (const { kind } of recognition.candidates)
        if (++counts[kind] > options.limits[kind]) overfilled = true;
      if (overfilled && entries.length > 0) {
        close();
        for (const { kind } of recognition.candidates) counts[kind] += 1;
      }
    }
    entries.push({ input, recognition });
    if (entries.length >= options.maxEntries) close();
  };

  let pending: Pending | null = null;
  try {
    for (;;) {
      pending ??= iterator.next();
      let next: IteratorResult<InputLine[]> | "timeout";
      if (entries.length > 0) {
        const timer = delay(options.flushAfterMs);
        next = await Promise.race([pending, timer.promise]);
        timer.cancel();
      } else {
        next = await pending;
      }
      if (next === "timeout") {
        close();
      } else {
        pending = null;
        if (next.done) break;
        for (const input of next.value) add(input);
      }
      while (ready.length > 0) yield ready.shift()!;
    }
    close();
    while (ready.length > 0) yield ready.shift()!;
  } finally {
    // Stopped early (an error downstream, Ctrl-C): let the input stream close. A read still waiting
    // on a stalled stdin would hold return() up, so it is not awaited then.
    if (pending === null) await iterator.return?.();
    else {
      pending.catch(() => {});
      iterator.return?.()?.catch(() => {});
    }
  }
}
