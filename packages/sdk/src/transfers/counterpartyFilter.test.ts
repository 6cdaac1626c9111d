import { expect, test } from "vitest";
import { counterpartyFilter, counterpartyUrnFilter } from "./counterpartyFilter.ts";

const evmUrn = "urn:sleuth:address:ethereum:0xef1c6e67703c7bd7107eed8303fbe6ec2554bf6b";

test("001 §7 a counterparty URN filters by address or by entity, as its kind says", () => {
  expect(counterpartyUrnFilter(` ${evmUrn} `)).toEqual({ counterpartyAddress: [evmUrn] });
  expect(counterpartyUrnFilter("urn:sleuth:entity:acme")).toEqual({
    counterpartyEntity: ["urn:sleuth:entity:acme"],
  });
  expect(counterpartyUrnFilter("acme")).toBeNull();
});

test("001 §7 the console's box: other text is an address start, empty removes the filter", () => {
  expect(counterpartyFilter("0xef1c")).toEqual({ counterpartyAddressPrefix: "0xef1c" });
  expect(counterpartyFilter("  ")).toEqual({});
  expect(counterpartyFilter(evmUrn)).toEqual({ counterpartyAddress: [evmUrn] });
});
