// The risk scale (docs/RULES.md "Risk scale"). The specification names the labels Severe, High,
// Medium and Low (002 §3), counts category levels of 10 or higher as indirect exposure (002 §9),
// maps risk score levels 0 to 5 to a colour each (000 §9) and gives badge colours (002 §9).
// Our choice: categoryRiskScoreLevel is an integer 0..15, bucketed as below.

/** The highest categoryRiskScoreLevel. */
export const maxCategoryRiskScoreLevel = 15;

export const riskLabels = ["Low", "Medium", "High", "Severe"] as const;
export type RiskLabel = (typeof riskLabels)[number];

/** The lowest categoryRiskScoreLevel of each label: 1-4 Low, 5-9 Medium, 10-14 High, 15 Severe. */
export const riskLabelFloors = { Low: 1, Medium: 5, High: 10, Severe: 15 } as const satisfies Record<
  RiskLabel,
  number
>;

/** 002 §9: indirect exposure counts category levels from 10 up, that is High and Severe. */
export const indirectExposureMinLevel = riskLabelFloors.High;

/**
 * The label of a categoryRiskScoreLevel. Level 0 means no risk and has no label (null). Choice: a
 * fractional level is floored and a level above 15 counts as Severe; a negative or non-finite one
 * has no label.
 */
export function riskLabelOf(categoryRiskScoreLevel: number): RiskLabel | null {
  if (!Number.isFinite(categoryRiskScoreLevel)) return null;
  const level = Math.floor(categoryRiskScoreLevel);
  if (level >= riskLabelFloors.Severe) return "Severe";
  if (level >= riskLabelFloors.High) return "High";
  if (level >= riskLabelFloors.Medium) return "Medium";
  if (level >= riskLabelFloors.Low) return "Low";
  return null;
}

/**
 * 000 §9 risk score levels 0..5, each with a colour:
 * 0 unknown (no risk data), 1 no risk (category level 0), 2 Low, 3 Medium, 4 High, 5 Severe.
 */
export const riskScoreLevels = [0, 1, 2, 3, 4, 5] as const;
export type RiskScoreLevel = (typeof riskScoreLevels)[number];

const scoreLevelOfLabel = { Low: 2, Medium: 3, High: 4, Severe: 5 } as const satisfies Record<
  RiskLabel,
  RiskScoreLevel
>;

/** The 0..5 risk score level of a categoryRiskScoreLevel; null or undefined (no data) is 0. */
export function riskScoreLevelOf(categoryRiskScoreLevel: number | null | undefined): RiskScoreLevel {
  if (categoryRiskScoreLevel === null || categoryRiskScoreLevel === undefined) return 0;
  if (!Number.isFinite(categoryRiskScoreLevel) || categoryRiskScoreLevel < 0) return 0;
  const label = riskLabelOf(categoryRiskScoreLevel);
  return label === null ? 1 : scoreLevelOfLabel[label];
}

/**
 * Primer functional colour tokens (as used by `sx` and the `--fgColor-*` / `--bgColor-*` variables).
 * 002 §9 badge colours: Severe red strong, High red, Medium yellow, Low green.
 */
export const riskColors = {
  0: "fg.muted",
  1: "neutral.emphasis",
  2: "success.fg",
  3: "attention.fg",
  4: "danger.fg",
  5: "danger.emphasis",
} as const satisfies Record<RiskScoreLevel, string>;
export type RiskColor = (typeof riskColors)[RiskScoreLevel];

/** The colour of a 0..5 risk score level, or of a label. */
export function riskColorOf(level: RiskScoreLevel | RiskLabel): RiskColor {
  return typeof level === "number" ? riskColors[level] : riskColors[scoreLevelOfLabel[level]];
}

/** 000 §9: alert risk levels and their names. The specification gives none; these are ours. */
export const alertRiskNames = { 1: "LOW", 2: "MEDIUM", 3: "HIGH", 4: "SEVERE" } as const;
export const noAlertsLabel = "NO ALERTS";
export const unknownAlertLabel = "UNKNOWN";
export type AlertRiskLabel =
  | (typeof alertRiskNames)[keyof typeof alertRiskNames]
  | typeof noAlertsLabel
  | typeof unknownAlertLabel;

/** 000 §9: an alert risk number maps to a name; 'NO ALERTS' when there is none, 'UNKNOWN' otherwise. */
export function alertRiskLabelOf(alertRisk: number | null | undefined): AlertRiskLabel {
  if (alertRisk === null || alertRisk === undefined) return noAlertsLabel;
  return Object.hasOwn(alertRiskNames, alertRisk)
    ? alertRiskNames[alertRisk as keyof typeof alertRiskNames]
    : unknownAlertLabel;
}

/**
 * 000 §9's alert labels where alerts are counted (a detector's tally): 'NO ALERTS' when it raised
 * none, 'UNKNOWN' when the count is not known (not loaded, or not a count), else how many.
 */
export function alertCountLabel(count: number | null | undefined): string {
  if (count === null || count === undefined || !Number.isInteger(count) || count < 0)
    return unknownAlertLabel;
  if (count === 0) return noAlertsLabel;
  return `${count.toLocaleString("en-US")} ${count === 1 ? "alert" : "alerts"}`;
}
