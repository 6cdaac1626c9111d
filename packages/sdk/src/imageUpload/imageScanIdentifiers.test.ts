import { describe, expect, test } from "vitest";
import { identifiersInText } from "./imageScanIdentifiers.ts";

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

  test("002 §4 QR payment URIs give their address", () => {
    expect(identifiersInText("bitcoin:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq?amount=0.1")).toEqual([
      "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
    ]);
    expect(identifiersInText("ethereum:0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe@1/transfer")).toEqual([
      "0xde0b295669a9fd93d5f28d9ec85e40f4cb697bae",
    ]);
  });

  test("002 §4 OCR misreads are corrected only where a checksum confirms them", () => {
    // 'f' read as 'i', and 'q'/'x' read in upper case: the base58check checksum confirms the fix.
    expect(identifiersInText("1A1zP1eP5QGefi2DMPTfTL5SLmv7DiviNa")).toEqual([
      "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa",
    ]);
    expect(identifiersInText("TR7NHQjeKQXGTCi8q8ZY4pL8otSzgjLj6t")).toEqual([
      "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
    ]);
    // EIP-55 with one letter's case misread is a case slip; a wrong digit flips many cases and is dropped.
    expect(identifiersInText("0xde0B295669a9FD93d5F28D9EC85E40f4cb697BAe")).toEqual([
      "0xde0b295669a9fd93d5f28d9ec85e40f4cb697bae",
    ]);
    expect(identifiersInText("0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAf")).toEqual([]);
    // Letters that cannot be hex in a bare hash are the digits they look like.
    expect(identifiersInText("4a5ele4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b")).toEqual([
      "4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b",
    ]);
  });

  test("002 §4 text without identifiers, and IP addresses, give nothing", () => {
    expect(identifiersInText("Quarterly notes: version 2.4.1 at 10.0.0.1, call me")).toEqual([]);
    expect(identifiersInText("")).toEqual([]);
  });
});
