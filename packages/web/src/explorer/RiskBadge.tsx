import { Label } from "@primer/react";
import {
  type RiskLabel,
  type RiskScoreLevel,
  riskColorOf,
  riskLabelOf,
  riskScoreLevelOf,
  subjectRiskText,
} from "@sleuth/sdk";
import { riskBadgeStyle } from "./riskBadgeStyle.ts";

// The SDK words every state (issue 39: one risk, read the same everywhere).
function riskText(level: RiskScoreLevel, label: RiskLabel | null): string {
  if (label) return `${label} risk`;
  return subjectRiskText(level === 1 ? 0 : null);
}

/** 002 §9 badge: the risk label in its colour (Severe red strong, High red, Medium yellow, Low green). */
export function RiskBadge({ level, label }: { level: RiskScoreLevel; label: RiskLabel | null }) {
  return (
    <Label
      size="large"
      style={riskBadgeStyle(riskColorOf(level))}
      data-testid="risk-badge"
      data-risk-level={level}
    >
      {riskText(level, label)}
    </Label>
  );
}

/** The badge of one category risk level (000 §3 risk indicator), on the SDK's risk scale. */
export function CategoryRiskBadge({ categoryRiskScoreLevel }: { categoryRiskScoreLevel: number }) {
  return (
    <RiskBadge level={riskScoreLevelOf(categoryRiskScoreLevel)} label={riskLabelOf(categoryRiskScoreLevel)} />
  );
}
