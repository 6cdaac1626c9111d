import { describe, expect, test } from "vitest";
import { correctIdentifierRead, correctIdentifierReadPair } from "./identifierReadCorrection.ts";

// Real identifiers: Bitcoin's genesis address and a well-known bech32 donation address, BIP 86's first
// taproot address, and addresses of the repository's OFAC and GraphSense fixtures.
const bech32 = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
const bech32m = "bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr";
const bitcoin = "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa";
const litecoin = "LNf2JDiuunBz7GMDKFYHN4rq5meXWxiwfb";
const dogecoin = "DLrPBnddK81Tn7YStmKVAhqfxYexZFJymq";
const tron = "TBHTJqAy4DhHhmT3dNceJYNRz4SdLofLre";
const checksummedEvm = "0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe";
const lowercaseEvm = "0x4f47bc496083c727c5fbe3ce9cdf2b0f6496270c";
const bitcoinHash = "4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b";
const evmHash = "0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060";

function read(token: string): { value: string; reading: string } | null {
  const found = correctIdentifierRead(token);
  return found && { value: found.identifier.value, reading: found.reading };
}

function readPair(one: string, other: string): { value: string; reading: string } | null {
  const found = correctIdentifierReadPair(one, other);
  return found && { value: found.identifier.value, reading: found.reading };
}

function checksummed(token: string): boolean | undefined {
  return correctIdentifierRead(token)?.checksummed;
}

