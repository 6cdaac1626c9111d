import { maxCategoryRiskScoreLevel, riskLabelOf, riskTypes } from "@sleuth/sdk";
import { expect, test } from "vitest";
import { categories, categoryByKey, findCategory } from "./categories.ts";
import { confidenceScoreOf } from "./confidenceLevels.ts";
import { graphsenseConcepts } from "./graphsenseConcepts.ts";

test("categories: every GraphSense concept is a category, ids and keys are unique", () => {
  for (const concept of graphsenseConcepts) expect(findCategory(concept.id)?.origin).toBe("graphsense");
  expect(new Set(categories.map((category) => category.id)).size).toBe(categories.length);
  expect(new Set(categories.map((category) => category.key)).size).toBe(categories.length);
  const keys = new Set(categories.map((category) => category.key));
  for (const category of categories)
    if (category.parentKey !== null) expect(keys).toContain(category.parentKey);
});

test("000 §6 beacon categories 8 and 13 are VASPs (exchange and hosted wallet)", () => {
  expect(categoryByKey("exchange")).toMatchObject({ id: 8, isVasp: true });
  expect(categoryByKey("wallet_service")).toMatchObject({ id: 13, name: "Hosted Wallet", isVasp: true });
});

test("002 §3 risk levels stay on the SDK scale and sanctions are Severe", () => {
  for (const category of categories) {
    for (const riskType of riskTypes) {
      const level = category.riskLevels[riskType];
      expect(Number.isInteger(level) && level >= 0 && level <= maxCategoryRiskScoreLevel).toBe(true);
    }
  }
  expect(riskLabelOf(categoryByKey("sanction").riskLevels.counterparty)).toBe("Severe");
  expect(riskLabelOf(categoryByKey("darknet_market").riskLevels.counterparty)).toBe("High");
  expect(riskLabelOf(categoryByKey("exchange").riskLevels.counterparty)).toBeNull();
  // 002 §9: indirect exposure lists levels of 10 or more, so a mixer two hops away is not High.
  expect(categoryByKey("mixing_service").riskLevels.indirect).toBeLessThan(10);
});

test("graphsense confidence: a tag's confidence id gives its score; unknown ids score as unknown", () => {
  expect(confidenceScoreOf("authority_data")).toBe(60);
  expect(confidenceScoreOf("made_up")).toBe(5);
});
