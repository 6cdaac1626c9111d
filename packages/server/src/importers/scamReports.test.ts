import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { parseScamReports, scamCategoryOf } from "./scamReports.ts";

const fixture = (path: string) => readFileSync(new URL(`../../fixtures/${path}`, import.meta.url), "utf8");

test("001 §3 scam reports: CryptoScamDB-style entries become reports with their addresses, kept as reported", () => {
  const { records, skipped } = parseScamReports(fixture("sleuth/scam-reports.yaml"));
  expect(skipped).toEqual([{ line: 28, reason: "the entry has neither url nor name" }]);
  expect(records.map((record) => [record.line, record.scamCategory, record.sourceId])).toEqual([
    [3, "PHISHING", "https://seed-phrase-check.example"],
    [12, "AIRDROP", "https://free-token-claim.example"],
    [24, "SCAM", "http://trust-trading.example/double"],
  ]);
  expect(records[1]!.addresses).toEqual([
    { chain: "bitcoin", address: "1BitcoinEaterAddressDontSendf59kuE", domain: "free-token-claim.example" },
    // XRP is not a chain Sleuth models: the address is kept as reported, without a chain.
    { chain: null, address: "rGeyCsqc6vKXuyTGF39WJxmTRemoV3c97h", domain: "free-token-claim.example" },
    {
      chain: "ethereum",
      address: "0x000000000000000000000000000000000000dead",
      domain: "free-token-claim.example",
    },
  ]);
  // An entry without addresses still names its domain.
  expect(records[2]).toMatchObject({
    description: "Scamming: Trust-Trading (trust-trading.example)",
    reportedBy: "CryptoScamDB",
    addresses: [{ chain: null, address: null, domain: "trust-trading.example" }],
  });
});

test("001 §3 scam categories: the spec's codes where the entry's words say so", () => {
  expect(scamCategoryOf("Scamming", "Fake NFT mint")).toBe("NFT");
  expect(scamCategoryOf("Malware", null)).toBe("MALWARE");
  expect(scamCategoryOf("Scamming", null)).toBe("SCAM");
  expect(scamCategoryOf(null, null)).toBe("OTHER");
});
