import { type RiskIndicator, type RiskType, type SubjectRisk, subjectRiskOf } from "@sleuth/sdk";
import type { Queryable } from "../store/store.ts";
import type { SummaryRow } from "./printedAnswers.ts";

// What ranks an indicator and what it shows; the volumes only rank.
interface IndicatorRow {
  subject_id: string | number;
  risk_type: RiskType;
  category: string;
  level: number;
  incoming_usd: number | null;
  outgoing_usd: number | null;
}

/** The 000 §3 risk indicator (riskType, category, categoryRiskScoreLevel): what the mini-info calls carry. */
function indicatorOf(row: IndicatorRow): RiskIndicator {
  return { riskType: row.risk_type, category: row.category, categoryRiskScoreLevel: row.level };
}

const volumeOf = (row: IndicatorRow) => (row.incoming_usd ?? 0) + (row.outgoing_usd ?? 0);

/** Highest level first; among equals the larger volume, then by risk type and category. */
function byRisk(a: IndicatorRow, b: IndicatorRow): number {
  return (
    b.level - a.level ||
    volumeOf(b) - volumeOf(a) ||
    a.risk_type.localeCompare(b.risk_type) ||
    a.category.localeCompare(b.category)
  );
}

export interface RiskSummary extends SubjectRisk {
  riskIndicators: RiskIndicator[];
}

// Issue 39: the one server module that reads a subject's risk; the SDK's subjectRiskOf derives it
// (docs/RULES.md "A subject's risk"), so every screen that shows it reads the same answer.
function summaryOf(rows: IndicatorRow[]): RiskSummary {
  rows.sort(byRisk);
  const riskIndicators = rows.map(indicatorOf);
  return { ...subjectRiskOf(riskIndicators), riskIndicators };
}

function summariesOf(ids: readonly number[], rows: readonly IndicatorRow[]): Map<number, RiskSummary> {
  const rowsById = new Map<number, IndicatorRow[]>(ids.map((id) => [id, []]));
  for (const row of rows) rowsById.get(Number(row.subject_id))?.push(row);
  const summaries = new Map<number, RiskSummary>();
  for (const [id, list] of rowsById) summaries.set(id, summaryOf(list));
  return summaries;
}

/**
 * 000 §7 risk-indicators mini-info of an address: ownership (the categories the address carries, from
 * its owner and its ordinary tags), behavioral (its behavioural signatures), counterparty and
 * indirect (the exposure rollup), each at its category's level for that risk type
 * (category_risk_levels, docs/DATA.md). Levels of 0 carry no risk and are left out. refreshRollups
 * folds the indicators into the address's summary row and prints this answer there once
 * (printedAnswers.ts).
 */
export function addressRiskSummaryOf(indicators: SummaryRow["risk_indicators"]): RiskSummary {
  return summaryOf(
    (indicators ?? []).map(([risk_type, , category, level, incoming_usd, outgoing_usd]) => ({
      subject_id: 0,
      risk_type,
      category,
      level,
      incoming_usd,
      outgoing_usd,
    })),
  );
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
    `SELECT e.id AS subject_id, 'ownership' AS risk_type, c.name AS category, l.level,
            NULL::float8 AS incoming_usd, NULL::float8 AS outgoing_usd
     FROM entities e
     JOIN category_risk_levels l ON l.category_id = e.category_id AND l.risk_type = 'ownership'
     JOIN categories c ON c.id = e.category_id
     WHERE e.id = ANY($1::int[]) AND l.level > 0
     UNION ALL
     SELECT x.entity_id, x.risk_type, c.name, l.level, x.incoming_usd, x.outgoing_usd
     FROM entity_exposure x
     JOIN category_risk_levels l ON l.category_id = x.category_id AND l.risk_type = x.risk_type
     JOIN categories c ON c.id = x.category_id
     WHERE x.entity_id = ANY($1::int[]) AND l.level > 0`,
    [entityIds],
  );
  return summariesOf(entityIds, rows);
}
