import { describe, expect, test } from "vitest";
import {
  maxNearTokens,
  maxTokenPrefixes,
  type NearIdentifiers,
  nearLimit,
  nearStoredReads,
  nearTokens,
  ocrDistance,
  prefixLength,
  tokenPrefixes,
} from "./nearMatches.ts";

// The first bitcoin address (genesis coinbase), a bech32 address of BIP 173's examples, and an
// Ethereum transaction of ethereum-etl's sample.
const genesisAddress = "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa";
const bech32Address = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4";
const ethereumTransaction = "0xec7cc4df1ff542793053335700f18d59c3f870e1e4820a42d558c76db832bd14";

/** A store holding `held`, answering prefixes as the store's index range does, counting questions. */
function storeHolding(held: readonly string[]): { near: NearIdentifiers; asked: string[][] } {
  const asked: string[][] = [];
  return {
    asked,
    near: async (prefixes) => {
      asked.push([...prefixes]);
      return held.filter((identifier) => prefixes.some((prefix) => identifier.startsWith(prefix)));
    },
  };
}

/** `identifier` with the glyphs at `positions` replaced by `glyphs`, one each. */
function misread(identifier: string, positions: readonly number[], glyphs: string): string {
  let spelled = identifier;
  for (const [index, at] of positions.entries())
    spelled = spelled.slice(0, at) + glyphs[index] + spelled.slice(at + 1);
  return spelled;
}

describe("issue 42 the distance of a read from a stored identifier", () => {
  test("issue 42 an OCR confusion costs half an edit, any other change a whole one", () => {
    expect(ocrDistance(genesisAddress, genesisAddress)).toBe(0);
    // S read as 5, i as 1: lookalikes.
    expect(ocrDistance(misread(genesisAddress, [23, 29], "51"), genesisAddress)).toBe(1);
    // A case read wrong (v as V) is a confusion; a glyph lost is a whole edit.
    expect(ocrDistance(misread(genesisAddress, [26], "V"), genesisAddress)).toBe(0.5);
    expect(ocrDistance(genesisAddress.slice(0, 10) + genesisAddress.slice(11), genesisAddress)).toBe(1);
    // Unrelated glyphs: each a whole edit.
    expect(ocrDistance(misread(genesisAddress, [25, 26], "kk"), genesisAddress)).toBe(2);
  });

  test("issue 42 a hex read is compared regardless of case, as an EIP-55 spelling is", () => {
    expect(ocrDistance(ethereumTransaction.toUpperCase().replace("0X", "0x"), ethereumTransaction)).toBe(0);
  });

  test("issue 42 the edits allowed grow with the identifier's length", () => {
    expect(nearLimit(34)).toBeGreaterThanOrEqual(4);
    expect(nearLimit(34)).toBeLessThan(5);
    expect(nearLimit(66)).toBeGreaterThan(nearLimit(42));
  });
});

describe("issue 42 the prefixes a token is looked up by", () => {
  test("issue 42 a token's first glyphs, then each with a lookalike swapped in", () => {
    const prefixes = tokenPrefixes(genesisAddress);
    expect(prefixes[0]).toBe(genesisAddress.slice(0, prefixLength));
    // The 1 of "1A1zP1eP" may have been an l: one glyph swapped at a time.
    expect(prefixes).toContain(`lA1zP1eP`);
    expect(prefixes.every((prefix) => prefix.length === prefixLength)).toBe(true);
  });

  test("issue 42 a hex token's prefix is spelled as lowercase hex", () => {
    expect(tokenPrefixes("0xEC7CC4DF1ff5")[0]).toBe("0xec7cc4");
    expect(tokenPrefixes("OxecOcc4df1ff5")[0]).toBe("0xec0cc4");
  });
});

describe("issue 42 near matches the store settles", () => {
  test("issue 42 a checksummed address misread beyond the checksum's correction is found in the store", async () => {
    // Four glyphs misread after the prefix: S as 5, v as V, D as 0, i as 1.
    const read = misread(genesisAddress, [23, 26, 28, 29], "5V01");
    const { near, asked } = storeHolding([genesisAddress, bech32Address]);
    const reads = await nearStoredReads(nearTokens([`Address ${read}`], []), [], near);
    expect(reads).toEqual([
      { identifier: genesisAddress, source: "text", reading: "confirmed", checksummed: false },
    ]);
    expect(asked).toHaveLength(1);
  });

  test("issue 42 a token near two stored identifiers is left alone", async () => {
    const read = misread(genesisAddress, [23, 29], "51");
    const twin = misread(genesisAddress, [30], "x");
    const { near } = storeHolding([genesisAddress, twin]);
    expect(await nearStoredReads(nearTokens([read], []), [], near)).toEqual([]);
  });

  test("issue 42 a token too far from any stored identifier is left alone", async () => {
    const read = misread(genesisAddress, [12, 16, 20, 24, 28, 31], "kkkkkk");
    const { near } = storeHolding([genesisAddress]);
    expect(await nearStoredReads(nearTokens([read], []), [], near)).toEqual([]);
  });

  test("issue 42 an identifier the image already read is not returned again", async () => {
    // A glyph lost and another misread: no hash as read.
    const read = misread(ethereumTransaction, [40], "7").slice(0, 50) + ethereumTransaction.slice(51);
    const { near } = storeHolding([ethereumTransaction]);
    expect(await nearStoredReads(nearTokens([read], []), [ethereumTransaction], near)).toEqual([]);
    expect(await nearStoredReads(nearTokens([read], []), [], near)).toEqual([
      { identifier: ethereumTransaction, source: "text", reading: "confirmed", checksummed: false },
    ]);
  });

  test("issue 42 a hash the agreement rules held back is looked up near, before the text's tokens", async () => {
    // A whole hash as read, but for a digit its rival passes disagree on.
    const read = misread(ethereumTransaction, [40], "7");
    expect(nearTokens([], [read])).toEqual([read]);
    const { near } = storeHolding([ethereumTransaction]);
    expect(await nearStoredReads(nearTokens([], [read]), [], near)).toEqual([
      { identifier: ethereumTransaction, source: "text", reading: "confirmed", checksummed: false },
    ]);
  });

  test("issue 42 a scan asks the store once, about a bounded number of tokens", async () => {
    const letters = "acdefhjkmnprtuwxy";
    const tokens = Array.from({ length: maxNearTokens + 10 }, (_, index) =>
      misread(
        genesisAddress,
        [2, 3],
        letters[index % letters.length]! + letters[Math.floor(index / letters.length)]!,
      ),
    );
    const { near, asked } = storeHolding([]);
    await nearStoredReads(nearTokens([tokens.join("\n")], []), [], near);
    expect(asked).toHaveLength(1);
    const tokensAsked = new Set(asked[0]!.map((prefix) => prefix.slice(2, 4)));
    expect(tokensAsked.size).toBeLessThanOrEqual(maxNearTokens);
    expect(asked[0]!.length).toBeLessThanOrEqual(maxNearTokens * maxTokenPrefixes);
  });
});
