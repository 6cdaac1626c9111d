import { bech32 } from "@scure/base";

// CashAddr (Bitcoin Cash, spec: bitcoincash.org spec/cashaddr.md). It shares bech32's alphabet and
// 8-to-5 bit regrouping, which @scure/base provides, but has its own 40-bit BCH checksum and a
// "prefix:" separator, so the checksum and framing live here.

const charset = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
const charValues = new Map<string, number>([...charset].map((char, index) => [char, index]));
const checksumWords = 8;
// The 40-bit generators and checksum split into a high byte and a low 32-bit word: BigInt
// arithmetic made this the costliest step of recognising a pasted address.
const generatorsHigh = [0x98, 0x79, 0xf3, 0xae, 0x1e];
const generatorsLow = [0xf2bc8e61, 0xb76d99e2, 0x3e5fb3c4, 0x2eabe2a8, 0x4f43e470];
/** Hash sizes in bytes, indexed by the version byte's size code. */
const hashSizes = [20, 24, 28, 32, 40, 48, 56, 64];

/** The CashAddr checksum of `values` as [high 8 bits, low 32 bits]. */
function polymod(values: readonly number[]): [number, number] {
  let high = 0;
  let low = 1;
  for (const value of values) {
    const top = high >> 3;
    high = ((high & 0x07) << 5) | (low >>> 27);
    low = (((low & 0x07ffffff) << 5) ^ value) >>> 0;
    for (let bit = 0; bit < 5; bit++) {
      if ((top >> bit) & 1) {
        high ^= generatorsHigh[bit]!;
        low = (low ^ generatorsLow[bit]!) >>> 0;
      }
    }
  }
  return [high, (low ^ 1) >>> 0];
}

function prefixWords(prefix: string): number[] {
  return [...[...prefix].map((char) => char.charCodeAt(0) & 0x1f), 0];
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
  const payload = bech32.toWords(Uint8Array.of((type << 3) | sizeCode, ...hash));
  const [high, low] = polymod([
    ...prefixWords(lowerPrefix),
    ...payload,
    ...new Array<number>(checksumWords).fill(0),
  ]);
  // Eight 5-bit words of the 40-bit checksum, most significant first.
  const checksumPart = Array.from({ length: checksumWords }, (_, index) => {
    const shift = 5 * (checksumWords - 1 - index);
    if (shift >= 32) return (high >> (shift - 32)) & 31;
    // Words straddling the two halves take their top bits from the high byte.
    return shift === 0 ? low & 31 : ((low >>> shift) | (high << (32 - shift))) & 31;
  });
  return `${lowerPrefix}:${[...payload, ...checksumPart].map((word) => charset[word]).join("")}`;
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
  for (const char of body) {
    const value = charValues.get(char);
    if (value === undefined) return null;
    words.push(value);
  }
  const [high, low] = polymod([...prefixWords(prefix), ...words]);
  if (high !== 0 || low !== 0) return null;
  const bytes = bech32.fromWordsUnsafe(words.slice(0, -checksumWords));
  if (!bytes || bytes.length < 1) return null;
  const version = bytes[0]!;
  const hash = bytes.slice(1);
  if (version & 0x80 || hashSizes[version & 0x07] !== hash.length) return null;
  return { prefix, type: (version >> 3) & 0x0f, hash };
}
