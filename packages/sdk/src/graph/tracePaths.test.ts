import { describe, expect, test } from "vitest";
import type { TraceNode } from "./graphExplore.ts";
import { tracePathRows } from "./tracePaths.ts";

const node = (trmUrn: string, label: string, stop: TraceNode["stop"]): TraceNode => ({
  type: "address",
  trmUrn,
  label,
  chain: "ethereum",
  balanceUsd: null,
  riskScore: null,
  category: null,
  nameKind: label === trmUrn ? null : "label",
  hop: 1,
  stop,
});

describe("issue 39 traces you can read", () => {
  test("issue 39 a trace's paths are listed largest amount first, unknown amounts last", () => {
    const rows = tracePathRows({
      origin: node("o", "o", null),
      nodes: [node("a", "Poloniex 4", "exchange"), node("b", "b", "end"), node("c", "c", "hops")],
      paths: [
        { trmUrns: ["o", "b"], amountUsd: null, amount: null, stop: "end" },
        { trmUrns: ["o", "a"], amountUsd: 10, amount: null, stop: "exchange" },
        { trmUrns: ["o", "b", "c"], amountUsd: 500, amount: null, stop: "hops" },
      ],
    });
    expect(rows.map((row) => [row.end, row.hops, row.amountText, row.stopText])).toEqual([
      ["c", 2, "$500.00", "hop limit"],
      ["a", 1, "$10.00", "reached an exchange"],
      ["b", 1, "no price", "no flow on above the minimum"],
    ]);
    expect(rows[1]).toMatchObject({ endName: "Poloniex 4", endNameKind: "label" });
  });

  test("issue 39 / issue 43 unpriced paths show their amount in the one asset they moved, largest first by asset", () => {
    const rows = tracePathRows({
      origin: node("o", "o", null),
      nodes: [
        node("a", "a", "end"),
        node("b", "b", "end"),
        node("c", "c", "end"),
        node("d", "d", "end"),
        node("e", "e", "exchange"),
      ],
      paths: [
        { trmUrns: ["o", "a"], amountUsd: null, amount: null, stop: "end" },
        { trmUrns: ["o", "b"], amountUsd: null, amount: { value: 0.5, asset: "ETH" }, stop: "end" },
        { trmUrns: ["o", "c"], amountUsd: null, amount: { value: 1200, asset: "USDT" }, stop: "end" },
        { trmUrns: ["o", "d"], amountUsd: null, amount: { value: 2.25, asset: "ETH" }, stop: "end" },
        { trmUrns: ["o", "e"], amountUsd: 3, amount: null, stop: "exchange" },
      ],
    });
    expect(rows.map((row) => [row.end, row.amountText])).toEqual([
      ["e", "$3.00"],
      ["d", "2.25 ETH"],
      ["b", "0.5 ETH"],
      ["c", "1,200 USDT"],
      ["a", "no price"],
    ]);
  });
});
