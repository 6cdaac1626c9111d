import { describe, expect, test } from "vitest";
import { randomSearchRoute } from "./randomSearch.ts";

const address = "0xdac17f958d2ee523a2206206994597c13d831ec7";
const hash = `0x${"ab".repeat(32)}`;

describe("random button (002 §2)", () => {
  test("002 §2 opens a random Ethereum address page or a random transaction in the graph visualizer", () => {
    expect(randomSearchRoute({ random: () => 0.1, addresses: [address] })).toEqual({
      name: "addressPage",
      params: { address, chain: "ethereum" },
    });
    expect(randomSearchRoute({ random: () => 0.9, transactions: [hash] })).toEqual({
      name: "graphVisualizer",
      query: { chain: "ethereum", txn: hash },
    });
  });

  test("002 §2 with knownOnly, only the kind with known items is opened", () => {
    expect(randomSearchRoute({ random: () => 0.9, addresses: [address], knownOnly: true })).toMatchObject({
      name: "addressPage",
      params: { address },
    });
    expect(randomSearchRoute({ random: () => 0.1, transactions: [hash], knownOnly: true })).toMatchObject({
      name: "graphVisualizer",
      query: { txn: hash },
    });
  });
});
