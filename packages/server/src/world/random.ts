// A seeded PRNG (sfc32, seeded through splitmix32) so the demo world is the same for the same seed on
// every machine: nothing in the world may call Math.random or read the clock.

function splitmix32(state: number): () => number {
  let s = state >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** FNV-1a of a label, to derive independent streams by name. */
function hashLabel(label: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < label.length; index++) {
    hash = Math.imul(hash ^ label.charCodeAt(index), 0x01000193);
  }
  return hash >>> 0;
}

export class Random {
  #a: number;
  #b: number;
  #c: number;
  #d: number;
  readonly #seed: number;

  constructor(seed: number, label = "") {
    this.#seed = seed >>> 0;
    const mix = splitmix32(this.#seed ^ hashLabel(label));
    this.#a = mix();
    this.#b = mix();
    this.#c = mix();
    this.#d = mix();
    for (let index = 0; index < 12; index++) this.next();
  }

  /** A uniform 32-bit unsigned integer. */
  next(): number {
    this.#d = (this.#d + 1) | 0;
    const t = (((this.#a + this.#b) | 0) + this.#d) | 0;
    this.#a = this.#b ^ (this.#b >>> 9);
    this.#b = (this.#c + (this.#c << 3)) | 0;
    this.#c = (this.#c << 21) | (this.#c >>> 11);
    this.#c = (this.#c + t) | 0;
    return t >>> 0;
  }

  /** A uniform float in [0, 1). */
  float(): number {
    return this.next() / 4_294_967_296;
  }

  /** A uniform integer in [0, max). */
  int(max: number): number {
    return Math.floor(this.float() * max);
  }

  /** A uniform integer in [min, max]. */
  between(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }

  chance(probability: number): boolean {
    return this.float() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError("Cannot pick from an empty list");
    return items[this.int(items.length)] as T;
  }

  /** One item, drawn with the given weights. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, weight] of items) total += weight;
    let draw = this.float() * total;
    for (const [item, weight] of items) {
      draw -= weight;
      if (draw < 0) return item;
    }
    const last = items[items.length - 1];
    if (last === undefined) throw new RangeError("Cannot pick from an empty list");
    return last[0];
  }

  /** A log-normal draw with the given median; sigma is the spread of its logarithm. */
  logNormal(median: number, sigma: number): number {
    const u = 1 - this.float();
    const v = this.float();
    const normal = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    return median * Math.exp(sigma * normal);
  }

  bytes(length: number): Uint8Array {
    const bytes = new Uint8Array(length);
    for (let index = 0; index < length; index += 4) {
      let word = this.next();
      for (let byte = index; byte < Math.min(index + 4, length); byte++) {
        bytes[byte] = word & 0xff;
        word >>>= 8;
      }
    }
    return bytes;
  }

  /** An independent stream for a named part of the world: adding a part does not shift the others. */
  fork(label: string): Random {
    return new Random(this.#seed, label);
  }
}
