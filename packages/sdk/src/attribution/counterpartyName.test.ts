import { describe, expect, test } from "vitest";
import { counterpartyNameOf, counterpartyNameText } from "./counterpartyName.ts";

describe("issue 39 named counterparties", () => {
  test("issue 39 the owner entity names a counterparty before any label", () => {
    const name = counterpartyNameOf({
      entity: "Binance",
      label: { label: "Binance 14", source: "labels.csv" },
    });
    expect(name).toEqual({ name: "Binance", kind: "entity", source: null });
    expect(counterpartyNameText(name)).toBe("Binance (entity)");
  });

  test("issue 39 without an owner the best label names it, with its source", () => {
    const name = counterpartyNameOf({ entity: null, label: { label: "Bitfinex Hot", source: "labels.csv" } });
    expect(name).toEqual({ name: "Bitfinex Hot", kind: "label", source: "labels.csv" });
    expect(counterpartyNameText(name)).toBe("Bitfinex Hot (label · labels.csv)");
  });

  test("issue 39 an address with neither is unnamed", () => {
    expect(counterpartyNameOf({ entity: "", label: null })).toBeNull();
    expect(counterpartyNameText(null, "0xabc")).toBe("0xabc");
  });
});
