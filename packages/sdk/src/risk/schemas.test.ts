import { expect, test } from "vitest";
import { detailsTableRows, riskIndicatorSchema, riskRowSchema } from "./schemas.ts";

test("001 §3 a Risk row parses and rejects an unknown risk type", () => {
  const row = {
    categoryRiskScoreLevel: 15,
    category: "Sanctions",
    riskType: "counterparty",
    instances: 3,
    maxTransactionDate: "2024-02-01T10:00:00Z",
    totalVolumeUsd: 1200,
    totalPercentage: 12.5,
    incomingVolumeUsd: 1000,
    incomingPercentage: 10,
    outgoingVolumeUsd: 200,
    outgoingPercentage: 2.5,
  };
  expect(riskRowSchema.parse(row)).toEqual(row);
  expect(riskRowSchema.safeParse({ ...row, riskType: "rumour" }).success).toBe(false);
  expect(riskRowSchema.safeParse({ ...row, categoryRiskScoreLevel: 16 }).success).toBe(false);
});

test("000 §3 a Risk indicator needs riskType, category and categoryRiskScoreLevel only", () => {
  expect(
    riskIndicatorSchema.parse({ riskType: "ownership", category: "Exchange", categoryRiskScoreLevel: 1 }),
  ).toEqual({
    riskType: "ownership",
    category: "Exchange",
    categoryRiskScoreLevel: 1,
  });
  expect(riskIndicatorSchema.safeParse({ riskType: "ownership", category: "Exchange" }).success).toBe(false);
});

test("001 §2 the details table shows at most 15 records", () => {
  expect(detailsTableRows(Array.from({ length: 40 }, (_, i) => i))).toHaveLength(15);
});
