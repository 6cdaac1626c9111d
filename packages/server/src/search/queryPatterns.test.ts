import { describe, expect, test } from "vitest";
import { addressLookup, customEntityUuidOf, entitySlugOf, inetLookup, prefixRange } from "./queryPatterns.ts";

const evm = `0x${"ab".repeat(20)}`;

describe("002 §4 search query patterns", () => {
  test("000 §5 a full EVM address is looked up exactly on every EVM chain, in lowercase", () => {
    const lookup = addressLookup(evm.toUpperCase().replace("0X", "0x"));
    expect(lookup.prefixes).toEqual([]);
    expect(new Set(lookup.exact.map((item) => item.address))).toEqual(new Set([evm]));
    expect(lookup.exact.map((item) => item.chain)).toContain("ethereum");
    expect(lookup.exact.length).toBeGreaterThan(1);
  });

  test("002 §4 prefixes are lowercased where the chain's spelling is, kept as typed for base58", () => {
    expect(addressLookup("0xABcd").prefixes).toEqual(["0xabcd"]);
    expect(addressLookup("BC1QAR0").prefixes).toEqual(["bc1qar0"]);
    expect(addressLookup("TJRabPrw").prefixes).toEqual(["TJRabPrw"]);
    expect(addressLookup("1BvBM").prefixes).toEqual(["1BvBM"]);
    // A CashAddr typed without its prefix also matches the stored `bitcoincash:` spelling.
    expect(addressLookup("qpm2q").prefixes).toEqual(["qpm2q", "bitcoincash:qpm2q"]);
  });

  test("002 §4 prefixes under 4 characters, or with blanks, match no address", () => {
    expect(addressLookup("0xa").prefixes).toEqual([]);
    expect(addressLookup("abc def").prefixes).toEqual([]);
  });

  test("002 §9 a % query keeps its literal prefix for the index and the pattern for the filter", () => {
    expect(addressLookup("0xAB%cd")).toEqual({ exact: [], prefixes: ["0xab"], pattern: "0xab%cd" });
    expect(addressLookup("%abcd").prefixes).toEqual([]);
    expect(addressLookup("1Bv_M%").pattern).toBe("1Bv\\_M%");
  });

  test("a prefix range covers exactly the strings that start with it", () => {
    const range = prefixRange("0xab");
    for (const inside of ["0xab", "0xab00", "0xabzz"])
      expect(inside >= range.low && inside < range.high).toBe(true);
    for (const outside of ["0xaa", "0xac", "0xa"])
      expect(outside >= range.low && outside < range.high).toBe(false);
  });

  test("002 §4 pasted URNs name their entity, custom entity or IP", () => {
    expect(entitySlugOf("urn:sleuth:entity:aurora-trade")).toBe("aurora-trade");
    expect(entitySlugOf("aurora-trade")).toBe("aurora-trade");
    expect(entitySlugOf("Aurora Trade")).toBeNull();
    const uuid = "5E1E0000-0000-4000-8000-0000000000A1";
    expect(customEntityUuidOf(`urn:sleuth:custom-entity:${uuid}`)).toBe(uuid.toLowerCase());
    expect(customEntityUuidOf(uuid)).toBe(uuid.toLowerCase());
    expect(inetLookup("urn:sleuth:inet:203.0.113.7")).toEqual({ exact: "203.0.113.7", prefix: null });
    expect(inetLookup("203.0.113.")).toEqual({ exact: null, prefix: "203.0.113." });
    expect(inetLookup("2001:DB8:")).toEqual({ exact: null, prefix: "2001:db8:" });
    expect(inetLookup("aurora")).toEqual({ exact: null, prefix: null });
  });
});
