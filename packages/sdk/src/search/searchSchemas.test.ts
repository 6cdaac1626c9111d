import { describe, expect, test } from "vitest";
import { addressChainUrn, customEntityUrn, entityUrn, inetUrn, transactionUrn } from "../chains/urn.ts";
import {
  addressResultSchema,
  customEntityResultSchema,
  entityResultSchema,
  searchResultsSchema,
  suggestionItemSchema,
  transactionResultSchema,
} from "./searchSchemas.ts";

const address = `0x${"ab".repeat(20)}`;
const hash = `0x${"cd".repeat(32)}`;
const uuid = "0b7f7f0e-6f5c-4a3e-9d57-1a2b3c4d5e6f";
const tag = { category: "Exchange", categoryId: 1, entity: "Binance", entityUrn: entityUrn("binance") };

describe("002 §3 search schemas", () => {
  test("002 §3 suggestion item carries the urn of its kind", () => {
    const item = suggestionItemSchema.parse({
      title: address,
      addressChainUrn: addressChainUrn("ethereum", address),
      tags: [tag],
      multiple: true,
    });
    expect(item.multiple).toBe(true);
    expect(suggestionItemSchema.parse({ title: "Entities", type: "header" }).type).toBe("header");
    expect(() => suggestionItemSchema.parse({ title: "x", type: "banner" })).toThrow();
    expect(() =>
      suggestionItemSchema.parse({ title: "x", addressChainUrn: "urn:sleuth:address:ethereum:nope" }),
    ).toThrow();
  });

  test("002 §3 transaction, address, entity and custom entity results", () => {
    expect(
      transactionResultSchema.parse({
        txnHash: hash,
        transactionUrn: transactionUrn("ethereum", hash),
        chain: "ethereum",
        block_timestamp: "2024-01-01T00:00:00Z",
        value_usd: 12.5,
        isActive: true,
      }).chain,
    ).toBe("ethereum");
    const addressResult = {
      addressChainUrn: addressChainUrn("ethereum", address),
      address,
      chain: "ethereum",
      transactions: 3,
      totalVolume: 100,
      isActive: true,
      relatedEntities: [{ entityUrn: entityUrn("binance"), name: "Binance" }],
      category: "Exchange",
    };
    const parsed = addressResultSchema.parse({
      ...addressResult,
      seeMore: [{ ...addressResult, chain: "base", addressChainUrn: addressChainUrn("base", address) }],
    });
    expect(parsed.seeMore?.[0]?.chain).toBe("base");
    expect(
      entityResultSchema.parse({
        entityUrn: entityUrn("binance"),
        name: "Binance",
        totalVolume: 1,
        totalTransfers: 2,
        addresses: 3,
      }).addresses,
    ).toBe(3);
    expect(
      customEntityResultSchema.parse({
        entityUrn: customEntityUrn(uuid),
        name: "My cluster",
        createdByUser: "ann@example.org",
        addressCount: 2,
        totalTransfers: 4,
        totalVolumeUsd: 10,
        firstActiveDate: "2024-01-01",
        lastActiveDate: "2024-02-01",
      }).addressCount,
    ).toBe(2);
  });

  test("000 §3 search results group addresses, entities, custom entities and IP observations", () => {
    const results = searchResultsSchema.parse({
      addresses: [
        {
          name: null,
          address,
          chain: "ethereum",
          addressChainUrn: addressChainUrn("ethereum", address),
          tags: [tag],
        },
      ],
      entities: [{ name: "Binance", entity: "Binance", entityUrn: entityUrn("binance"), tags: [] }],
      customEntities: [{ name: "Mine", urn: customEntityUrn(uuid) }],
      inetObservations: [{ entityUrn: inetUrn("1.2.3.4") }],
      total: 4,
    });
    expect(results.total).toBe(4);
  });
});
