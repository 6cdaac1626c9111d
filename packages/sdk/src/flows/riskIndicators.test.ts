import { expect, test } from "vitest";
import { type RiskIndicatorRow, riskVolumeText } from "./riskIndicators.ts";

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
