import { describe, expect, test } from "vitest";
import type { AddressMetrics } from "../metrics/metricsSummary.ts";
import type { AddressRiskInfo } from "../risk/riskInfo.ts";
import { type TriageSummarySources, triageSummaryView } from "./triageSummary.ts";

const urn = "urn:sleuth:address:bitcoin:1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa";

const risk: AddressRiskInfo = {
  addressChainUrn: urn,
  riskScore: 15,
  riskScoreLabel: "Severe",
  riskScoreLevel: 5,
  riskIndicators: [
    { riskType: "counterparty", category: "Sanctions", categoryRiskScoreLevel: 15, totalVolumeUsd: 1200 },
    { riskType: "indirect", category: "Darknet market", categoryRiskScoreLevel: 12 },
    { riskType: "indirect", category: "Gambling", categoryRiskScoreLevel: 5 },
  ],
};

const metrics: AddressMetrics = {
  addressChainUrn: urn,
  addressCount: 1,
  activeUniqueAssets: 1000,
  balanceAmountUsd: 0.5,
  totalTransfers: 12,
  totalVolumeUsd: 4000,
  firstActiveDate: "2024-01-02T00:00:00.000Z",
  lastActiveDate: "2024-03-04T00:00:00.000Z",
};

const done = <T>(value: T | null) => ({ status: "done" as const, value });

describe("002 §4 triage summary insights", () => {
  test("002 §4/§9 each bullet reads its call: top counterparty risk, indirect ≥ 10, '1000+', raw volumes", () => {
    const sources: TriageSummarySources = {
      risk: done(risk),
      attribution: done({ tags: [] }),
      metrics: done(metrics),
    };
    const view = triageSummaryView(sources);
    expect(Object.fromEntries(view.insights.map((item) => [item.insight, item.text]))).toEqual({
      risk: "Severe risk (level 15 of 15)",
      attribution: null,
      counterpartyRisk: "Transacted with Sanctions (Severe, $1,200.00)",
      indirectExposure: "Indirectly exposed to 1 high-risk category: Darknet market",
      portfolio: "Holds $0.5 in 1000+ tokens",
      activity: "12 transfers moving $4,000.00 since 2024-01-02, last active 2024-03-04",
    });
    expect(view.visible.map((item) => item.insight)).not.toContain("attribution");
    expect(view.noActivity).toBe(false);
  });

  test("issue 39 one transfer reads in the singular", () => {
    const view = triageSummaryView({
      risk: done(risk),
      attribution: done({ tags: [] }),
      metrics: done({ ...metrics, totalTransfers: 1, totalVolumeUsd: 40 }),
    });
    expect(view.insights.find((item) => item.insight === "activity")?.text).toMatch(/^1 transfer moving /);
  });

  test("002 §4 loading bullets show, failed and empty ones hide, and all hidden means no activity", () => {
    const loading = triageSummaryView({
      risk: { status: "loading" },
      attribution: { status: "error" },
      metrics: done(null),
    });
    expect(loading.visible.map((item) => item.insight)).toEqual([
      "risk",
      "counterpartyRisk",
      "indirectExposure",
    ]);
    const nothing = triageSummaryView({
      risk: done(null),
      attribution: { status: "error" },
      metrics: done(null),
    });
    expect(nothing.visible).toEqual([]);
    expect(nothing.noActivity).toBe(true);
  });

  test("002 §6 indirect exposure is left out when its flag is off", () => {
    const view = triageSummaryView(
      { risk: done(risk), attribution: done({ tags: [] }), metrics: done(metrics) },
      { indirectExposureEnabled: false },
    );
    expect(view.insights.map((item) => item.insight)).not.toContain("indirectExposure");
  });

  test("000 §9 the portfolio bullet shows '1 Trillion+' from 1e12 up and a '+' on an estimated balance; one transfer is singular", () => {
    const portfolio = (balance: Partial<AddressMetrics>) =>
      triageSummaryView({
        risk: done(risk),
        attribution: done({ tags: [] }),
        metrics: done({ ...metrics, activeUniqueAssets: 2, ...balance }),
      }).insights.find((item) => item.insight === "portfolio")?.text;
    expect(portfolio({ balanceAmountUsd: 3e12, isBalanceEstimated: false })).toBe(
      "Holds 1 Trillion+ in 2 tokens",
    );
    expect(portfolio({ balanceAmountUsd: 1e12, isBalanceEstimated: true })).toBe(
      "Holds 1 Trillion+ in 2 tokens",
    );
    expect(portfolio({ balanceAmountUsd: 999_999_999_999.99, isBalanceEstimated: false })).toBe(
      "Holds $999,999,999,999.99 in 2 tokens",
    );
    expect(portfolio({ balanceAmountUsd: 4870.67, isBalanceEstimated: true })).toBe(
      "Holds $4,870.67+ in 2 tokens",
    );
    expect(portfolio({ balanceAmountUsd: 0.5, isBalanceEstimated: true })).toBe("Holds $0.5+ in 2 tokens");
    const one = triageSummaryView({
      risk: done(risk),
      attribution: done({ tags: [] }),
      metrics: done({ ...metrics, totalTransfers: 1, totalVolumeUsd: 3e12 }),
    }).insights.find((item) => item.insight === "activity")?.text;
    expect(one).toBe("1 transfer moving $3,000,000,000,000.00 since 2024-01-02, last active 2024-03-04");
  });
});
