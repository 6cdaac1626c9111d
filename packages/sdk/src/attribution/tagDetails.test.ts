import { expect, test } from "vitest";
import { entityUrn } from "../chains/urn.ts";
import { missingValueText } from "../format/numbers.ts";
import { attributionTagDetails } from "./tagDetails.ts";

test("000 §2 a tag's popover names its category, source and confidence", () => {
  expect(
    attributionTagDetails({
      category: "Exchange",
      categoryId: 1,
      categoryType: "service",
      entity: "Binance",
      entityUrn: entityUrn("binance"),
      source: { evidence: { description: "Exchange's published cold wallet list" } },
      sources: [{ confidenceScore: 60 }, { confidenceScore: 90 }],
    }),
  ).toEqual([
    { label: "Category", value: "Exchange (service)" },
    { label: "Source", value: "Exchange's published cold wallet list" },
    { label: "Confidence", value: "90 / 100" },
  ]);
});

test("000 §3 a tag without evidence or score says so; a signature says what it saw", () => {
  expect(
    attributionTagDetails({
      category: "Scam",
      categoryId: 8,
      entity: null,
      entityUrn: null,
      tagType: "behavioral_signature",
      signatureName: "Fan-out",
      signatureDescription: "Funds spread to many wallets",
    }),
  ).toEqual([
    { label: "Category", value: "Scam" },
    { label: "Source", value: missingValueText },
    { label: "Confidence", value: missingValueText },
    { label: "Signature", value: "Fan-out: Funds spread to many wallets" },
  ]);
});
