import { expect, test } from "vitest";
import { counterpartyFilterOf, jumpToOf, timestampFilterOf, transferSubjectOf } from "./transferSubject.ts";

const evm = "0xef1c6e67703c7bd7107eed8303fbe6ec2554bf6b";
const hash = "0x81d26780b397a97efbf2dcd0a296c431ee042ef780d711e8073d396464586117";

test("an 0x address needs --chain unless the server holds one EVM chain only", () => {
  expect(() => transferSubjectOf(evm, undefined, [])).toThrow(/several chains/);
  expect(transferSubjectOf(evm, "ethereum", [])).toEqual({
    kind: "address",
    urn: `urn:sleuth:address:ethereum:${evm}`,
    chain: "ethereum",
  });
  expect(transferSubjectOf("urn:sleuth:entity:acme", undefined, [])).toEqual({
    kind: "entity",
    urn: "urn:sleuth:entity:acme",
  });
});

test("000 §5 --since and --until make a two-value range; a day given to --until is all of it", () => {
  expect(timestampFilterOf(undefined, undefined)).toBeUndefined();
  expect(timestampFilterOf("2023-05-01", "2023-05-02")).toEqual({
    gte: "2023-05-01T00:00:00.000Z",
    lte: "2023-05-02T23:59:59.999Z",
  });
  expect(timestampFilterOf(undefined, "2010-01-01")?.gte).toBe("2009-01-03T00:00:00.000Z");
  expect(() => timestampFilterOf("2023-05-03", "2023-05-02")).toThrow(/after/);
});

test("000 §5 --jump-to a hash takes the address's chain; a date jumps to the end of that day", () => {
  expect(jumpToOf(hash, "ethereum")).toEqual({ transactionUrn: `urn:sleuth:transaction:ethereum:${hash}` });
  expect(jumpToOf("2023-05-02", "ethereum")).toEqual({ timestamp: "2023-05-02T23:59:59.999Z" });
  expect(() => jumpToOf("nonsense", "ethereum")).toThrow(/--jump-to/);
});

test("--counterparty filters by address or by entity, as its URN says", () => {
  expect(counterpartyFilterOf(`urn:sleuth:address:ethereum:${evm}`)).toEqual({
    counterpartyAddress: [`urn:sleuth:address:ethereum:${evm}`],
  });
  expect(counterpartyFilterOf("urn:sleuth:entity:acme")).toEqual({
    counterpartyEntity: ["urn:sleuth:entity:acme"],
  });
  expect(() => counterpartyFilterOf("acme")).toThrow(/URN/);
});
