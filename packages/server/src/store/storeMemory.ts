// Answers read from a store, remembered for a short while: per store, so servers on different
// stores in one process never share one; forgotten all at once by any change that could alter them
// (`forget`), and never remembered when such a change came while they were being read (`version`
// taken before the read). Two generations bound the size: the older is dropped whole when the newer
// fills, because evicting one entry at a time from the front of a Map makes V8 step over every
// deleted entry on the next eviction.

interface Remembered<Value> {
  version: number;
  expiresAt: number;
  value: Value;
}

interface Generations<Value> {
  recent: Map<string, Remembered<Value>>;
  older: Map<string, Remembered<Value>>;
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

  recall(store: object, key: string, now = Date.now()): Value | undefined {
    const generations = this.#stores.get(store);
    const remembered = generations?.recent.get(key) ?? generations?.older.get(key);
    if (!remembered || remembered.version !== this.#version || remembered.expiresAt <= now) return undefined;
    return remembered.value;
  }

  /** Remembers `value`, read since `version`; not when the memory was forgotten meanwhile. */
  remember(store: object, key: string, value: Value, version: number, now = Date.now()): void {
    if (version !== this.#version) return;
    let generations = this.#stores.get(store);
    if (!generations) {
      generations = { recent: new Map(), older: new Map() };
      this.#stores.set(store, generations);
    }
    if (generations.recent.size >= this.#generationSize) {
      generations.older = generations.recent;
      generations.recent = new Map();
    }
    generations.recent.set(key, { version, expiresAt: now + this.#lifetimeMs, value });
  }
}
