import type { AttributionTag } from "../attribution/attributionTag.ts";
import { formatUtc, utcDatePattern } from "../format/dates.ts";
import { formatPortfolioValue, portfolioTrillionThreshold } from "../format/numbers.ts";
import { countedNoun } from "../format/text.ts";
import { usdTotalText } from "../format/usdAmount.ts";
import type { AddressMetrics } from "../metrics/metricsSummary.ts";
import type { AddressRiskInfo } from "../risk/riskInfo.ts";
import { riskLabelOf } from "../risk/riskScale.ts";
import {
  attributionInsight,
  formatTriageVolume,
  indirectExposure,
  type TriageInsight,
  type TriageInsightState,
  topCounterpartyRisks,
  triageInsights,
  uniqueTokensLabel,
  visibleTriageInsights,
} from "./triageInsights.ts";

/**
 * What one insight bullet shows (002 §4): its state and, with a result, its sentence. The sentences are
 * ours (002 §8 gives none); the console and `sleuth triage summary` print the same words.
 */
export interface TriageInsightView {
  insight: TriageInsight;
  state: TriageInsightState;
  text: string | null;
}

/** The answer of one of the three calls the Summary reads: pending, failed, unknown (null) or known. */
export type TriageSource<T> =
  | { status: "loading" }
  | { status: "error" }
  | { status: "done"; value: T | null };

export interface TriageSummarySources {
  risk: TriageSource<AddressRiskInfo>;
  attribution: TriageSource<{ tags: readonly AttributionTag[] }>;
  metrics: TriageSource<AddressMetrics>;
}

// 002 §3 insight titles, as the Summary labels its bullets.
export const triageInsightTitles = {
  risk: "Risk",
  attribution: "Attribution",
  counterpartyRisk: "Counterparty risk",
  indirectExposure: "Indirect exposure",
  portfolio: "Portfolio",
  activity: "Activity",
} as const satisfies Record<TriageInsight, string>;

// Which call each bullet is read from.
const sourceOf = {
  risk: "risk",
  attribution: "attribution",
  counterpartyRisk: "risk",
  indirectExposure: "risk",
  portfolio: "metrics",
  activity: "metrics",
} as const satisfies Record<TriageInsight, keyof TriageSummarySources>;

function riskText(info: AddressRiskInfo): string | null {
  if (info.riskScoreLabel === null) return info.riskScore === 0 ? "No risk found" : null;
  return `${info.riskScoreLabel} risk (level ${info.riskScore} of 15)`;
}

function attributionText(tags: readonly AttributionTag[]): string | null {
  const named = tags.filter(
    (tag): tag is AttributionTag & { entityUrn: string; entity: string } =>
      tag.entityUrn !== null && tag.entity !== null,
  );
  const { entries, andOthers } = attributionInsight(named);
  if (entries.length === 0) return null;
  const names = entries.map((entry) => `${entry.entity} (${entry.category})`).join(", ");
  return `Attributed to ${names}${andOthers ? " and others" : ""}`;
}

function counterpartyRiskText(info: AddressRiskInfo): string | null {
  const top = topCounterpartyRisks(info.riskIndicators);
  if (top.length === 0) return null;
  const parts = top.map((indicator) => {
    const volume =
      indicator.totalVolumeUsd === undefined ? "" : `, ${formatTriageVolume(indicator.totalVolumeUsd)}`;
    const label = indicator.categoryRiskScoreLevelLabel ?? riskLabelOf(indicator.categoryRiskScoreLevel);
    return `${indicator.category} (${label}${volume})`;
  });
  return `Transacted with ${parts.join(", ")}`;
}

function indirectExposureText(info: AddressRiskInfo): string | null {
  const { count, categories } = indirectExposure(info.riskIndicators);
  if (count === 0) return null;
  const more = count > categories.length ? ` and ${count - categories.length} more` : "";
  return `Indirectly exposed to ${count} high-risk ${count === 1 ? "category" : "categories"}: ${categories.join(", ")}${more}`;
}

