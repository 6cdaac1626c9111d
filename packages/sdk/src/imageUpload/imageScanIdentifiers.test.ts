import { describe, expect, test } from "vitest";
import {
  identifierReadsFromPasses,
  identifierReadsInText,
  identifiersInText,
  imageScanReadIsDoubtful,
  imageScanReadLabel,
} from "./imageScanIdentifiers.ts";

const bech32 = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
const evmHash = "0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060";

describe("002 §4 identifiers read from an image", () => {
  test("002 §4 valid addresses and hashes are kept in reading order, each once", () => {
    const text = [
      "Sent to 0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe today,",
      "from 1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa (genesis) and again 1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa.",
      "tx 4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b",
    ].join("\n");
    expect(identifiersInText(text)).toEqual([
      "0xde0b295669a9fd93d5f28d9ec85e40f4cb697bae",
      "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa",
      "4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b",
    ]);
  });

  test("issue 42 payment URIs in QR codes give their address, read from the QR", () => {
    expect(identifierReadsInText(`bitcoin:${bech32}?amount=0.1&label=Refund`, "qr")).toEqual([
      { identifier: bech32, source: "qr", reading: "exact", checksummed: true },
    ]);
    expect(identifiersInText("BITCOIN:BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ?AMOUNT=1")).toEqual([
      bech32,
    ]);
    expect(identifiersInText("ethereum:pay-0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe@1/transfer")).toEqual([
      "0xde0b295669a9fd93d5f28d9ec85e40f4cb697bae",
    ]);
    expect(identifiersInText("litecoin:LNf2JDiuunBz7GMDKFYHN4rq5meXWxiwfb?amount=2")).toEqual([
      "LNf2JDiuunBz7GMDKFYHN4rq5meXWxiwfb",
    ]);
    expect(identifiersInText("tron:TBHTJqAy4DhHhmT3dNceJYNRz4SdLofLre")).toEqual([
      "TBHTJqAy4DhHhmT3dNceJYNRz4SdLofLre",
    ]);
  });

  test("issue 42 a corrected read says so", () => {
    expect(
      identifierReadsInText("Withdraw to bc1qar@srrrixfkvysl643lydnw9re59gtzzwf5mdq now", "text"),
    ).toEqual([{ identifier: bech32, source: "text", reading: "corrected", checksummed: true }]);
  });

  test("issue 42 an identifier wrapped over two or three lines is joined when the join validates", () => {
    expect(
      identifierReadsInText(`Address\nbc1qar0srrr7xfkv\ny5l643lydnw9re59\ngtzzwf5mdq\nCopy`, "text"),
    ).toEqual([{ identifier: bech32, source: "text", reading: "exact", checksummed: true }]);
    // A hash in large text on a phone takes four lines.
    const hash = "3e497f198b0f40e5214ee538871d5df9f408de7e7a5812802ca23fa988e5c950";
    expect(
      identifiersInText(
        `Transaction ID\n${hash.slice(0, 20)}\n${hash.slice(20, 40)}\n${hash.slice(40, 60)}\n${hash.slice(60)}\nSHA-1`,
      ),
    ).toEqual([hash]);
    // The first line of a wrapped 0x hash is 42 characters, a valid address alone: the join wins.
    expect(identifiersInText(`Hash: ${evmHash.slice(0, 42)}\n${evmHash.slice(42)}`)).toEqual([evmHash]);
    // A slightly rotated line read with a space inside the address.
    expect(identifiersInText("Send to bc1q202ajnhxgg9d9jj czmgOg4usp6haqldyy2eakl")).toEqual([
      "bc1q202ajnhxgg9d9jjczmg0g4usp6haqldyy2eakl",
    ]);
    // A label's last word is not glued to the address on the next line (as a Solana-length key).
    expect(identifiersInText("Dogecoin recipient\nDC67HegZA8nHrGSNfnUqAm9g8ygvxqS2Ty\nYour request")).toEqual(
      ["DC67HegZA8nHrGSNfnUqAm9g8ygvxqS2Ty"],
    );
    // A hash wrapped over four phone lines, a digit misread in and its last line left out by a
    // re-read: the join has a hash's length but the wrap runs on, so it is not read.
    const wrapped = "9aaa620dd4ffbf2f5a133bb6ebe2878b8602b1675e1e8bb9e17af7f9a0b20f16";
    expect(
      identifiersInText(
        `9aaab620dd4ffbf2f5a133\nbb6ebe2878b8602b1675e\n1e8bb9e17af7f9a0b20f1\n6\nLTC address`,
      ),
    ).toEqual([]);
    expect(
      identifiersInText(
        `${wrapped.slice(0, 21)}\n${wrapped.slice(21, 42)}\n${wrapped.slice(42, 63)}\n6\nLTC address`,
      ),
    ).toEqual([wrapped]);
    // Two addresses on consecutive lines are not joined into one.
    expect(identifiersInText(`${bech32}\n0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe`)).toEqual([
      bech32,
      "0xde0b295669a9fd93d5f28d9ec85e40f4cb697bae",
    ]);
  });

  test("002 §4 text without identifiers, decoy hex and IP addresses give nothing", () => {
    expect(identifiersInText("Quarterly notes: version 2.4.1 at 10.0.0.1, call me")).toEqual([]);
    expect(
      identifiersInText(
        "commit da39a3ee5e6b4b0d3255bfef95601890afd80709 nonce 0x4f47bc496083c727c5fbe3ce9cdf2b0f64",
      ),
    ).toEqual([]);
    expect(identifiersInText("")).toEqual([]);
    // Calldata wrapped after 40 hex digits: its first line is not an address.
    expect(
      identifiersInText(`Data\n0xcfc21f07dac5d7ea425b02395af6cb0ae49e76da\n578f291ac69d692f2ab98aec001e0080`),
    ).toEqual([]);
  });
});

