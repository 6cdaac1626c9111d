import { sha256 } from "@noble/hashes/sha2.js";
import { base58, createBase58check } from "@scure/base";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { decodeBase58check, decodeBase58OfLength, encodeBase58check } from "./base58.ts";

const alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const referenceBase58check = createBase58check(sha256);

/** The reference: decode with the codec, then require the exact length and that re-encoding gives the text back. */
function referenceOfLength(text: string, length: number): Uint8Array | null {
  try {
    const bytes = base58.decode(text);
    return text !== "" && bytes.length === length && base58.encode(bytes) === text ? bytes : null;
  } catch {
    return null;
  }
}

/** The reference base58check decode: the codec's checksum test, then the payload length. */
function referenceCheck(text: string, length: number): Uint8Array | null {
  try {
    const bytes = referenceBase58check.decode(text);
    return text !== "" && bytes.length === length ? bytes : null;
  } catch {
    return null;
  }
}

/** Bytes of exactly `length`, often with leading zero bytes (each a leading "1") or 0xff ones. */
function bytesOf(length: number) {
  return fc
    .tuple(
      fc.uint8Array({ minLength: length, maxLength: length }),
      fc.nat({ max: length }),
      fc.constantFrom(0, 0xff),
    )
    .map(([bytes, lead, fill]) => bytes.fill(fill, 0, lead % 4 === 0 ? lead : 0));
}

/** Base58 text: random alphabet strings, often with leading "1"s, and foreign characters now and then. */
const text = fc
  .tuple(
    fc.nat({ max: 6 }),
    fc.string({ unit: fc.constantFrom(...alphabet), maxLength: 92 }),
    fc.constantFrom("", "", "", "0", "O", "I", "l", " ", "é"),
    fc.nat(),
  )
  .map(([ones, rest, foreign, at]) => {
    const spelled = "1".repeat(ones) + rest;
    const index = at % (spelled.length + 1);
    return spelled.slice(0, index) + foreign + spelled.slice(index);
  });

/** Encodings of random payloads, then with one character replaced: valid, then mostly invalid. */
function checkedText(payloadLength: number) {
  return fc
    .tuple(bytesOf(payloadLength), fc.option(fc.tuple(fc.nat(), fc.constantFrom(...alphabet))))
    .map(([payload, replacement]) => {
      const encoded = referenceBase58check.encode(payload);
      if (replacement === null) return encoded;
      const index = replacement[0] % encoded.length;
      return encoded.slice(0, index) + replacement[1] + encoded.slice(index + 1);
    });
}

describe("base58 and base58check decoding", () => {
  test("000 §5 base58 text is the only spelling of its bytes (why decoding need not re-encode)", () => {
    fc.assert(
      fc.property(text, (spelled) => {
        let bytes: Uint8Array;
        try {
          bytes = base58.decode(spelled);
        } catch {
          return;
        }
        if (spelled !== "") expect(base58.encode(bytes)).toBe(spelled);
      }),
      { numRuns: 5_000 },
    );
  });

  test("000 §5 decoding base58 of a given length agrees with decoding and re-encoding", () => {
    const lengths = fc.constantFrom(20, 25, 32, 64);
    const inputs = fc.oneof(
      text.chain((spelled) => fc.tuple(fc.constant(spelled), lengths)),
      lengths.chain((length) =>
        fc.tuple(
          bytesOf(length).map((bytes) => base58.encode(bytes)),
          fc.constant(length),
        ),
      ),
    );
    fc.assert(
      fc.property(inputs, ([spelled, length]) => {
        expect(decodeBase58OfLength(spelled, length)).toEqual(referenceOfLength(spelled, length));
      }),
      { numRuns: 5_000 },
    );
  });

  test("000 §5 base58check decoding agrees with the codec's checksum test", () => {
    const inputs = fc.oneof(
      checkedText(21).map((spelled) => [spelled, 21] as const),
      checkedText(1).map((spelled) => [spelled, 1] as const),
      text.map((spelled) => [spelled, 21] as const),
    );
    fc.assert(
      fc.property(inputs, ([spelled, length]) => {
        expect(decodeBase58check(spelled, length)).toEqual(referenceCheck(spelled, length));
      }),
      { numRuns: 5_000 },
    );
  });

  test("000 §5 the last decoding is kept per text: asking for another length or form still answers right", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(checkedText(21), fc.constantFrom("check 21", "check 28", "plain 25", "plain 32")), {
          minLength: 1,
          maxLength: 6,
        }),
        (calls) => {
          for (const [spelled, call] of [...calls, ...calls]) {
            if (call === "check 21")
              expect(decodeBase58check(spelled, 21)).toEqual(referenceCheck(spelled, 21));
            if (call === "check 28")
              expect(decodeBase58check(spelled, 28)).toEqual(referenceCheck(spelled, 28));
            if (call === "plain 25")
              expect(decodeBase58OfLength(spelled, 25)).toEqual(referenceOfLength(spelled, 25));
            if (call === "plain 32")
              expect(decodeBase58OfLength(spelled, 32)).toEqual(referenceOfLength(spelled, 32));
          }
        },
      ),
    );
  });

  test("000 §5 base58check encoding is the codec's", () => {
    fc.assert(
      fc.property(fc.nat({ max: 40 }).chain(bytesOf), (payload) => {
        expect(encodeBase58check(payload)).toBe(referenceBase58check.encode(payload));
      }),
    );
  });

  test("a decoded payload belongs to the caller", () => {
    const address = "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa";
    decodeBase58check(address, 21)?.fill(0);
    expect(decodeBase58check(address, 21)).toEqual(referenceCheck(address, 21));
  });
});
