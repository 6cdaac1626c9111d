import { type RiskIndicator, type RiskType, riskLabelOf, riskScoreLevelOf } from "@sleuth/sdk";
import type { Queryable } from "../store/index.ts";
import type { AddressKey } from "./subjects.ts";
import { summaryRowsByKey } from "./summaryRows.ts";

interface IndicatorRow {
  subject_id: string | number;
  risk_type: RiskType;
  category_id: number;
  category: string;
  level: number;
  incoming_usd: number | null;
  outgoing_usd: number | null;
  instances: number | null;
}

const cents = (value: number) => Math.round(value * 100) / 100;

function indicatorOf(row: IndicatorRow): RiskIndicator {
  const indicator: RiskIndicator = {
    riskType: row.risk_type,
    category: row.category,
    categoryRiskScoreLevel: row.level,
    categoryId: String(row.category_id),
    categoryName: row.category,
  };
  const label = riskLabelOf(row.level);
  if (label !== null) indicator.categoryRiskScoreLevelLabel = label;
  if (row.incoming_usd !== null && row.outgoing_usd !== null) {
    indicator.incomingVolumeUsd = cents(row.incoming_usd);
    indicator.outgoingVolumeUsd = cents(row.outgoing_usd);
    indicator.totalVolumeUsd = cents(row.incoming_usd + row.outgoing_usd);
  }
  if (row.instances !== null) indicator.instances = row.instances;
  return indicator;
}

export interface RiskSummary {
  riskScore: number | null;
  riskScoreLabel: ReturnType<typeof riskLabelOf>;
  riskScoreLevel: ReturnType<typeof riskScoreLevelOf>;
  riskIndicators: RiskIndicator[];
}

function summariesOf(ids: readonly number[], rows: readonly IndicatorRow[]): Map<number, RiskSummary> {
  const indicators = new Map<number, RiskIndicator[]>(ids.map((id) => [id, []]));
  for (const row of rows) indicators.get(Number(row.subject_id))?.push(indicatorOf(row));
  const summaries = new Map<number, RiskSummary>();
  for (const [id, list] of indicators) {
    list.sort(
      (a, b) =>
        b.categoryRiskScoreLevel - a.categoryRiskScoreLevel ||
        (b.totalVolumeUsd ?? 0) - (a.totalVolumeUsd ?? 0) ||
        a.riskType.localeCompare(b.riskType) ||
        a.category.localeCompare(b.category),
    );
    // A known subject without risky indicators scores 0 (no risk), not "no data".
    const riskScore = Math.max(0, ...list.map((indicator) => indicator.categoryRiskScoreLevel));
    summaries.set(id, {
      riskScore,
      riskScoreLabel: riskLabelOf(riskScore),
      riskScoreLevel: riskScoreLevelOf(riskScore),
      riskIndicators: list,
    });
  }
  return summaries;
}

/**
 * 000 §7 risk-indicators mini-info of addresses: ownership (the categories the address carries, from
 * its owner and its ordinary tags), behavioral (its behavioural signatures), counterparty and
 * indirect (the exposure rollup), each at its category's level for that risk type
 * (category_risk_levels, docs/DATA.md). Levels of 0 carry no risk and are left out. The indicators
 * are folded into address_summary by refreshRollups, whose rows summaryRowsByKey reads (most often
 * from memory: the batch's metrics call has just read them).
 */
export async function addressRiskSummaries(
  db: Queryable,
  keys: readonly AddressKey[],
): Promise<{ key: AddressKey; summary: RiskSummary }[]> {
  const found = await summaryRowsByKey(db, keys);
  return found.map(({ key, row }) => {
    const indicatorRows: IndicatorRow[] = (row.risk_indicators ?? []).map(
      ([risk_type, category_id, category, level, incoming_usd, outgoing_usd, instances]) => ({
        subject_id: 0,
        risk_type,
        category_id,
        category,
        level,
        incoming_usd,
        outgoing_usd,
        instances,
      }),
    );
    return { key, summary: summariesOf([0], indicatorRows).get(0)! };
  });
}

/**
 * 000 §7 risk score info of entities: ownership at the entity's own category's level, counterparty
 * and indirect from the entity exposure rollup (transfers with the outside world only).
 */
export async function entityRiskSummaries(
  db: Queryable,
  entityIds: readonly number[],
): Promise<Map<number, RiskSummary>> {
  if (entityIds.length === 0) return new Map();
  const rows = await db.query<IndicatorRow>(
    `SELECT e.id AS subject_id, 'ownership' AS risk_type, c.id AS category_id, c.name AS category, l.level,
            NULL::float8 AS incoming_usd, NULL::float8 AS outgoing_usd, NULL::int AS instances
     FROM entities e
     JOIN category_risk_levels l ON l.category_id = e.category_id AND l.risk_type = 'ownership'
     JOIN categories c ON c.id = e.category_id
     WHERE e.id = ANY($1::int[]) AND l.level > 0
     UNION ALL
     SELECT x.entity_id, x.risk_type, c.id, c.name, l.level, x.incoming_usd, x.outgoing_usd, x.instances
     FROM entity_exposure x
     JOIN category_risk_levels l ON l.category_id = x.category_id AND l.risk_type = x.risk_type
     JOIN categories c ON c.id = x.category_id
     WHERE x.entity_id = ANY($1::int[]) AND l.level > 0`,
    [entityIds],
  );
  return summariesOf(entityIds, rows);
}
