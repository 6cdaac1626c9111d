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
        { trmUrns: ["o", "b"], amountUsd: null, stop: "end" },
        { trmUrns: ["o", "a"], amountUsd: 10, stop: "exchange" },
        { trmUrns: ["o", "b", "c"], amountUsd: 500, stop: "hops" },
      ],
    });
    expect(rows.map((row) => [row.end, row.hops, row.amountText, row.stopText])).toEqual([
      ["c", 2, "$500.00", "hop limit"],
      ["a", 1, "$10.00", "reached an exchange"],
      ["b", 1, "no price", "no flow on above the minimum"],
    ]);
    expect(rows[1]).toMatchObject({ endName: "Poloniex 4", endNameKind: "label" });
  });
});
