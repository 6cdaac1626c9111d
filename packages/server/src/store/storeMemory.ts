// Answers read from a store, remembered for a short while: per store, so servers on different
// stores in one process never share one; forgotten all at once by any change in this process that
// could alter them (`forget`), and never remembered when such a change came while they were being read
// (`version` taken before the read). A change made by another process on the same database is seen
// through the store's change count (changeCounters.ts), taken before the read: an answer is recalled
// only under the count it was read under. Two generations bound the size: the older is dropped whole when the newer
// fills, because evicting one entry at a time from the front of a Map makes V8 step over every
// deleted entry on the next eviction.

interface Remembered<Value> {
  version: number;
  changes: number;
  expiresAt: number;
  value: Value;
}

interface Generations<Value> {
  recent: Map<string, Remembered<Value>>;
  older: Map<string, Remembered<Value>>;
}

export interface StoreMemoryView<Value> {
  recall(key: string, now?: number): Value | undefined;
  remember(key: string, value: Value, version: number, now?: number): void;
}

export class StoreMemory<Value> {
  readonly #lifetimeMs: number;
  readonly #generationSize: number;
  #version = 0;
  readonly #stores = new WeakMap<object, Generations<Value>>();

  constructor(options: { lifetimeMs: number; generationSize: number }) {
    this.#lifetimeMs = options.lifetimeMs;
    this.#generationSize = options.generationSize;
  }

  /** Where the memory stands: take it before reading what `remember` is then given. */
  version(): number {
    return this.#version;
  }

  /** Forgets everything remembered, of every store. */
  forget(): void {
    this.#version++;
  }

  /**
   * One store's memory as of its change count `changes` (changeCounters.ts, read before the reads
   * whose answers are remembered): a request recalling thousands of keys finds its store once.
   */
  of(store: object, changes = 0): StoreMemoryView<Value> {
    let generations = this.#stores.get(store);
    if (!generations) {
      generations = { recent: new Map(), older: new Map() };
      this.#stores.set(store, generations);
    }
    const found = generations;
    return {
      recall: (key, now = Date.now()) => {
        const remembered = found.recent.get(key) ?? found.older.get(key);
        if (
          !remembered ||
          remembered.version !== this.#version ||
          remembered.changes !== changes ||
          remembered.expiresAt <= now
        )
          return undefined;
        return remembered.value;
      },
      remember: (key, value, version, now = Date.now()) => {
        if (version !== this.#version) return;
        if (found.recent.size >= this.#generationSize) {
          found.older = found.recent;
          found.recent = new Map();
        }
        found.recent.set(key, { version, changes, expiresAt: now + this.#lifetimeMs, value });
      },
    };
  }
}
