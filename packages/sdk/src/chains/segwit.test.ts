import { bech32, bech32m } from "@scure/base";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { decodeSegwit, encodeSegwit } from "./segwit.ts";

/** The reference: BIP 173/350 decoding by @scure/base's codecs, trying both encodings. */
function decodeWithCodecs(hrp: string, address: string): { version: number; program: Uint8Array } | null {
  if (address.length > 90 || address.slice(0, hrp.length + 1).toLowerCase() !== `${hrp}1`) return null;
  for (const [codec, isBech32m] of [
    [bech32, false],
    [bech32m, true],
  ] as const) {
    const decoded = codec.decodeUnsafe(address, 90);
    if (!decoded) continue;
    const [version, ...data] = decoded.words;
    if (decoded.prefix !== hrp || version === undefined || version > 16) return null;
    if ((version === 0) === isBech32m) return null;
    const program = codec.fromWordsUnsafe(data);
    if (!program || program.length < 2 || program.length > 40) return null;
    if (version === 0 && program.length !== 20 && program.length !== 32) return null;
    return { version, program };
  }
  return null;
}

/** Bytes of every length from 0 to `max`, not only the short ones fast-check prefers. */
function bytesUpTo(max: number) {
  return fc
    .integer({ min: 0, max })
    .chain((length) => fc.uint8Array({ minLength: length, maxLength: length }));
}

/** Any bech32 or bech32m string under a prefix, valid for segwit or not (padding included). */
const encoded = fc
  .record({
    hrp: fc.constantFrom("bc", "ltc", "tb"),
    version: fc.oneof(fc.integer({ min: 0, max: 16 }), fc.integer({ min: 0, max: 31 })),
    words: fc.oneof(
      bytesUpTo(42).map((program) => bech32.toWords(program)),
      fc.array(fc.integer({ min: 0, max: 31 }), { maxLength: 70 }),
    ),
    bech32m: fc.boolean(),
  })
  .map(({ hrp, version, words, bech32m: useBech32m }) =>
    (useBech32m ? bech32m : bech32).encode(hrp, [version, ...words], false),
  );

/** Valid segwit addresses: a witness program of an allowed size in its version's encoding. */
const valid = fc
  .oneof(
    fc.record({
      version: fc.constant(0),
      program: fc.constantFrom(20, 32).chain((size) => fc.uint8Array({ minLength: size, maxLength: size })),
    }),
    fc.record({ version: fc.integer({ min: 1, max: 16 }), program: bytesUpTo(40) }),
  )
  .filter(({ program }) => program.length >= 2)
  .map(({ version, program }) => encodeSegwit("bc", version, program));

/** Encodings with a few characters replaced, cut off or re-cased: mostly invalid, some not. */
const mangled = fc
  .tuple(
    fc.oneof(encoded, valid),
    fc.array(fc.tuple(fc.nat(), fc.constantFrom(..."qpzry9x8gf2tvdw0s3jn54khce6mua7lQPZ1bBio:")), {
      maxLength: 2,
    }),
    fc.constantFrom("as is", "upper", "one upper", "cut", "padded"),
  )
  .map(([address, replacements, change]) => {
    let text = address;
    for (const [at, char] of replacements) {
      const index = at % text.length;
      text = text.slice(0, index) + char + text.slice(index + 1);
    }
    if (change === "upper") return text.toUpperCase();
    if (change === "one upper") return text.slice(0, -1) + text.slice(-1).toUpperCase();
    if (change === "cut") return text.slice(0, -1);
    return change === "padded" ? `${text}q` : text;
  });

describe("000 §5 segwit addresses (BIP 173, BIP 350)", () => {
  test("000 §5 decoding agrees with the reference codecs on valid and invalid text", () => {
    fc.assert(
      fc.property(fc.oneof(encoded, valid, mangled), fc.constantFrom("bc", "ltc"), (address, hrp) => {
        expect(decodeSegwit(hrp, address)).toEqual(decodeWithCodecs(hrp, address));
      }),
      { numRuns: 20_000 },
    );
  });

  test("000 §5 every witness program encodes and decodes back, in either letter case", () => {
    const programs = fc.oneof(
      fc.record({ version: fc.constant(0), program: fc.uint8Array({ minLength: 20, maxLength: 20 }) }),
      fc.record({ version: fc.constant(0), program: fc.uint8Array({ minLength: 32, maxLength: 32 }) }),
      fc.record({
        version: fc.integer({ min: 1, max: 16 }),
        program: fc.uint8Array({ minLength: 2, maxLength: 40 }),
      }),
    );
    fc.assert(
      fc.property(programs, ({ version, program }) => {
        const address = encodeSegwit("bc", version, program);
        expect(decodeSegwit("bc", address)).toEqual({ version, program });
        expect(decodeSegwit("bc", address.toUpperCase())).toEqual({ version, program });
        expect(decodeSegwit("ltc", address)).toBeNull();
      }),
    );
  });
});
