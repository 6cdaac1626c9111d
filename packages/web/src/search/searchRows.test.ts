import { addressChainUrn, transactionUrn } from "@sleuth/sdk";
import { describe, expect, test } from "vitest";
import { addressRow, severalChainsState, transactionRow } from "./searchRows.ts";

const address = "0x00fafb2c52e5a01e2dab89a8170dfc5b539e2971";
const base = {
  transactions: 11,
  totalVolume: 7178.68,
  isActive: true,
  relatedEntities: [],
  category: null,
};
const hit = {
  ...base,
  addressChainUrn: addressChainUrn("ethereum", address),
  address,
  chain: "ethereum" as const,
  tags: [],
  multiple: true,
  match: "exact" as const,
  seeMore: [
    { ...base, addressChainUrn: addressChainUrn("polygon", address), address, chain: "polygon" as const },
  ],
};

describe("search rows (002 §3 suggestion items, 002 §9 titles)", () => {
  test("002 §9 an address title keeps 10 and 10 characters in EIP-55 case; its other chains are named", () => {
    const row = addressRow(hit);
    expect(row.title).toBe("0x00fAFB2c…5B539E2971");
    expect(row.fullTitle).toBe("0x00fAFB2c52E5A01E2Dab89a8170dfc5B539E2971");
    expect(row.detail).toBe("Ethereum and 1 other chain");
    expect(row.item).toMatchObject({ addressChainUrn: hit.addressChainUrn, multiple: true });
  });

  test("000 §9 an address row's tag name shows 20 characters, its category in full", () => {
    const tag = {
      category: "Sanctions",
      categoryId: 3,
      entity: "Sovereign Reserve Custodian No. 01",
      entityUrn: "urn:sleuth:entity:sovereign_custodian_1",
      tagType: "ordinary" as const,
      source: { evidence: { description: "listed" } },
      sources: [{ confidenceScore: 60 }],
    };
    const row = addressRow({ ...hit, seeMore: [], multiple: false, tags: [tag] });
    expect(row.detail).toBe("Ethereum · Sovereign Reserve Cu… (Sanctions)");
    expect(row.cells[1]).toBe("Sovereign Reserve Cu… (Sanctions)");
  });

  test("002 §9 a transaction title keeps 16 and 16 characters; the row shows chain, UTC day and value", () => {
    const hash = `0x${"ab".repeat(32)}`;
    const row = transactionRow({
      chain: "ethereum",
      tx_hash: hash,
      transactionUrn: transactionUrn("ethereum", hash),
      block_number: 1,
      block_timestamp: "2025-03-03T23:30:00.000Z",
      value_usd: 1234.5,
      op_return: null,
    });
    expect(row.title).toBe(`0x${"ab".repeat(7)}…${"ab".repeat(8)}`);
    expect(row.detail).toBe("Ethereum · 2025-03-03 · $1,234.50");
  });

  test("000 §2 an address on several chains opens with the others in navigation state", () => {
    const state = severalChainsState(addressRow(hit), address);
    expect(state).toMatchObject({ searchCriteria: address, searchType: "address" });
    expect(((state?.searchResults ?? []) as { chain: string }[]).map((result) => result.chain)).toEqual([
      "ethereum",
      "polygon",
    ]);
  });
});
