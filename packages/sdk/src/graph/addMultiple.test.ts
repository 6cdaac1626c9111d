import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { addressChainUrn, transactionUrn } from "../chains/urn.ts";
import {
  addMultipleLimits,
  addToGraphDebounceMs,
  detectAddMultipleItems,
  parseAddMultiple,
  selectAddMultipleChain,
  validateAddMultiple,
} from "./addMultiple.ts";

const evm = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;
const hash = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;
const btc = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";

describe("001 §5 add multiple", () => {
  test("001 §4 add multiple detects addresses and transactions split on blanks, commas and new lines", () => {
    const result = parseAddMultiple(`${evm(1)}, ${btc}\n\n${hash(2)}\tnonsense`);
    expect(result.entries.map((entry) => [entry.text, entry.status, entry.selected?.kind ?? null])).toEqual([
      [evm(1), "valid", "address"],
      [btc, "valid", "address"],
      [hash(2), "valid", "transaction"],
      ["nonsense", "invalid", null],
    ]);
    expect(result.entries[3]?.message).toBe("Invalid address or transaction");
    expect(result.plotUrns).toEqual([
      addressChainUrn("ethereum", evm(1)),
      addressChainUrn("bitcoin", btc),
      transactionUrn("ethereum", hash(2)),
    ]);
    expect(result.error).toBeNull();
  });

  test("001 §5 a duplicate is flagged and only one is added", () => {
    const result = parseAddMultiple(`${evm(1)} ${evm(1).toUpperCase().replace("0X", "0x")}`);
    expect(result.entries.map((entry) => entry.status)).toEqual(["valid", "duplicate"]);
    expect(result.entries[1]?.message).toBe("This item has been duplicated, only one will be added.");
    expect(result.plotUrns).toHaveLength(1);
  });

  test("001 §5 an element already on the graph is invalid", () => {
    const result = parseAddMultiple(evm(1), { onGraph: new Set([addressChainUrn("ethereum", evm(1))]) });
    expect(result.entries[0]?.status).toBe("onGraph");
    expect(result.error).toBe("There are no valid elements to plot.");
  });

  test("001 §5 there must be at least one valid element to plot", () => {
    expect(parseAddMultiple("").error).toBe("There are no valid elements to plot.");
    expect(parseAddMultiple("foo bar").error).toBe("There are no valid elements to plot.");
  });

  test("001 §9 at most 5000 addresses and 500 transactions are added", () => {
    const text = [
      ...Array.from({ length: addMultipleLimits.addresses + 2 }, (_, n) => evm(n + 1)),
      ...Array.from({ length: addMultipleLimits.transactions + 1 }, (_, n) => hash(n + 1)),
    ].join("\n");
    const result = parseAddMultiple(text);
    expect(result.plotUrns).toHaveLength(5000 + 500);
    const over = result.entries.filter((entry) => entry.status === "overLimit");
    expect(over.map((entry) => entry.message)).toEqual([
      "Only the first 5000 addresses can be added at once.",
      "Only the first 5000 addresses can be added at once.",
      "Only the first 500 transactions can be added at once.",
    ]);
    expect(addToGraphDebounceMs).toBe(500);
  });

  test("001 §4 step 2 can plot an address on another of its chains", () => {
    const items = selectAddMultipleChain(detectAddMultipleItems(evm(1)), 0, "base");
    expect(validateAddMultiple(items, new Set()).plotUrns).toEqual([addressChainUrn("base", evm(1))]);
    expect(selectAddMultipleChain(items, 0, "bitcoin")).toEqual(items);
  });

  test("001 §5 add multiple keeps one entry per token and plots each valid element once", () => {
    const token = fc.oneof(
      fc.nat(20).map(evm),
      fc.nat(20).map(hash),
      fc.constantFrom(btc, "hello", "0x123", "1.2.3.4", "urn:sleuth:entity:x"),
    );
    const separator = fc.constantFrom(" ", ",", "\n", " ,\t", "\r\n");
    fc.assert(
      fc.property(
        fc.array(fc.tuple(token, separator), { maxLength: 30 }),
        fc.nat(20),
        (parts, onGraphIndex) => {
          const text = parts.map(([value, sep]) => value + sep).join("");
          const onGraph = new Set([addressChainUrn("ethereum", evm(onGraphIndex))]);
          const result = parseAddMultiple(text, { onGraph });
          expect(result.entries.map((entry) => entry.text)).toEqual(parts.map(([value]) => value));
          expect(new Set(result.plotUrns).size).toBe(result.plotUrns.length);
          expect(result.plotUrns.some((urn) => onGraph.has(urn))).toBe(false);
          expect(result.error === null).toBe(result.plotUrns.length > 0);
          expect(result.entries.filter((entry) => entry.status === "valid")).toHaveLength(
            result.plotUrns.length,
          );
          for (const entry of result.entries) expect(entry.status === "valid").toBe(entry.message === null);
        },
      ),
    );
  });
});
