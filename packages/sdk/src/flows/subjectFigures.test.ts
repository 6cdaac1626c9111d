import { expect, test } from "vitest";
import { type SubjectFigures, subjectFiguresText } from "./subjectFigures.ts";

const summary = (over: Partial<NonNullable<SubjectFigures["flowSummary"]>> = {}) => ({
  incomingVolumeUsd: 1234.5,
  outgoingVolumeUsd: 0.25,
  totalVolumeUsd: 1234.75,
  isUsdPartial: false,
  incomingTransfers: 3,
  outgoingTransfers: 1,
  totalTransfers: 4,
  assets: [],
  ...over,
});
const statistics = {
  addressCount: 2,
  firstActiveDate: "2020-01-02T10:00:00Z",
  lastActiveDate: "2024-05-06T00:00:00Z",
};

test("002 §9 / 000 §9 figures read as two-decimal money, raw under a dollar, active days in UTC", () => {
  expect(subjectFiguresText({ flowSummary: summary(), statistics })).toEqual({
    received: "$1,234.50",
    sent: "$0.25",
    active: "2020-01-02 – 2024-05-06",
  });
});

test("issue 43 a summary with unpriced transfers reads as a floor; a side that never moved is $0.00", () => {
  const text = subjectFiguresText({
    flowSummary: summary({
      isUsdPartial: true,
      unpricedTransfers: 2,
      outgoingTransfers: 0,
      outgoingVolumeUsd: null,
    }),
    statistics: null,
  });
  expect(text).toEqual({ received: "at least $1,234.50", sent: "$0.00", active: "—" });
});

test("000 §7 a subject the bulk calls did not answer shows the missing value, not zero", () => {
  expect(subjectFiguresText(null)).toEqual({ received: "—", sent: "—", active: "—" });
  expect(
    subjectFiguresText({
      flowSummary: null,
      statistics: { ...statistics, lastActiveDate: statistics.firstActiveDate },
    }),
  ).toEqual({ received: "—", sent: "—", active: "2020-01-02" });
});
