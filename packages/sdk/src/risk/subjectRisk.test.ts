import { describe, expect, test } from "vitest";
import { subjectRiskOf, subjectRiskText } from "./subjectRisk.ts";

describe("issue 39 one risk", () => {
  test("issue 39 a subject's risk is its highest indicator of any risk type", () => {
    // An exchange (ownership 0) with High counterparty exposure is High, not "No risk".
    const risk = subjectRiskOf([{ categoryRiskScoreLevel: 0 }, { categoryRiskScoreLevel: 12 }]);
    expect(risk).toEqual({ riskScore: 12, riskScoreLabel: "High", riskScoreLevel: 4 });
    expect(subjectRiskText(risk.riskScore)).toBe("High risk");
  });

  test("issue 39 a known subject without indicators has no risk; an unknown one is unknown", () => {
    expect(subjectRiskOf([]).riskScore).toBe(0);
    expect(subjectRiskText(0)).toBe("No risk");
    expect(subjectRiskOf(null).riskScoreLevel).toBe(0);
    expect(subjectRiskText(null)).toBe("Risk unknown");
  });
});
