import { sha256 } from "@noble/hashes/sha2.js";
import { base58, createBase58check } from "@scure/base";

const base58check = createBase58check(sha256);

// Base58 decoding is quadratic in the input length; callers bound the length first, and these
// bounds keep a long paste from costing more than a real address would.
const maxBase58checkLength = 64;
const maxBase58Length = 96;

const base58Pattern = /^[1-9A-HJ-NP-Za-km-z]+$/;

// Recognising one pasted identifier decodes it once per chain that could hold it (bitcoin, litecoin,
// dogecoin, bitcoin-cash, tron): the last answer is kept so the double SHA-256 runs once.
let lastValue: string | undefined;
let lastBytes: Uint8Array | null = null;

/** Decodes base58check (version byte included in the result), or null when the checksum fails. */
export function decodeBase58check(value: string): Uint8Array | null {
  if (value !== lastValue) {
    lastValue = value;
    lastBytes = null;
    // Text outside the alphabet fails without the codec's exception.
    if (value.length > 0 && value.length <= maxBase58checkLength && base58Pattern.test(value)) {
      try {
        lastBytes = base58check.decode(value);
      } catch {
        lastBytes = null;
      }
    }
  }
  // A copy: callers own what they are given.
  return lastBytes?.slice() ?? null;
}

export function encodeBase58check(bytes: Uint8Array): string {
  return base58check.encode(bytes);
}

/** Decodes plain base58 when it encodes exactly `length` bytes and the text is that encoding's only spelling. */
export function decodeBase58OfLength(value: string, length: number): Uint8Array | null {
  if (value.length === 0 || value.length > maxBase58Length) return null;
  try {
    const bytes = base58.decode(value);
    return bytes.length === length && base58.encode(bytes) === value ? bytes : null;
  } catch {
    return null;
  }
}

export function encodeBase58(bytes: Uint8Array): string {
  return base58.encode(bytes);
}
