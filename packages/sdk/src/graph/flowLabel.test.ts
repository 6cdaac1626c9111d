import { describe, expect, test } from "vitest";
import { flowLabel } from "./flowLabel.ts";

describe("issue 43 a flow's label on the graph", () => {
  test("issue 43 a priced flow shows its USD and assets; an unpriced one its amount in its one asset", () => {
    expect(flowLabel({ amountUsd: 1200, amount: { value: 0.5, asset: "ETH" }, assets: ["ETH"] })).toBe(
      "$1,200.00 ETH",
    );
    expect(
      flowLabel({ amountUsd: null, amount: { value: 10.01688704, asset: "ETH" }, assets: ["ETH"] }),
    ).toBe("10.01688704 ETH");
    // Several assets have no one amount; a graph saved before amounts were kept has none either.
    expect(flowLabel({ amountUsd: null, amount: null, assets: ["ETH", "USDT"] })).toBe("no price ETH, USDT");
    expect(flowLabel({ amountUsd: null, assets: ["ETH"] })).toBe("no price ETH");
  });
});
