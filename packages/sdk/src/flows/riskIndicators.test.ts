import { expect, test } from "vitest";
import { type RiskIndicatorRow, riskRowMatches, riskVolumeText } from "./riskIndicators.ts";

const row = (fields: Partial<RiskIndicatorRow>): RiskIndicatorRow => ({
  categoryRiskScoreLevel: 12,
  category: "Mixer",
  categoryId: 21,
  riskType: "counterparty",
  instances: 4,
  maxTransactionDate: null,
  totalVolumeUsd: 150,
  totalPercentage: 10,
  incomingVolumeUsd: 100,
  incomingPercentage: 10,
  outgoingVolumeUsd: 50,
  outgoingPercentage: 10,
  details: { kind: "transfers", rows: [] },
  ...fields,
});

test("issue 43 a risk row's volume is plain money when every transfer it sums is priced", () => {
  const priced = row({ totalTransfers: 4, unpricedTransfers: 0 });
  expect(riskVolumeText(priced, "total")).toBe("$150.00");
  expect(riskVolumeText(priced, "incoming")).toBe("$100.00");
  // A server that does not count them: the volume as given.
  expect(riskVolumeText(row({}), "outgoing")).toBe("$50.00");
});

test("issue 43 a risk row over partly priced transfers reads as a lower bound, and unknown when none is priced", () => {
  const partly = row({ totalTransfers: 4, unpricedTransfers: 1 });
  expect(riskVolumeText(partly, "total")).toBe("at least $150.00; 1 of 4 transfers have no USD price");
  expect(riskVolumeText(partly, "outgoing")).toBe("at least $50.00");
  const none = row({
    totalVolumeUsd: 0,
    incomingVolumeUsd: 0,
    outgoingVolumeUsd: 0,
    totalTransfers: 4,
    unpricedTransfers: 4,
  });
  expect(riskVolumeText(none, "total")).toBe("unknown: none of the 4 transfers has a USD price");
  expect(riskVolumeText(none, "incoming")).toBe("no price");
});

test("000 §5 a risk row passes each of the level and instances operators as its table's filter says", () => {
  const mixer = row({});
  expect(riskRowMatches(mixer, undefined)).toBe(true);
  expect(riskRowMatches(mixer, {})).toBe(true);
  expect(riskRowMatches(mixer, { categoryRiskScoreLevel: { operator: "eq", value: 12 } })).toBe(true);
  expect(riskRowMatches(mixer, { categoryRiskScoreLevel: { operator: "eq", value: 10 } })).toBe(false);
  expect(riskRowMatches(mixer, { categoryRiskScoreLevel: { operator: "neq", value: 12 } })).toBe(false);
  expect(riskRowMatches(mixer, { categoryRiskScoreLevel: { operator: "neq", value: 10 } })).toBe(true);
  expect(riskRowMatches(mixer, { instances: { operator: "gte", value: 4 } })).toBe(true);
  expect(riskRowMatches(mixer, { instances: { operator: "gte", value: 5 } })).toBe(false);
  expect(riskRowMatches(mixer, { instances: { operator: "lte", value: 3 } })).toBe(false);
  // Every filter must hold: a matching level does not save a row whose instances fail.
  expect(
    riskRowMatches(mixer, {
      categoryRiskScoreLevel: { operator: "eq", value: 12 },
      instances: { operator: "lte", value: 3 },
    }),
  ).toBe(false);
});

test("000 §5 a risk row's volume filter counts priced value; an unknown volume never matches", () => {
  const priced = row({ totalTransfers: 4, unpricedTransfers: 0 });
  expect(riskRowMatches(priced, { totalVolumeUsd: { operator: "gte", value: 150 } })).toBe(true);
  expect(riskRowMatches(priced, { totalVolumeUsd: { operator: "lte", value: 149 } })).toBe(false);
  // Partly priced: the lower bound is what is compared.
  const partly = row({ totalTransfers: 4, unpricedTransfers: 1 });
  expect(riskRowMatches(partly, { totalVolumeUsd: { operator: "gte", value: 100 } })).toBe(true);
  // Nothing priced: its $0 is unknown, not small, so "at most" does not keep it either.
  const none = row({ totalVolumeUsd: 0, totalTransfers: 4, unpricedTransfers: 4 });
  expect(riskRowMatches(none, { totalVolumeUsd: { operator: "lte", value: 1_000 } })).toBe(false);
  expect(riskRowMatches(none, { totalVolumeUsd: { operator: "gte", value: 0 } })).toBe(false);
  // A row without transfers (an entity-wide row on a silent subject) has a known zero.
  const silent = row({ totalVolumeUsd: 0, totalTransfers: 0, unpricedTransfers: 0 });
  expect(riskRowMatches(silent, { totalVolumeUsd: { operator: "lte", value: 0 } })).toBe(true);
});
