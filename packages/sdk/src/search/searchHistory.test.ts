import { describe, expect, test } from "vitest";
import { addressChainUrn, entityUrn, transactionUrn } from "../chains/urn.ts";
import {
  markSearchVisited,
  readSearchHistory,
  recordSearch,
  searchHistoryByDay,
  searchHistoryMaxEntries,
} from "./searchHistory.ts";

const address = addressChainUrn("ethereum", `0x${"ab".repeat(20)}`);
const tx = transactionUrn("ethereum", `0x${"cd".repeat(32)}`);
// Local-time dates, so the grouping does not depend on the machine's time zone.
const day1 = new Date(2024, 4, 1, 9);
const day1Later = new Date(2024, 4, 1, 18);
const day2 = new Date(2024, 4, 2, 10);

describe("002 §3 search history", () => {
  test("002 §3 search history maps urn to visited and last searched", () => {
    let history = recordSearch({}, address, day1);
    expect(history).toEqual({ [address]: { isVisited: false, lastSearchedAt: day1.toISOString() } });
    history = markSearchVisited(history, address, day2);
    history = recordSearch(history, address, day2);
    expect(history[address]).toEqual({ isVisited: true, lastSearchedAt: day2.toISOString() });
  });

  test("002 §3 search history is grouped by day into addresses and transactions", () => {
    let history = recordSearch({}, address, day1);
    history = recordSearch(history, tx, day1Later);
    history = recordSearch(history, addressChainUrn("base", `0x${"ef".repeat(20)}`), day2);
    history = recordSearch(history, entityUrn("binance"), day2);
    const days = searchHistoryByDay(history);
    expect(days.map((day) => [day.day, day.addresses.length, day.transactions.length])).toEqual([
      ["2024-05-02", 1, 0],
      ["2024-05-01", 1, 1],
    ]);
    expect(days[1]?.transactions[0]?.parts).toEqual({
      kind: "transaction",
      chain: "ethereum",
      hash: `0x${"cd".repeat(32)}`,
    });
  });

  test("002 §8 unreadable stored history is ignored", () => {
    expect(readSearchHistory(null)).toEqual({});
    expect(readSearchHistory("{not json")).toEqual({});
    expect(readSearchHistory("[1,2]")).toEqual({});
    const stored = JSON.stringify({
      [address]: { isVisited: true, lastSearchedAt: day1.toISOString() },
      [tx]: { isVisited: "yes" },
    });
    expect(Object.keys(readSearchHistory(stored))).toEqual([address]);
  });

  test("002 §3 search history keeps the newest searches only", () => {
    let history = {};
    for (let index = 0; index <= searchHistoryMaxEntries; index += 1) {
      history = recordSearch(history, `urn:${index}`, new Date(Date.UTC(2024, 0, 1, 0, index)));
    }
    expect(Object.keys(history)).toHaveLength(searchHistoryMaxEntries);
    expect(history).not.toHaveProperty("urn:0");
  });
});
