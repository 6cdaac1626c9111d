import { type RiskLabel, type RiskScoreLevel, riskLabelOf, riskScoreLevelOf } from "./riskScale.ts";

// Issue 39 "one risk": a subject's risk is decided here and nowhere else, so its page, search
// results, the palette, its graph node, triage and exports agree (docs/RULES.md "A subject's risk").

/** What a subject's risk is derived from: the levels of its risk indicators, any risk type. */
export interface RiskLevelSource {
  categoryRiskScoreLevel: number;
}

/** A subject's risk: its score (categoryRiskScoreLevel), label and 000 §9 level. */
export interface SubjectRisk {
  riskScore: number | null;
  riskScoreLabel: RiskLabel | null;
  riskScoreLevel: RiskScoreLevel;
}

/**
 * A subject's risk is the highest categoryRiskScoreLevel over all its risk indicators: ownership
 * (its owner's category, or its own for an entity; sanctions are an ownership category of level 15),
 * behavioural, counterparty and indirect exposure. A known subject without one scores 0 (no risk);
 * `null` (nothing known about the subject) stays unknown.
 */
export function subjectRiskOf(indicators: readonly RiskLevelSource[] | null): SubjectRisk {
  if (indicators === null) return subjectRiskOfScore(null);
  let riskScore = 0;
  for (const indicator of indicators)
    if (indicator.categoryRiskScoreLevel > riskScore) riskScore = indicator.categoryRiskScoreLevel;
  return subjectRiskOfScore(riskScore);
}

/** The label and level of a risk score already derived by subjectRiskOf (a node, a search hit). */
export function subjectRiskOfScore(riskScore: number | null | undefined): SubjectRisk {
  const score = riskScore ?? null;
  return {
    riskScore: score,
    riskScoreLabel: score === null ? null : riskLabelOf(score),
    riskScoreLevel: riskScoreLevelOf(score),
  };
}

/** How a subject's risk reads in a line of text (search detail, palette, CLI): "High risk", "No risk". */
export function subjectRiskText(riskScore: number | null | undefined): string {
  const risk = subjectRiskOfScore(riskScore);
  if (risk.riskScore === null) return "Risk unknown";
  return risk.riskScoreLabel === null ? "No risk" : `${risk.riskScoreLabel} risk`;
}
