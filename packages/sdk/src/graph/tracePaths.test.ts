import { describe, expect, test } from "vitest";
import { describeEmptyTrace, parseTraceMinimum, type TraceNode } from "./graphExplore.ts";
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

describe("issue 43 the trace's minimum", () => {
  test("issue 43 the trace dialog reads a USD minimum or an asset's, and nothing else", () => {
    expect(parseTraceMinimum("50 USD")).toEqual({ minUsd: 50 });
    expect(parseTraceMinimum(" $2.5 ")).toEqual({ minUsd: 2.5 });
    expect(parseTraceMinimum("0 usd")).toEqual({ minUsd: 0 });
    expect(parseTraceMinimum("10 ETH")).toEqual({ minAmount: { amount: 10, asset: "ETH" } });
    expect(parseTraceMinimum("ten ETH")).toBeNull();
    expect(parseTraceMinimum("USD")).toBeNull();
  });

  test("issue 43 an empty trace names the minimum it could not reach, in its direction", () => {
    expect(describeEmptyTrace({ direction: "outgoing", minUsd: 100 })).toBe(
      "No flow out of it reaches the $100.00 minimum.",
    );
    expect(
      describeEmptyTrace({ direction: "incoming", minUsd: 100, minAmount: { amount: 10, asset: "ETH" } }),
    ).toBe("No flow into it reaches the $100.00 or 10 ETH minimum.");
  });
});
