import { expect, test } from "vitest";
import type { RiskIndicatorRow } from "../flows/riskIndicators.ts";
import { exportCsvText } from "./exportColumns.ts";
import { riskIndicatorCsvRow } from "./flowColumns.ts";

const mixer: Omit<RiskIndicatorRow, "details"> = {
  categoryRiskScoreLevel: 12,
  category: "Mixer",
  categoryId: 21,
  riskType: "counterparty",
  instances: 4,
  maxTransactionDate: "2017-07-01T10:00:00.000Z",
  totalVolumeUsd: 150,
  totalPercentage: 10,
  incomingVolumeUsd: 100,
  incomingPercentage: 8,
  outgoingVolumeUsd: 50,
  outgoingPercentage: 2,
  totalTransfers: 4,
  unpricedTransfers: 1,
};

test("001 §3 a risk row's file line holds its fields and the severity the pane shows", () => {
  expect(exportCsvText("RISK_INDICATORS_CSV", [riskIndicatorCsvRow(mixer)], { header: true })).toBe(
    [
      "categoryRiskScoreLevel,severity,category,categoryId,riskType,instances,totalVolumeUsd,totalPercentage,incomingVolumeUsd,incomingPercentage,outgoingVolumeUsd,outgoingPercentage,maxTransactionDate,totalTransfers,unpricedTransfers",
      "12,High,Mixer,21,counterparty,4,150,10,100,8,50,2,2017-07-01T10:00:00.000Z,4,1",
    ].join("\r\n"),
  );
});

test("issue 43 a risk row none of whose transfers is priced writes empty volumes, never $0", () => {
  const row = riskIndicatorCsvRow({
    ...mixer,
    totalVolumeUsd: 0,
    totalPercentage: 0,
    incomingVolumeUsd: 0,
    incomingPercentage: 0,
    outgoingVolumeUsd: 0,
    outgoingPercentage: 0,
    unpricedTransfers: 4,
  });
  expect([row.totalVolumeUsd, row.incomingVolumeUsd, row.outgoingVolumeUsd, row.totalPercentage]).toEqual([
    null,
    null,
    null,
    null,
  ]);
  expect([row.totalTransfers, row.unpricedTransfers]).toEqual([4, 4]);
});

test("001 §7 a category name a spreadsheet would run is written as text", () => {
  const line = exportCsvText("RISK_INDICATORS_CSV", [riskIndicatorCsvRow({ ...mixer, category: "=cmd|x" })], {
    header: false,
  });
  expect(line).toContain(`,"'=cmd|x",`);
});