describe("issue 42 identifiers from two passes' reads together", () => {
  const tron = "TBHTJqAy4DhHhmT3dNceJYNRz4SdLofLre";

  test("issue 42 a wrapped address each pass misread differently is found through its checksum", () => {
    // The page lost the q and read S as 5; a re-read kept both but read h as n twice and d as a: neither validates.
    const page = "USDT deposit address\nTBHTJAy4DhHhmT3dNceJYNRz4\n5dLofLre\nAmount";
    const reread = "TBHTJqAy4DnHnmT3aNceJYNRz4\nSdLofLre";
    expect(identifierReadsInText(page, "text")).toEqual([]);
    expect(identifierReadsInText(reread, "text")).toEqual([]);
    expect(identifierReadsFromPasses([page, reread], [])).toEqual([
      { identifier: tron, source: "text", reading: "corrected", checksummed: true },
    ]);
  });

  test("issue 42 reads of an identifier already found, or of one pass alone, are not paired", () => {
    const page = "TBHTJAy4DhHhmT3dNceJYNRz45dLofLre";
    const reread = "TBHTJqAy4DnHnmT3aNceJYNRz4SdLofLre";
    expect(identifierReadsFromPasses([page, reread], [tron])).toEqual([]);
    expect(identifierReadsFromPasses([`${page}\n${reread}`], [])).toEqual([]);
  });
});

describe("issue 42 how an identifier was read, in words", () => {
  test("issue 42 a corrected or unchecked read is labelled for a second look", () => {
    expect(imageScanReadLabel({ source: "qr", reading: "exact", checksummed: true })).toBe("QR code, exact");
    expect(imageScanReadLabel({ source: "text", reading: "corrected", checksummed: true })).toBe(
      "text, corrected, its checksum holds",
    );
    expect(imageScanReadLabel({ source: "text", reading: "exact", checksummed: false })).toBe(
      "text, exact, no checksum",
    );
  });

  test("issue 42 a read the store confirmed says so, and needs no second look", () => {
    expect(imageScanReadLabel({ source: "text", reading: "confirmed", checksummed: false })).toBe(
      "text, confirmed by stored chain data",
    );
    expect(imageScanReadIsDoubtful({ reading: "confirmed", checksummed: false })).toBe(false);
    expect(imageScanReadIsDoubtful({ reading: "exact", checksummed: false })).toBe(true);
    expect(imageScanReadIsDoubtful({ reading: "corrected", checksummed: true })).toBe(true);
    expect(imageScanReadIsDoubtful({ reading: "exact", checksummed: true })).toBe(false);
  });
});