/**
 * 000 §9 portfolio value in a triage sentence: from 1e12 up '1 Trillion+', an estimated balance
 * with a '+' suffix; 002 §9 raw under one dollar.
 */
function triagePortfolioValue(usd: number, estimated: boolean): string {
  if (usd >= portfolioTrillionThreshold) return formatPortfolioValue(usd);
  return `${formatTriageVolume(usd)}${estimated ? "+" : ""}`;
}

function portfolioText(metrics: AddressMetrics): string | null {
  const tokens = metrics.activeUniqueAssets ?? 0;
  const balance = metrics.balanceAmountUsd;
  if (tokens === 0 && (balance ?? 0) === 0) return null;
  // Issue 43: held assets without a price are an unknown value, not $0.00.
  const value =
    balance === null || balance === undefined
      ? "a value with no USD price"
      : triagePortfolioValue(balance, metrics.isBalanceEstimated ?? false);
  return `Holds ${value} in ${uniqueTokensLabel(tokens)} ${tokens === 1 ? "token" : "tokens"}`;
}

function activityText(metrics: AddressMetrics): string | null {
  const transfers = metrics.totalTransfers ?? 0;
  if (transfers === 0 || metrics.firstActiveDate === null) return null;
  const unpriced = metrics.unpricedTransfers ?? 0;
  const volume =
    metrics.totalVolumeUsd === undefined
      ? ""
      : unpriced === 0 && metrics.totalVolumeUsd !== null
        ? ` moving ${formatTriageVolume(metrics.totalVolumeUsd)}`
        : ` (${usdTotalText({ usd: metrics.totalVolumeUsd, transfers, unpriced })})`;
  const last =
    metrics.lastActiveDate === null
      ? ""
      : `, last active ${formatUtc(metrics.lastActiveDate, utcDatePattern)}`;
  return `${countedNoun(transfers, "transfer")}${volume} since ${formatUtc(metrics.firstActiveDate, utcDatePattern)}${last}`;
}

function textOf(insight: TriageInsight, sources: TriageSummarySources): string | null {
  const source = sources[sourceOf[insight]];
  if (source.status !== "done" || source.value === null) return null;
  switch (insight) {
    case "risk":
      return riskText(source.value as AddressRiskInfo);
    case "attribution":
      return attributionText((source.value as { tags: readonly AttributionTag[] }).tags);
    case "counterpartyRisk":
      return counterpartyRiskText(source.value as AddressRiskInfo);
    case "indirectExposure":
      return indirectExposureText(source.value as AddressRiskInfo);
    case "portfolio":
      return portfolioText(source.value as AddressMetrics);
    case "activity":
      return activityText(source.value as AddressMetrics);
  }
}

/**
 * 002 §4: the six insight bullets from the three calls they are read from (risk mini-info, attribution,
 * metrics summary), each loading, error, empty or result. A bullet switched off by its feature flag
 * (indirect exposure) is left out. `noActivity` is true when every bullet hides.
 */
export function triageSummaryView(
  sources: TriageSummarySources,
  options: { indirectExposureEnabled?: boolean } = {},
): { insights: TriageInsightView[]; visible: TriageInsightView[]; noActivity: boolean } {
  const insights = triageInsights
    .filter((insight) => insight !== "indirectExposure" || options.indirectExposureEnabled !== false)
    .map((insight): TriageInsightView => {
      const source = sources[sourceOf[insight]];
      if (source.status === "loading") return { insight, state: "loading", text: null };
      if (source.status === "error") return { insight, state: "error", text: null };
      const text = textOf(insight, sources);
      return { insight, state: text === null ? "empty" : "result", text };
    });
  const { visible, noActivity } = visibleTriageInsights(
    Object.fromEntries(insights.map((view) => [view.insight, view.state])),
  );
  return { insights, visible: insights.filter((view) => visible.includes(view.insight)), noActivity };
}
