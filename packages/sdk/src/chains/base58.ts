import { sha256 } from "@noble/hashes/sha2.js";
import { base58 } from "@scure/base";

const checksumLength = 4;

const base58Pattern = /^[1-9A-HJ-NP-Za-km-z]+$/;

/**
 * Whether base58 text of this length can spell `byteCount` bytes. Each leading "1" is one zero byte
 * and the rest is a number of at most 8 bits per byte, i.e. at most log(256)/log(58) ≈ 1.366
 * characters per byte plus one; so text shorter than the bytes or longer than that bound cannot
 * decode to them. Checking it first keeps other forms (0x, bech32) from being decoded at all, and
 * bounds base58's quadratic decoding by what a real address costs.
 */
function fitsBase58Length(text: string, byteCount: number): boolean {
  return text.length >= byteCount && text.length <= Math.floor(byteCount * 1.37) + 1;
}

/** The bytes base58 text spells, or null when it is not base58. */
function decodeBase58(text: string): Uint8Array | null {
  // Text outside the alphabet is refused before the codec, which would throw on it.
  return base58Pattern.test(text) ? base58.decode(text) : null;
}

/** SHA-256 applied twice. */
function doubleSha256(bytes: Uint8Array): Uint8Array {
  return sha256(sha256(bytes));
}

function hasValidChecksum(bytes: Uint8Array): boolean {
  const payloadLength = bytes.length - checksumLength;
  const expected = doubleSha256(bytes.subarray(0, payloadLength));
  for (let index = 0; index < checksumLength; index++) {
    if (expected[index] !== bytes[payloadLength + index]) return false;
  }
  return true;
}

/**
 * Decodes base58check whose payload (version byte included, checksum excluded) is `length` bytes;
 * null when the text is not that or its checksum fails. Base58 spells each byte string one way only
 * (see decodeBase58OfLength), so valid text is already the only spelling of its payload.
 */
export function decodeBase58check(text: string, length: number): Uint8Array | null {
  if (!fitsBase58Length(text, length + checksumLength)) return null;
  const bytes = decodeBase58(text);
  if (bytes === null || bytes.length !== length + checksumLength) return null;
  return hasValidChecksum(bytes) ? bytes.slice(0, length) : null;
}

/** Base58 of the payload followed by the first 4 bytes of its double SHA-256. */
export function encodeBase58check(bytes: Uint8Array): string {
  const withChecksum = new Uint8Array(bytes.length + checksumLength);
  withChecksum.set(bytes);
  withChecksum.set(doubleSha256(bytes).subarray(0, checksumLength), bytes.length);
  return base58.encode(withChecksum);
}

/**
 * Decodes plain base58 when it encodes exactly `length` bytes. No other text spells those bytes:
 * leading "1"s are the leading zero bytes one for one, and the rest is a number written without
 * leading zero digits, so text that decodes is the canonical encoding of what it decodes to.
 */
export function decodeBase58OfLength(text: string, length: number): Uint8Array | null {
  if (!fitsBase58Length(text, length)) return null;
  const bytes = decodeBase58(text);
  return bytes !== null && bytes.length === length ? bytes : null;
}

export function encodeBase58(bytes: Uint8Array): string {
  return base58.encode(bytes);
}