describe("issue 42 identifiers recovered from OCR through their checksums", () => {
  test("issue 42 a valid read is returned exact", () => {
    for (const [token, value] of [
      [bech32, bech32],
      [bech32m, bech32m],
      [bitcoin, bitcoin],
      [tron, tron],
      [checksummedEvm, checksummedEvm.toLowerCase()],
      [bitcoinHash, bitcoinHash],
    ] as const)
      expect(read(token)).toEqual({ value, reading: "exact" });
  });

  test("issue 42 bech32 with 0/@, 1/l, 5/s, q/g and 7/i confused is corrected by its checksum", () => {
    // The confusions issue 42 saw tesseract make on a plain screenshot.
    expect(read("bc1qar@srrrixfkvysl643lydnw9re59gtzzwf5mdq")).toEqual({
      value: bech32,
      reading: "corrected",
    });
    expect(read("bcIqar0srrr7xfkvy51643lydnw9re5ggtzzwf5mdq")).toEqual({
      value: bech32,
      reading: "corrected",
    });
  });

  test("issue 42 bech32m (taproot) is corrected by its own checksum", () => {
    expect(read("bc1p5cyxnuxmeuwuvkwfem961qzszd02n6xdcjrs2@cac6yqjjwudpxqkedrcr")).toEqual({
      value: bech32m,
      reading: "corrected",
    });
  });

  test("issue 42 a dropped or doubled character is put right when the checksum confirms it", () => {
    expect(read(bech32.replace("mdq", "mq"))).toEqual({ value: bech32, reading: "corrected" });
    expect(read(bech32.replace("ydnw", "ydnnw"))).toEqual({ value: bech32, reading: "corrected" });
    expect(read(bitcoin.replace("DivfNa", "DivNa"))).toEqual({ value: bitcoin, reading: "corrected" });
  });

  test("issue 42 base58check addresses of Bitcoin, Litecoin, Dogecoin and Tron are corrected", () => {
    expect(read("lA1zPleP5QGefi2DMPTfTL5SLmv?DivfNa")).toEqual({ value: bitcoin, reading: "corrected" });
    expect(read("1A1zP1eP5QGefi2DMPTfTLSSLmv7DivfNa")).toEqual({ value: bitcoin, reading: "corrected" });
    expect(read("LNf2JDiuun8z7GMDKFYHN4rq5meXWxiwfb")).toEqual({ value: litecoin, reading: "corrected" });
    expect(read("DLrP8nddK8lTn7YStmKVAhgfxYexZFJymq")).toEqual({ value: dogecoin, reading: "corrected" });
    expect(read("TBHTJgAy4DhHhmT3dNceJYNRz4SdL0fLre")).toEqual({ value: tron, reading: "corrected" });
    // Confusions the corpus showed in monospace faces: J read as I, f as T, w as W.
    expect(read("TBHTIqAy4DhHhmT3dNceJYNRz4SdLofLre")).toEqual({ value: tron, reading: "corrected" });
    expect(read("1A1zP1eP5QGeTi2DMPTfTL5SLmv7DivfNa")).toEqual({ value: bitcoin, reading: "corrected" });
    expect(read("LNf2JDiuunBz7GMDKFYHN4rq5meXWxiWfb")).toEqual({ value: litecoin, reading: "corrected" });
  });

  test("issue 42 a letter read twice in both cases, with two confusions beside, is corrected", () => {
    // Read by tesseract from a clean 1× monospace screenshot (the corpus's image 083).
    const litecoinRead = "LaizKtS5DUhPuUP1nTQcc83MS7HWK6vk852";
    expect(read(litecoinRead)).toEqual({ value: "LaizKtS5DUhPuP1nTQcc83MS7HwK6vk85z", reading: "corrected" });
  });

  test("issue 42 confusions the corpus showed (0 as e, n as N, J as j) are corrected by the checksum", () => {
    // Reads of the corpus's images 063 (small dark monospace), 064 and 053 (phone, wrapped).
    expect(read("bclqrdpcu7ejfq5cu24545e3pm393gf7zae62huuep")).toEqual({
      value: "bc1qrdpcu70jfq5cu24545e3pm393gf7za062huuep",
      reading: "corrected",
    });
    expect(read("TH96tFMN8KGiYSLiwcV3E2UiaJc8jmchz3")).toEqual({
      value: "TH96tFMn8KGiYSLiwcV3E2UiaJc8jmcbz3",
      reading: "corrected",
    });
    expect(read("Leo3j36nn1jcsUQruytQhFUdCdCH5YHMR3")).toEqual({
      value: "Leo3j36nn1JcsUQruytQhFUdCdCH5YHMR3",
      reading: "corrected",
    });
  });

  test("issue 42 a non-Bitcoin base58 address a character short gets it back", () => {
    // Tron, Litecoin and Dogecoin addresses always have 34 characters: a 33-character read has lost one.
    expect(read(tron.replace("ceJY", "cJY"))).toEqual({ value: tron, reading: "corrected" });
    expect(read(dogecoin.replace("StmK", "SmK"))).toEqual({ value: dogecoin, reading: "corrected" });
  });

  test("issue 42 a 4 read as d in bech32 is corrected by its checksum", () => {
    expect(read(bech32.replace("l643", "l6d3"))).toEqual({ value: bech32, reading: "corrected" });
  });

  test("issue 42 a mixed-case EVM address is corrected only when EIP-55 then holds", () => {
    expect(read("0xde0B295669a9FD93d5F28D9Ec8SE4@f4cb697BAe")).toEqual({
      value: checksummedEvm.toLowerCase(),
      reading: "corrected",
    });
    // 8 read for B would need a search among the address's digits, and EIP-55 carries a bit per
    // letter only (17 here): some wrong candidate could pass as well, so the read is refused.
    expect(read("0xde08295669a9FD93d5F28D9Ec85E40f4cb697BAe")).toBeNull();
    // A c read as C (or the reverse) is size, not a different address.
    expect(read("0xde0B295669a9FD93d5F28D9EC85E40f4Cb697BAe")?.value).toBe(checksummedEvm.toLowerCase());
  });

  test("issue 42 lowercase EVM addresses and hashes are mapped by alphabet and exact length only", () => {
    expect(read("0x4f47bc496O83c727c5fbe3ce9cdf2b0f64962?0c")).toEqual({
      value: lowercaseEvm,
      reading: "corrected",
    });
    expect(read("4a5ele4baab89f3a32518a88c31bc87f6l8f76673e2cc77ab2127b7afdeda33b")).toEqual({
      value: bitcoinHash,
      reading: "corrected",
    });
    expect(read("Ox5c504ed432cb51138bcf09aa5e8a4lOdd4a1e204ef84bfed1be16dfba1b22060")).toEqual({
      value: evmHash,
      reading: "corrected",
    });
  });

  test("issue 42 an uncorrectable read is never returned", () => {
    // Too many confusions for the bound, or a glyph changed into another valid one.
    expect(read("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdp")).not.toEqual({
      value: bech32,
      reading: "corrected",
    });
    expect(read("bc1qxr0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq")).toBeNull();
    expect(read("1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb")).toBeNull();
    expect(read("LNf2JDiuunBz7GMDKFYHN4rq5meXWxiwfc")).toBeNull();
    expect(read("DLrPBnddK81Tn7YStmKVAhqfxYexZFJymw")).toBeNull();
    expect(read("TBHTJqAy4DhHhmT3dNceJYNRz4SdLofLrx")).toBeNull();
    // Read from a screenshot with f as T twice: turning T into 7 and one e into c passes EIP-55 by
    // chance (a c's case is not checked); too few letters vouch for it, so it is refused.
    expect(read("0x04DBA1194ee10112TE6C3207C0687DETOe78baCf")).toBeNull();
    // A mixed-case address whose last letter is off fails EIP-55 wherever the search turns.
    expect(read("0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAf")).toBeNull();
    // Without a checksum nothing is guessed: a missing digit or a letter that is not hex-like.
    expect(read(lowercaseEvm.slice(0, -1))).toBeNull();
    expect(read(`${lowercaseEvm}0`)).toBeNull();
    expect(read(`${bitcoinHash.slice(0, 60)}wxyz`)).toBeNull();
  });

  test("issue 42 a read says whether a checksum vouches for it", () => {
    expect([bech32, bitcoin, tron, checksummedEvm].map(checksummed)).toEqual([true, true, true, true]);
    expect([lowercaseEvm, bitcoinHash, evmHash].map(checksummed)).toEqual([false, false, false]);
    expect(checksummed("0x4f47bc496O83c727c5fbe3ce9cdf2b0f64962?0c")).toBe(false);
  });

  test("issue 42 a capital B or D in lowercase hex could be 8 or 0: without a checksum it is not read", () => {
    expect(read("0x4f47bc496083c727c5fbe3ce9cDf2b0f6496270c")).toBeNull();
    expect(read("0x4f47Bc496083c727c5fbe3ce9cdf2b0f6496270c")).toBeNull();
  });

  test("issue 42 hex that is not an identifier is not read as one", () => {
    // A 40-hex digest without 0x, a 62-hex string and 0x with 38 digits are decoys, not identifiers.
    expect(read("da39a3ee5e6b4b0d3255bfef95601890afd80709")).toBeNull();
    expect(read(bitcoinHash.slice(2))).toBeNull();
    expect(read(lowercaseEvm.slice(0, 40))).toBeNull();
  });

  test("issue 42 small letters read as capitals, more than the confusions' bound, are turned back", () => {
    // u, u, z, x read tall and W read small: five turns of case, each a letter drawn alike in both.
    expect(read("LNf2JDiUUnBZ7GMDKFYHN4rq5meXwXiwfb")).toEqual({ value: litecoin, reading: "corrected" });
    // The same turns with a glyph no confusion explains (b read as c): nothing is returned.
    expect(read("LNf2JDiUUnBZ7GMDKFYHN4rq5meXwXiwfc")).toBeNull();
  });

  test("issue 42 a d read as A and a 6 read as e are corrected by the checksum", () => {
    expect(read("TBHTJqAy4DhHhmT3ANceJYNRz4SdLofLre")).toEqual({ value: tron, reading: "corrected" });
    expect(read("bc1qar0srrr7xfkvy5le43lydnw9re59gtzzwf5mdq")).toEqual({
      value: bech32,
      reading: "corrected",
    });
  });
});

