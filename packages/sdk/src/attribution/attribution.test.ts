import { describe, expect, test } from "vitest";
import { addressChainUrn, entityUrn, transactionUrn } from "../chains/urn.ts";
import { attributionAddressRequest, attributionEntityRequestSchema } from "./attributionLookup.ts";
import { addressAttributionResponseSchema, attributionTagSchema } from "./attributionTag.ts";

const address = addressChainUrn("ethereum", `0x${"ab".repeat(20)}`);

describe("002 §5 attribution lookup", () => {
  test("002 §5 attribution lookup fails with 'Invalid attribution addresses' unless every urn is valid", () => {
    expect(attributionAddressRequest([address])).toEqual({
      ok: true,
      request: { addressChainUrns: [address] },
    });
    expect(attributionAddressRequest([address, "0xnot-a-urn"])).toEqual({
      ok: false,
      error: "Invalid attribution addresses",
    });
    expect(attributionAddressRequest([transactionUrn("ethereum", `0x${"cd".repeat(32)}`)]).ok).toBe(false);
  });

  test("002 §7 entity attribution request", () => {
    expect(
      attributionEntityRequestSchema.parse({ entityUrns: [entityUrn("binance")], includeHasInetData: true }),
    ).toEqual({
      entityUrns: [entityUrn("binance")],
      includeHasInetData: true,
    });
  });
});

describe("002 §3 attribution", () => {
  test("002 §3 attribution tags carry entity, category and source confidence", () => {
    const response = addressAttributionResponseSchema.parse({
      data: [
        {
          addressChainUrn: address,
          tags: [
            {
              category: "Exchange",
              categoryId: 1,
              entity: "Binance",
              entityUrn: entityUrn("binance"),
              sources: [{ confidenceScore: 0.9 }],
            },
          ],
        },
      ],
    });
    expect(response.data[0]?.tags[0]?.sources?.[0]?.confidenceScore).toBe(0.9);
  });

  test("000 §3 a behavioural signature tag names its signature", () => {
    const tag = attributionTagSchema.parse({
      category: "Scam",
      categoryId: 8,
      categoryType: "illicit",
      entity: "Pig butchering",
      entityUrn: entityUrn("pig-butchering"),
      tagType: "behavioral_signature",
      signatureId: "sig-1",
      signatureName: "Fan-out",
      signatureDescription: "Funds spread to many wallets",
      source: { evidence: { description: "On-chain pattern" } },
    });
    expect(tag.signatureName).toBe("Fan-out");
    expect(attributionTagSchema.safeParse({ ...tag, tagType: "weird" }).success).toBe(false);
  });
});
