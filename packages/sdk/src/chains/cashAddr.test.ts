import { hex } from "@scure/base";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { decodeCashAddr, encodeCashAddr } from "./cashAddr.ts";

// Test vectors of the CashAddr specification (bitcoincash.org spec/cashaddr.md, "Larger test vectors").
const specVectors: [address: string, type: number, hash: string][] = [
  ["bitcoincash:qr6m7j9njldwwzlg9v7v53unlr4jkmx6eylep8ekg2", 0, "F5BF48B397DAE70BE82B3CCA4793F8EB2B6CDAC9"],
  ["bchtest:pr6m7j9njldwwzlg9v7v53unlr4jkmx6eyvwc0uz5t", 1, "F5BF48B397DAE70BE82B3CCA4793F8EB2B6CDAC9"],
  ["pref:pr6m7j9njldwwzlg9v7v53unlr4jkmx6ey65nvtks5", 1, "F5BF48B397DAE70BE82B3CCA4793F8EB2B6CDAC9"],
  ["prefix:0r6m7j9njldwwzlg9v7v53unlr4jkmx6ey3qnjwsrf", 15, "F5BF48B397DAE70BE82B3CCA4793F8EB2B6CDAC9"],
  [
    "bitcoincash:q9adhakpwzztepkpwp5z0dq62m6u5v5xtyj7j3h2ws4mr9g0",
    0,
    "7ADBF6C17084BC86C1706827B41A56F5CA32865925E946EA",
  ],
  [
    "bchtest:p9adhakpwzztepkpwp5z0dq62m6u5v5xtyj7j3h2u94tsynr",
    1,
    "7ADBF6C17084BC86C1706827B41A56F5CA32865925E946EA",
  ],
  [
    "bitcoincash:qgagf7w02x4wnz3mkwnchut2vxphjzccwxgjvvjmlsxqwkcw59jxxuz",
    0,
    "3A84F9CF51AAE98A3BB3A78BF16A6183790B18719126325BFC0C075B",
  ],
  [
    "bitcoincash:qvch8mmxy0rtfrlarg7ucrxxfzds5pamg73h7370aa87d80gyhqxq5nlegake",
    0,
    "3173EF6623C6B48FFD1A3DCC0CC6489B0A07BB47A37F47CFEF4FE69DE825C060",
  ],
  [
    "bitcoincash:qnq8zwpj8cq05n7pytfmskuk9r4gzzel8qtsvwz79zdskftrzxtar994cgutavfklv39gr3uvz",
    0,
    "C07138323E00FA4FC122D3B85B9628EA810B3F381706385E289B0B25631197D194B5C238BEB136FB",
  ],
  [
    "prefix:0lg0x333p4238k0qrc5ej7rzfw5g8e4a4r6vvzyrcy8j3s5k0en7calvclhw46hudk5flttj6ydvjc0pv3nchp52amk97tqa5zygg96ms92w6845",
    15,
    "D0F346310D5513D9E01E299978624BA883E6BDA8F4C60883C10F28C2967E67EC77ECC7EEEAEAFC6DA89FAD72D11AC961E164678B868AEEEC5F2C1DA08884175B",
  ],
];

describe("CashAddr codec", () => {
  test.each(specVectors)("spec vector %s decodes and re-encodes", (address, type, hash) => {
    const prefix = address.slice(0, address.indexOf(":"));
    const decoded = decodeCashAddr(address, "bitcoincash");
    expect(decoded).toEqual({ prefix, type, hash: hex.decode(hash.toLowerCase()) });
    expect(encodeCashAddr({ prefix, type, hash: hex.decode(hash.toLowerCase()) })).toBe(address);
  });

  test("the prefix may be left out when it is the expected one, and upper case is accepted", () => {
    const address = "bitcoincash:qr6m7j9njldwwzlg9v7v53unlr4jkmx6eylep8ekg2";
    expect(decodeCashAddr(address.slice("bitcoincash:".length), "bitcoincash")?.type).toBe(0);
    expect(decodeCashAddr(address.toUpperCase(), "bitcoincash")?.type).toBe(0);
    // The checksum covers the prefix: the same body is not valid under another one.
    expect(decodeCashAddr(address.slice("bitcoincash:".length), "bchtest")).toBeNull();
  });

  test("mixed case, a wrong checksum and foreign characters are rejected", () => {
    expect(
      decodeCashAddr("bitcoincash:qr6m7j9njldwwzlg9v7v53unlr4jkmx6eyLep8ekg2", "bitcoincash"),
    ).toBeNull();
    expect(
      decodeCashAddr("bitcoincash:qr6m7j9njldwwzlg9v7v53unlr4jkmx6eylep8ekg3", "bitcoincash"),
    ).toBeNull();
    expect(
      decodeCashAddr("bitcoincash:qr6m7j9njldwwzlg9v7v53unlr4jkmx6eylep8ekgb", "bitcoincash"),
    ).toBeNull();
    expect(decodeCashAddr("bitcoincash:", "bitcoincash")).toBeNull();
  });
});

describe("CashAddr codec (property)", () => {
  const charset = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
  const payloads = fc.record({
    prefix: fc.stringMatching(/^[a-z][a-z0-9]{0,11}$/),
    type: fc.integer({ min: 0, max: 15 }),
    hash: fc
      .constantFrom(20, 24, 28, 32, 40, 48, 56, 64)
      .chain((size) => fc.uint8Array({ minLength: size, maxLength: size })),
  });

  test("every payload encodes and decodes back, in either case and without its prefix", () => {
    fc.assert(
      fc.property(payloads, (payload) => {
        const address = encodeCashAddr(payload);
        expect(decodeCashAddr(address, "other")).toEqual(payload);
        expect(decodeCashAddr(address.toUpperCase(), "other")).toEqual(payload);
        expect(decodeCashAddr(address.slice(payload.prefix.length + 1), payload.prefix)).toEqual(payload);
      }),
    );
  });

  test("a one-character error is always caught", () => {
    fc.assert(
      fc.property(payloads, fc.nat(), fc.integer({ min: 1, max: 31 }), (payload, at, shift) => {
        const address = encodeCashAddr(payload);
        const index = payload.prefix.length + 1 + (at % (address.length - payload.prefix.length - 1));
        const replaced = charset[(charset.indexOf(address[index]!) + shift) % 32]!;
        const corrupted = address.slice(0, index) + replaced + address.slice(index + 1);
        expect(decodeCashAddr(corrupted, "other")).toBeNull();
      }),
    );
  });
});