describe("issue 42 two passes' reads of one identifier searched together", () => {
  // One pass lost the q and read S as 5; another kept both but read h as n twice, d as a and an extra E.
  const lostGlyph = "TBHTJAy4DhHhmT3dNceJYNRz45dLofLre";
  const confused = "TBHTJqAy4DnHnmT3aNceJYNRz4SdLofLreE";

  test("issue 42 reads neither of which validates alone give the identifier, corrected", () => {
    expect(read(lostGlyph)).toBeNull();
    expect(read(confused)).toBeNull();
    expect(readPair(lostGlyph, confused)).toEqual({ value: tron, reading: "corrected" });
    expect(readPair(confused, lostGlyph)).toEqual({ value: tron, reading: "corrected" });
  });

  test("issue 42 reads that together still fail the checksum, or carry none, give nothing", () => {
    // Both lost the q and read S as 5; they differ only in where they read h as n.
    expect(readPair(lostGlyph.replace("DhH", "DnH"), lostGlyph.replace("Hhm", "Hnm"))).toBeNull();
    // Lowercase hex has no checksum to pair reads by.
    expect(readPair(lowercaseEvm, `${lowercaseEvm.slice(0, -1)}e`)).toBeNull();
    // A read valid alone needs no pairing.
    expect(readPair(tron, confused)).toBeNull();
  });
});
