import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { parseTokenList } from "./tokenLists.ts";

const fixture = (path: string) => readFileSync(new URL(`../../fixtures/${path}`, import.meta.url), "utf8");

test("importers: a Token Lists file and MetaMask's contract map give the same assets", () => {
  const list = parseTokenList(fixture("token-lists/metamask.tokenlist.json"));
  const map = parseTokenList(fixture("token-lists/metamask-contract-map.json"));
  expect(list.skipped).toEqual([]);
  expect(map.skipped).toEqual([]);
  expect(list.records.map(({ line: _, ...asset }) => asset)).toEqual(
    map.records.map(({ line: _, ...asset }) => asset),
  );
  expect(list.records.find((asset) => asset.symbol === "WBTC")).toEqual({
    line: null,
    chain: "ethereum",
    contract: "0x2260fac5e5542a773aa44fbcfedf7c193bc2c599",
    symbol: "WBTC",
    name: "Wrapped BTC",
    decimals: 8,
  });
});

test("importers: tokens on chains Sleuth does not model, or with a bad checksum, are skipped by line", () => {
  const text = JSON.stringify(
    {
      name: "t",
      tokens: [
        {
          chainId: 1,
          address: "0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599",
          name: "Wrapped BTC",
          symbol: "WBTC",
          decimals: 8,
        },
        {
          chainId: 250,
          address: "0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599",
          name: "x",
          symbol: "X",
          decimals: 8,
        },
        {
          chainId: 137,
          address: "0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C59A",
          name: "y",
          symbol: "Y",
          decimals: 8,
        },
      ],
    },
    null,
    2,
  );
  expect(parseTokenList(text).skipped).toEqual([
    { line: 11, reason: "chainId 250 is not a chain Sleuth models" },
    { line: 18, reason: "not a valid polygon token address: 0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C59A" },
  ]);
});
