import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { type ListItem, parseLabelList, parseSanctionsList } from "./addressLists.ts";
import { categoryKeyOfTerm } from "./attributionRecords.ts";

const fixture = (path: string) => readFileSync(new URL(`../../fixtures/${path}`, import.meta.url), "utf8");

async function collect(items: AsyncIterable<ListItem>) {
  const records = [];
  const skipped = [];
  for await (const item of items) {
    if ("record" in item) records.push(item.record);
    else skipped.push(item.skipped);
  }
  return { records, skipped };
}

test("importers: each OFAC SDN digital-currency address becomes a sanctions tag on its chain", async () => {
  const { records, skipped } = await collect(
    parseSanctionsList(fixture("ofac-sdn/sanctioned_addresses.csv"), null),
  );
  expect(records.length + skipped.length).toBe(654);
  // Line 2 is the ARB list's one address: an Arbitrum `0x…` address.
  expect(records[0]).toMatchObject({
    line: 2,
    chain: "arbitrum",
    categoryKey: "sanction",
    confidence: "authority_data",
    label: "OFAC SDN list",
  });
  // Assets without a chain in Sleuth (Monero, Zcash, Dash, …) are reported, not guessed.
  expect(skipped.find((entry) => entry.reason === "XMR is not a chain Sleuth models")).toBeDefined();
  const chains = new Set(records.map((record) => record.chain));
  expect(chains).toEqual(
    new Set(["bitcoin", "ethereum", "tron", "litecoin", "bitcoin-cash", "arbitrum", "bsc"]),
  );
});

test("importers: a one-address-per-line OFAC list takes its asset from the caller, else each address's form", async () => {
  const eth = await collect(parseSanctionsList(fixture("ofac-sdn/sanctioned_addresses_ETH.txt"), "ETH"));
  expect(eth.records).toHaveLength(152);
  expect(eth.records.every((record) => record.address === record.address.toLowerCase())).toBe(true);
  const xmr = await collect(parseSanctionsList(fixture("ofac-sdn/sanctioned_addresses_XMR.txt"), "XMR"));
  expect(xmr.skipped.map((entry) => entry.line)).toEqual([1, 2, 3]);
  const usdt = await collect(parseSanctionsList(fixture("ofac-sdn/sanctioned_addresses_USDT.txt"), null));
  expect(usdt.records).toHaveLength(26);
});

test("importers: a list's category is a key or a display name of the model; unknown ones are kept", () => {
  expect(categoryKeyOfTerm("Gambling")).toBe("gambling");
  expect(categoryKeyOfTerm("Mixer")).toBe("mixing_service");
  expect(categoryKeyOfTerm("Mining Pool")).toBe("mining_service");
  expect(categoryKeyOfTerm("burn address")).toBe("burn_address");
});

test("importers: an address,label,category list keeps unknown categories and reports bad rows by line", async () => {
  const { records, skipped } = await collect(
    parseLabelList(fixture("sleuth/address-labels.csv"), { source: "address-labels.csv" }),
  );
  expect(records.map((record) => [record.line, record.chain, record.categoryKey])).toEqual([
    [2, "ethereum", "gambling"],
    [3, "ethereum", "exchange"],
    [4, "bitcoin", "burn_address"],
    [6, "tron", "token_issuer"],
    [7, "ethereum", "burn_address"],
  ]);
  expect(records[4]).toMatchObject({
    address: "0x000000000000000000000000000000000000dead",
    label: "Dead address, used\nfor burns",
    source: "address-labels.csv",
    confidence: "unknown",
  });
  expect(skipped).toEqual([
    { line: 5, reason: "not an address of a chain Sleuth models: not-an-address" },
    { line: 9, reason: "no category" },
    { line: 10, reason: "XRP is not a chain Sleuth models" },
  ]);
});
