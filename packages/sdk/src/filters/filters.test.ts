import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { addressChainUrn, transactionUrn } from "../chains/urn.ts";
import { dateRangeFilterChange, instantOfDateInput } from "./dateFilter.ts";
import { jumpToInput, jumpToTransaction } from "./jumpTo.ts";
import { filterMessages } from "./messages.ts";
import { numberFilterChange, numberFilterOfText, rangeOnlyOperators } from "./numberFilter.ts";
import { urnFilterSearchQuery, urnFilterSubmitValue } from "./urnFilter.ts";

const btcAddress = "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa";
const btcHash = "4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b";
const ethHash = "0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060";

describe("000 §5 URN table filter", () => {
  test("000 §5 while searching, a value that is already a URN is not searched", () => {
    expect(urnFilterSearchQuery("  binance ")).toBe("binance");
    expect(urnFilterSearchQuery(addressChainUrn("bitcoin", btcAddress))).toBeNull();
    expect(urnFilterSearchQuery("   ")).toBeNull();
  });

  test("000 §5 on submit a pasted URN is accepted", () => {
    const urn = addressChainUrn("bitcoin", btcAddress);
    expect(urnFilterSubmitValue(` ${urn} `)).toBe(urn);
    expect(urnFilterSubmitValue("binance")).toBeNull();
  });
});

describe("000 §5 number filter", () => {
  test("000 §5 the value is converted to a number", () => {
    expect(numberFilterChange("gte", " 1,500.5 ")).toEqual({
      kind: "set",
      filter: { operator: "gte", value: 1500.5 },
    });
    expect(numberFilterChange("neq", "0")).toEqual({ kind: "set", filter: { operator: "neq", value: 0 } });
    expect(numberFilterChange("eq", "ten")).toEqual({ kind: "invalid", message: filterMessages.notANumber });
  });

  test("000 §5 an empty value removes the filter", () => {
    expect(numberFilterChange("eq", "  ")).toEqual({ kind: "remove" });
  });

  test("000 §5 some columns allow only at least and at most", () => {
    expect(numberFilterChange("eq", "5", rangeOnlyOperators)).toEqual({
      kind: "invalid",
      message: filterMessages.operatorNotAllowed,
    });
    expect(numberFilterChange("lte", "5", rangeOnlyOperators).kind).toBe("set");
  });

  test("000 §5 the operators typed at a terminal: >=, <=, =, != or their names; a bare number is equal", () => {
    expect(numberFilterOfText(">=3")).toEqual({ kind: "set", filter: { operator: "gte", value: 3 } });
    expect(numberFilterOfText("<= 1,000")).toEqual({ kind: "set", filter: { operator: "lte", value: 1000 } });
    expect(numberFilterOfText("!=0")).toEqual({ kind: "set", filter: { operator: "neq", value: 0 } });
    expect(numberFilterOfText("neq:2")).toEqual({ kind: "set", filter: { operator: "neq", value: 2 } });
    expect(numberFilterOfText("7")).toEqual({ kind: "set", filter: { operator: "eq", value: 7 } });
    expect(numberFilterOfText("=7", rangeOnlyOperators)).toEqual({
      kind: "invalid",
      message: filterMessages.operatorNotAllowed,
    });
    expect(numberFilterOfText(">=")).toEqual({ kind: "remove" });
    expect(numberFilterOfText(">=x")).toEqual({ kind: "invalid", message: filterMessages.notANumber });
  });

  test("000 §5 any finite number typed is the number filtered on", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        const typed = String(value);
        expect(numberFilterChange("eq", typed)).toEqual({
          kind: "set",
          filter: { operator: "eq", value: Number(typed) },
        });
      }),
    );
  });
});

test("000 §5 date filters need a two-value range", () => {
  expect(dateRangeFilterChange([])).toEqual({ kind: "remove" });
  expect(dateRangeFilterChange(["2024-01-01T00:00:00Z", null])).toEqual({
    kind: "invalid",
    message: filterMessages.dateRangeIncomplete,
  });
  expect(dateRangeFilterChange(["2024-02-01T00:00:00Z", new Date("2024-01-01T00:00:00Z")])).toEqual({
    kind: "set",
    filter: { gte: "2024-01-01T00:00:00.000Z", lte: "2024-02-01T00:00:00.000Z" },
  });
});

describe("000 §5 jump-to-transaction", () => {
  test("000 §5 empty input clears the jump", () => {
    expect(jumpToTransaction("  ", "ethereum")).toEqual({ kind: "clear" });
  });

  test("000 §5 the hash is combined with the chain of the address", () => {
    expect(jumpToTransaction(ethHash, "ethereum")).toEqual({
      kind: "jump",
      transactionUrn: transactionUrn("ethereum", ethHash),
    });
    expect(jumpToTransaction(ethHash, "eth")).toEqual({
      kind: "jump",
      transactionUrn: transactionUrn("ethereum", ethHash),
    });
  });

  test("000 §5 jump-to defaults to btc", () => {
    expect(jumpToTransaction(` ${btcHash} `)).toEqual({
      kind: "jump",
      transactionUrn: transactionUrn("bitcoin", btcHash),
    });
    expect(jumpToTransaction(btcHash, null)).toEqual({
      kind: "jump",
      transactionUrn: transactionUrn("bitcoin", btcHash),
    });
  });

  test("000 §5 a hash that is not valid on the chain is refused", () => {
    expect(jumpToTransaction("xyz", "bitcoin")).toEqual({
      kind: "invalid",
      message: filterMessages.invalidTransactionHash,
    });
  });
});

describe("000 §5 date inputs and jump-to by date (issue 45: one rule for the console and the CLI)", () => {
  test("000 §5 a day is its first millisecond, or its last at the end of a range; a time is itself", () => {
    expect(instantOfDateInput("2023-05-02", "start")).toBe("2023-05-02T00:00:00.000Z");
    expect(instantOfDateInput(" 2023-05-02 ", "end")).toBe("2023-05-02T23:59:59.999Z");
    expect(instantOfDateInput("2023-05-02T10:30:00Z", "end")).toBe("2023-05-02T10:30:00.000Z");
  });

  test("000 §5 a day that does not exist, or text that is no date, is refused", () => {
    expect(instantOfDateInput("2023-02-30", "start")).toBeNull();
    expect(instantOfDateInput("2023-13-01", "end")).toBeNull();
    expect(instantOfDateInput("yesterday", "start")).toBeNull();
  });

  test("000 §5 jump-to a date goes to the end of that day; a hash takes the address's chain", () => {
    expect(jumpToInput("2023-05-02", "ethereum")).toEqual({
      kind: "jump",
      jumpTo: { timestamp: "2023-05-02T23:59:59.999Z" },
    });
    expect(jumpToInput(ethHash, "ethereum")).toEqual({
      kind: "jump",
      jumpTo: { transactionUrn: transactionUrn("ethereum", ethHash) },
    });
    expect(jumpToInput("", "ethereum")).toEqual({ kind: "clear" });
    expect(jumpToInput("2023-02-30", "ethereum")).toEqual({
      kind: "invalid",
      message: filterMessages.invalidDate,
    });
    expect(jumpToInput("xyz", "ethereum")).toEqual({
      kind: "invalid",
      message: filterMessages.invalidTransactionHash,
    });
  });
});
