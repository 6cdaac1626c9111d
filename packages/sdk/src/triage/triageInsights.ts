import { formatMoney } from "../format/numbers.ts";
import { indirectExposureMinLevel } from "../risk/riskScale.ts";
import type { RiskIndicator } from "../risk/schemas.ts";

type IndicatorFacts = Pick<
  RiskIndicator,
  "riskType" | "category" | "categoryRiskScoreLevel" | "totalVolumeUsd"
>;

function byLevelThenVolume(a: IndicatorFacts, b: IndicatorFacts): number {
  return (
    b.categoryRiskScoreLevel - a.categoryRiskScoreLevel || (b.totalVolumeUsd ?? 0) - (a.totalVolumeUsd ?? 0)
  );
}

// 002 §9: indirect exposure lists at most 5 categories.
export const indirectExposureMaxCategories = 5;

/**
 * 002 §9: indirect exposure counts the indirect categories at level 10 or higher and lists at most 5 of
 * them, highest level first (then largest volume). A category is counted once.
 */
export function indirectExposure(indicators: readonly IndicatorFacts[]): {
  count: number;
  categories: string[];
} {
  const categories = [
    ...new Set(
      indicators
        .filter(
          (item) => item.riskType === "indirect" && item.categoryRiskScoreLevel >= indirectExposureMinLevel,
        )
        .sort(byLevelThenVolume)
        .map((item) => item.category),
    ),
  ];
  return { count: categories.length, categories: categories.slice(0, indirectExposureMaxCategories) };
}

// 002 §9: counterparty risk shows the top 3.
export const counterpartyRiskTopCount = 3;

/** 002 §9: the 3 counterparty indicators with the highest level, then volume. Level 0 (no risk) is left out. */
export function topCounterpartyRisks<T extends IndicatorFacts>(indicators: readonly T[]): T[] {
  return indicators
    .filter((item) => item.riskType === "counterparty" && item.categoryRiskScoreLevel > 0)
    .sort(byLevelThenVolume)
    .slice(0, counterpartyRiskTopCount);
}

// 002 §9: attribution shows at most 4 entries.
export const attributionInsightMaxEntries = 4;

interface AttributedEntity {
  entityUrn: string;
  entity: string;
  category: string;
}

/**
 * 002 §9: the attribution insight: at most 4 entities (each once, address tags before wallet-cluster
 * tags) and an 'and others' flag when there are more. Wallet-cluster attributions count only when the
 * cluster holds more than one address.
 */
export function attributionInsight<T extends AttributedEntity>(
  tags: readonly T[],
  walletCluster?: { tags: readonly T[]; addressCount: number },
): { entries: T[]; andOthers: boolean } {
  const clusterTags = walletCluster && walletCluster.addressCount > 1 ? walletCluster.tags : [];
  const unique = new Map<string, T>();
  for (const tag of [...tags, ...clusterTags]) if (!unique.has(tag.entityUrn)) unique.set(tag.entityUrn, tag);
  const entries = [...unique.values()];
  return {
    entries: entries.slice(0, attributionInsightMaxEntries),
    andOthers: entries.length > attributionInsightMaxEntries,
  };
}

// 002 §9: unique tokens show "1000+" from 1000 up.
export const uniqueTokensCap = 1000;

export function uniqueTokensLabel(count: number): string {
  return count >= uniqueTokensCap ? `${uniqueTokensCap}+` : String(count);
}

const rawUsd = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumSignificantDigits: 15,
});

/**
 * 002 §9: a triage volume. Under one dollar it shows raw (every significant digit, e.g. "$0.000123",
 * where 2 decimals would show "$0.00"); from one dollar up with 2 decimals.
 */
export function formatTriageVolume(usd: number): string {
  return Number.isFinite(usd) && Math.abs(usd) < 1 ? rawUsd.format(usd) : formatMoney(usd);
}

// 002 §9: KYC levels.
export const kycLevels = { 1: "weak", 2: "moderate", 3: "strong" } as const;
export type KycLevel = keyof typeof kycLevels;

/** The KYC level of a property value (1, 2, 3 or their text), or null when it is none of them. */
export function kycLevelOf(value: unknown): { level: KycLevel; label: (typeof kycLevels)[KycLevel] } | null {
  const level = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  if (level !== 1 && level !== 2 && level !== 3) return null;
  return { level, label: kycLevels[level] };
}

// 002 §4: the insight bullets of the Summary tab, in display order.
export const triageInsights = [
  "risk",
  "attribution",
  "counterpartyRisk",
  "indirectExposure",
  "portfolio",
  "activity",
] as const;
export type TriageInsight = (typeof triageInsights)[number];
export type TriageInsightState = "loading" | "error" | "empty" | "result";

/**
 * 002 §4: the bullets to show. A bullet hides on error or when empty; one with no state (switched off by
 * its feature flag) is hidden too. When every bullet is hidden the summary says there is no activity.
 */
export function visibleTriageInsights(states: Partial<Record<TriageInsight, TriageInsightState>>): {
  visible: TriageInsight[];
  noActivity: boolean;
} {
  const visible = triageInsights.filter(
    (insight) => states[insight] === "loading" || states[insight] === "result",
  );
  return { visible, noActivity: visible.length === 0 };
}
