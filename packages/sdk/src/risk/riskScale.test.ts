import fc from "fast-check";
import { expect, test } from "vitest";
import {
  alertCountLabel,
  alertRiskLabelOf,
  indirectExposureMinLevel,
  riskColorOf,
  riskLabelOf,
  riskLabels,
  riskScoreLevelOf,
} from "./riskScale.ts";

test("002 §3 category levels 1-4 are Low, 5-9 Medium, 10-14 High, 15 Severe; 0 has no label", () => {
  expect([0, 1, 4, 5, 9, 10, 14, 15].map(riskLabelOf)).toEqual([
    null,
    "Low",
    "Low",
    "Medium",
    "Medium",
    "High",
    "High",
    "Severe",
  ]);
});

test("002 §9 indirect exposure (levels of 10 or higher) means High or Severe", () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 15 }), (level) => {
      const label = riskLabelOf(level);
      expect(level >= indirectExposureMinLevel).toBe(label === "High" || label === "Severe");
    }),
  );
});

test("000 §9 risk score levels run from 0 to 5 and grow with the category level", () => {
  expect(riskScoreLevelOf(undefined)).toBe(0);
  expect(riskScoreLevelOf(0)).toBe(1);
  expect(riskScoreLevelOf(15)).toBe(5);
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 0, max: 15 }), (a, b) => {
      fc.pre(a <= b);
      expect(riskScoreLevelOf(a)).toBeLessThanOrEqual(riskScoreLevelOf(b));
    }),
  );
});

test("002 §9 badge colours: Severe red strong, High red, Medium yellow, Low green", () => {
  expect(riskLabels.map((label) => riskColorOf(label))).toEqual([
    "success.fg",
    "attention.fg",
    "danger.fg",
    "danger.emphasis",
  ]);
  expect(riskColorOf(riskScoreLevelOf(12))).toBe("danger.fg");
});

test("000 §9 alert risk labels: a name per number, 'NO ALERTS' when none, 'UNKNOWN' otherwise", () => {
  expect(alertRiskLabelOf(3)).toBe("HIGH");
  expect(alertRiskLabelOf(null)).toBe("NO ALERTS");
  expect(alertRiskLabelOf(undefined)).toBe("NO ALERTS");
  expect(alertRiskLabelOf(42)).toBe("UNKNOWN");
  expect(alertRiskLabelOf(Number.NaN)).toBe("UNKNOWN");
});

test("000 §9 alert counts read 'NO ALERTS' for none and 'UNKNOWN' when not known", () => {
  expect(alertCountLabel(0)).toBe("NO ALERTS");
  expect(alertCountLabel(1)).toBe("1 alert");
  expect(alertCountLabel(1200)).toBe("1,200 alerts");
  expect(alertCountLabel(null)).toBe("UNKNOWN");
  expect(alertCountLabel(undefined)).toBe("UNKNOWN");
  expect(alertCountLabel(-1)).toBe("UNKNOWN");
});
