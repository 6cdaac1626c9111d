import { parseUrn, type RiskIndicator, riskLabelOf, riskScoreLevelOf } from "@sleuth/sdk";
import { addressRiskInfo, entityRiskScores } from "../metrics/bulkMetrics.ts";
import type { Queryable } from "../store/store.ts";

/**
 * 000 §7 custom-entity risk: the risk of a group is the risk of its members. Each (risk type,
 * category) indicator takes the highest level any member carries; the score is the highest level
 * (0 for a custom entity whose known members carry no risk, null when no member is known).
 */
export async function customEntityRisk(db: Queryable, resourceUrns: readonly string[]) {
  const addresses = resourceUrns.filter((urn) => parseUrn(urn)?.kind === "address");
  const entities = resourceUrns.filter((urn) => parseUrn(urn)?.kind === "entity");
  const items: { riskIndicators: RiskIndicator[] }[] = [];
  for (let start = 0; start < addresses.length; start += 900)
    items.push(
      ...(JSON.parse(await addressRiskInfo(db, addresses.slice(start, start + 900))) as typeof items),
    );
  if (entities.length > 0) items.push(...(await entityRiskScores(db, entities)));
  const strongest = new Map<string, RiskIndicator>();
  for (const indicator of items.flatMap((item) => item.riskIndicators)) {
    const key = `${indicator.riskType}\u0000${indicator.category}`;
    const known = strongest.get(key);
    if (!known || known.categoryRiskScoreLevel < indicator.categoryRiskScoreLevel)
      strongest.set(key, indicator);
  }
  const riskIndicators = [...strongest.values()].sort(
    (a, b) =>
      b.categoryRiskScoreLevel - a.categoryRiskScoreLevel ||
      a.riskType.localeCompare(b.riskType) ||
      a.category.localeCompare(b.category),
  );
  const riskScore = items.length === 0 ? null : (riskIndicators[0]?.categoryRiskScoreLevel ?? 0);
  return {
    riskScore,
    riskScoreLabel: riskScore === null ? null : riskLabelOf(riskScore),
    riskScoreLevel: riskScoreLevelOf(riskScore),
    riskIndicators,
  };
}
