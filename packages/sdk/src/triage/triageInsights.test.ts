import { describe, expect, test } from "vitest";
import { entityUrn } from "../chains/urn.ts";
import { riskColorOf } from "../risk/riskScale.ts";
import {
  attributionInsight,
  formatTriageVolume,
  indirectExposure,
  kycLevelOf,
  topCounterpartyRisks,
  uniqueTokensLabel,
  visibleTriageInsights,
} from "./triageInsights.ts";

const indicator = (
  riskType: "indirect" | "counterparty" | "ownership",
  category: string,
  categoryRiskScoreLevel: number,
  totalVolumeUsd = 0,
) => ({ riskType, category, categoryRiskScoreLevel, totalVolumeUsd });

describe("002 §9 triage insights", () => {
  test("002 §9 indirect exposure counts levels of 10 or higher and lists at most 5 categories", () => {
    const indicators = [
      indicator("indirect", "Sanctions", 15),
      indicator("indirect", "Scam", 10, 50),
      indicator("indirect", "Gambling", 9),
      indicator("indirect", "Mixer", 12),
      indicator("indirect", "Ransomware", 10, 500),
      indicator("indirect", "Darknet", 11),
      indicator("indirect", "Theft", 14),
      indicator("counterparty", "Terrorism", 15),
    ];
    expect(indirectExposure(indicators)).toEqual({
      count: 6,
      categories: ["Sanctions", "Theft", "Mixer", "Darknet", "Ransomware"],
    });
    expect(indirectExposure([indicator("indirect", "Gambling", 9)])).toEqual({ count: 0, categories: [] });
  });

  test("002 §9 counterparty risk takes the top 3 by level then volume", () => {
    const top = topCounterpartyRisks([
      indicator("counterparty", "A", 10, 5),
      indicator("counterparty", "B", 12, 1),
      indicator("counterparty", "C", 10, 50),
      indicator("counterparty", "D", 3, 1_000_000),
      indicator("ownership", "E", 15, 9),
      indicator("counterparty", "F", 0, 9),
    ]);
    expect(top.map((item) => item.category)).toEqual(["B", "C", "A"]);
  });

  test("002 §9 attribution shows at most 4 entries with an 'and others' flag", () => {
    const tag = (id: string) => ({ entityUrn: entityUrn(id), entity: id, category: "Exchange" });
    const five = ["a", "b", "c", "d", "e"].map(tag);
    expect(attributionInsight(five)).toEqual({ entries: five.slice(0, 4), andOthers: true });
    expect(attributionInsight(five.slice(0, 4))).toEqual({ entries: five.slice(0, 4), andOthers: false });
    expect(attributionInsight([tag("a"), tag("a")]).entries).toHaveLength(1);
  });

  test("002 §9 wallet-cluster attributions count only when the address count exceeds 1", () => {
    const tag = (id: string) => ({ entityUrn: entityUrn(id), entity: id, category: "Exchange" });
    expect(attributionInsight([tag("a")], { tags: [tag("b")], addressCount: 1 }).entries).toHaveLength(1);
    expect(attributionInsight([tag("a")], { tags: [tag("b")], addressCount: 2 }).entries).toHaveLength(2);
  });

  test("002 §9 unique tokens show 1000+ at 1000", () => {
    expect(uniqueTokensLabel(999)).toBe("999");
    expect(uniqueTokensLabel(1000)).toBe("1000+");
    expect(uniqueTokensLabel(25_000)).toBe("1000+");
  });

  test("002 §9 volumes under 1 dollar show raw", () => {
    expect(formatTriageVolume(0.000123)).toBe("$0.000123");
    expect(formatTriageVolume(0.5)).toBe("$0.5");
    expect(formatTriageVolume(1)).toBe("$1.00");
    expect(formatTriageVolume(1234.567)).toBe("$1,234.57");
  });

  test("002 §9 KYC levels are 1 weak, 2 moderate, 3 strong", () => {
    expect(kycLevelOf(1)).toEqual({ level: 1, label: "weak" });
    expect(kycLevelOf("2")).toEqual({ level: 2, label: "moderate" });
    expect(kycLevelOf(3)?.label).toBe("strong");
    expect(kycLevelOf(4)).toBeNull();
    expect(kycLevelOf("")).toBeNull();
  });

  test("002 §9 badge colours: Severe red strong, High red, Medium yellow, Low green", () => {
    expect(riskColorOf("Severe")).toBe("danger.emphasis");
    expect(riskColorOf("High")).toBe("danger.fg");
    expect(riskColorOf("Medium")).toBe("attention.fg");
    expect(riskColorOf("Low")).toBe("success.fg");
  });
});

describe("002 §4 triage insight bullets", () => {
  test("002 §4 insight bullets hide on error or empty", () => {
    expect(
      visibleTriageInsights({
        risk: "result",
        attribution: "error",
        portfolio: "empty",
        activity: "loading",
      }),
    ).toEqual({
      visible: ["risk", "activity"],
      noActivity: false,
    });
  });

  test("002 §4 when all insight bullets are hidden the text says there is no activity", () => {
    expect(
      visibleTriageInsights({
        risk: "empty",
        attribution: "empty",
        counterpartyRisk: "error",
        indirectExposure: "empty",
        portfolio: "empty",
        activity: "empty",
      }),
    ).toEqual({ visible: [], noActivity: true });
  });
});
