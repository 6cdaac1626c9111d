import { bech32 } from "@scure/base";

// CashAddr (Bitcoin Cash, spec: bitcoincash.org spec/cashaddr.md). It shares bech32's alphabet and
// 8-to-5 bit regrouping, which @scure/base provides, but has its own 40-bit BCH checksum and a
// "prefix:" separator, so the checksum and framing live here.

const charset = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
/** The 5-bit value of each character code below 128; -1 outside the charset. */
const charValues = new Int8Array(128).fill(-1);
for (let index = 0; index < charset.length; index++) charValues[charset.charCodeAt(index)] = index;
const checksumWords = 8;
// The 40-bit generators and checksum split into a high byte and a low 32-bit word: BigInt
// arithmetic made this the costliest step of recognising a pasted address. The low words are kept
// as signed 32-bit integers (what bitwise operators give), so the arithmetic stays in integers.
const generatorsHigh = [0x98, 0x79, 0xf3, 0xae, 0x1e];
const generatorsLow = [0xf2bc8e61, 0xb76d99e2, 0x3e5fb3c4, 0x2eabe2a8, 0x4f43e470];
/** Hash sizes in bytes, indexed by the version byte's size code. */
const hashSizes = [20, 24, 28, 32, 40, 48, 56, 64];

/**
 * The XOR of the generators selected by each 5-bit value shifted out of the checksum: one table
 * lookup per step instead of five data-dependent branches, which the processor mispredicted.
 */
function generatorTable(generators: readonly number[]): Int32Array {
  return Int32Array.from({ length: 32 }, (_, top) =>
    generators.reduce((sum, generator, bit) => ((top >> bit) & 1 ? sum ^ generator : sum), 0),
  );
}

const highTable = generatorTable(generatorsHigh);
const lowTable = generatorTable(generatorsLow);

/**
 * The running CashAddr checksum over the prefix's words, a 0 separator and `words`, as [high 8 bits,
 * low 32 bits]; fed step by step, without building the concatenated word list.
 */
class Polymod {
  high = 0;
  low = 1;

  add(value: number): void {
    const top = this.high >> 3;
    this.high = (((this.high & 0x07) << 5) | (this.low >>> 27)) ^ highTable[top]!;
    this.low = ((this.low & 0x07ffffff) << 5) ^ value ^ lowTable[top]!;
  }

  addPrefix(prefix: string): void {
    for (let index = 0; index < prefix.length; index++) this.add(prefix.charCodeAt(index) & 0x1f);
    this.add(0);
  }

  addWords(words: ArrayLike<number>): void {
    for (let index = 0; index < words.length; index++) this.add(words[index]!);
  }

  /** The checksum as [high 8 bits, low 32 bits (unsigned)]; zero for a valid address. */
  result(): [number, number] {
    return [this.high, (this.low ^ 1) >>> 0];
  }
}

export interface CashAddrPayload {
  prefix: string;
  /** 0 P2PKH, 1 P2SH, 2 and 3 their CashTokens-aware variants; up to 15 by the format. */
  type: number;
  hash: Uint8Array;
}

/** Encodes a CashAddr string in lowercase with its prefix. */
export function encodeCashAddr({ prefix, type, hash }: CashAddrPayload): string {
  const sizeCode = hashSizes.indexOf(hash.length);
  if (sizeCode < 0) throw new RangeError(`CashAddr hash must be one of ${hashSizes.join(", ")} bytes`);
  if (!Number.isInteger(type) || type < 0 || type > 15) throw new RangeError("CashAddr type must be 0 to 15");
  const lowerPrefix = prefix.toLowerCase();
  const versioned = new Uint8Array(1 + hash.length);
  versioned[0] = (type << 3) | sizeCode;
  versioned.set(hash, 1);
  const words = bech32.toWords(versioned);
  const polymod = new Polymod();
  polymod.addPrefix(lowerPrefix);
  polymod.addWords(words);
  for (let index = 0; index < checksumWords; index++) polymod.add(0);
  const [high, low] = polymod.result();
  // Eight 5-bit words of the 40-bit checksum, most significant first.
  for (let index = 0; index < checksumWords; index++) {
    const shift = 5 * (checksumWords - 1 - index);
    if (shift >= 32) words.push((high >> (shift - 32)) & 31);
    // Words straddling the two halves take their top bits from the high byte.
    else words.push(shift === 0 ? low & 31 : ((low >>> shift) | (high << (32 - shift))) & 31);
  }
  return `${lowerPrefix}:${words.map((word) => charset[word]).join("")}`;
}

/**
 * Decodes a CashAddr string; without a prefix in the input, `defaultPrefix` is assumed (the checksum
 * covers it). Returns null for anything invalid: mixed case, bad characters, checksum, padding or size.
 */
export function decodeCashAddr(address: string, defaultPrefix: string): CashAddrPayload | null {
  const lower = address.toLowerCase();
  if (address !== lower && address !== address.toUpperCase()) return null;
  const separator = lower.lastIndexOf(":");
  const prefix = separator < 0 ? defaultPrefix.toLowerCase() : lower.slice(0, separator);
  const body = lower.slice(separator + 1);
  if (prefix === "" || !/^[a-z0-9]+$/.test(prefix) || body.length <= checksumWords) return null;
  const words: number[] = [];
  for (let index = 0; index < body.length; index++) {
    const code = body.charCodeAt(index);
    const value = code < 128 ? charValues[code]! : -1;
    if (value < 0) return null;
    words.push(value);
  }
  const polymod = new Polymod();
  polymod.addPrefix(prefix);
  polymod.addWords(words);
  const [high, low] = polymod.result();
  if (high !== 0 || low !== 0) return null;
  words.length -= checksumWords;
  const bytes = bech32.fromWordsUnsafe(words);
  if (!bytes || bytes.length < 1) return null;
  const version = bytes[0]!;
  const hash = bytes.subarray(1);
  if (version & 0x80 || hashSizes[version & 0x07] !== hash.length) return null;
  return { prefix, type: (version >> 3) & 0x0f, hash };
}
