import { describe, expect, test } from "vitest";
import { addressChainUrn, transactionUrn } from "../chains/urn.ts";
import { urnTitle } from "./urnTitles.ts";

describe("urnTitle", () => {
  test("002 §9 an address is cut 10/10 and shown in its chain's display form, with its chain", () => {
    const urn = addressChainUrn("ethereum", "0xae2fc483527b8ef99eb5d9b44875f005ba1fae13");
    expect(urnTitle(urn)).toEqual({
      title: "0xae2Fc483…05ba1FaE13",
      full: "0xae2Fc483527B8EF99EB5D9B44875F005ba1FaE13",
      detail: "Address on Ethereum",
    });
  });

  test("002 §9 a transaction hash is cut 16/16", () => {
    const hash = "0xeb107a40ba73a50c79a9f2026e902d758d1c5e5e211f7a7db1b294f88f118dd0";
    expect(urnTitle(transactionUrn("ethereum", hash))).toMatchObject({
      title: "0xeb107a40ba73a5…b1b294f88f118dd0",
      detail: "Transaction on Ethereum",
    });
  });

  test("issue 39 what is no URN has no title", () => {
    expect(urnTitle("not a urn")).toBeNull();
  });
});
