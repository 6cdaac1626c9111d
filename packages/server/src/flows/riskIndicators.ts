import {
  detailsTableMaxRecords,
  percentageOf,
  type RiskIndicatorDetails,
  type RiskIndicatorRow,
  type RiskType,
} from "@sleuth/sdk";
import type { Queryable } from "../store/index.ts";
import { categoryAddressRows, categoryTransferPage } from "./categories.ts";
import { type FlowSubjectRows, ownAddressesSql } from "./flowSubjects.ts";
import { flowSummaries } from "./flowSummaries.ts";

interface IndicatorSqlRow {
  risk_type: RiskType;
  category_id: number;
  category: string;
  level: number;
  instances: string | number;
  in_usd: number | null;
  out_usd: number | null;
  max_at: Date | string | null;
}

/**
 * 001 §3 risk rows of a subject, riskiest first: ownership (the categories its addresses carry, or an
 * entity's own category) and behavioral (its behavioural signatures), both over the subject's own
 * addresses and their volume; counterparty and indirect from the exposure rollups. Levels of 0
 * carry no risk and are left out (as the mini-info calls do).
 */
async function indicatorRows(db: Queryable, subject: FlowSubjectRows): Promise<IndicatorSqlRow[]> {
  return db.query<IndicatorSqlRow>(
    `WITH own AS (${ownAddressesSql}),
     tagged AS (
       SELECT 'ownership' AS risk_type, x.category_id, x.address_id FROM own JOIN address_categories x ON x.address_id = own.id
       UNION
       SELECT 'behavioral', g.category_id, g.address_id FROM own
       JOIN attribution_tags g ON g.address_id = own.id AND g.tag_type = 'behavioral_signature'
     ),
     entity_own AS (
       SELECT 'ownership' AS risk_type, e.category_id, count(a.id) AS instances
       FROM entities e LEFT JOIN addresses a ON a.entity_id = e.id
       WHERE e.id = ANY($2::int[]) GROUP BY e.category_id
     )
     SELECT y.risk_type, y.category_id, c.name AS category, l.level, y.instances, y.in_usd, y.out_usd, y.max_at
     FROM (
       SELECT tg.risk_type, tg.category_id, count(DISTINCT tg.address_id) AS instances,
         sum(m.incoming_usd) AS in_usd, sum(m.outgoing_usd) AS out_usd, max(m.last_active) AS max_at
       FROM tagged tg LEFT JOIN address_summary m ON m.address_id = tg.address_id
       WHERE NOT EXISTS (SELECT 1 FROM entity_own eo WHERE eo.category_id = tg.category_id AND tg.risk_type = 'ownership')
       GROUP BY tg.risk_type, tg.category_id
       UNION ALL
       SELECT 'ownership', eo.category_id, eo.instances, NULL, NULL, NULL FROM entity_own eo
       UNION ALL
       SELECT x.risk_type, x.category_id, sum(x.instances), sum(x.incoming_usd), sum(x.outgoing_usd), max(x.last_transfer_at)
       FROM (
         SELECT risk_type, category_id, instances, incoming_usd, outgoing_usd, last_transfer_at FROM address_exposure
         WHERE address_id = ANY($1::bigint[])
         UNION ALL
         SELECT risk_type, category_id, instances, incoming_usd, outgoing_usd, last_transfer_at FROM entity_exposure
         WHERE entity_id = ANY($2::int[])
       ) x GROUP BY x.risk_type, x.category_id
     ) y
     JOIN categories c ON c.id = y.category_id
     JOIN category_risk_levels l ON l.category_id = y.category_id AND l.risk_type = y.risk_type
     WHERE l.level > 0`,
    [subject.addressIds, subject.entityIds],
  );
}

/** The relevant addresses behind an ownership or behavioral indicator: the subject's own, by volume. */
async function ownAddressesWith(
  db: Queryable,
  subject: FlowSubjectRows,
  riskType: RiskType,
  categoryId: number,
) {
  const ids = await db.query<{ id: string | number }>(
    `SELECT own.id FROM (${ownAddressesSql}) own
     LEFT JOIN address_summary m ON m.address_id = own.id
     WHERE ${
       riskType === "ownership"
         ? "EXISTS (SELECT 1 FROM address_categories x WHERE x.address_id = own.id AND x.category_id = $3::int)"
         : "EXISTS (SELECT 1 FROM attribution_tags g WHERE g.address_id = own.id AND g.category_id = $3::int AND g.tag_type = 'behavioral_signature')"
     }
     ORDER BY (m.incoming_usd + m.outgoing_usd) DESC NULLS LAST, own.id LIMIT $4`,
    [subject.addressIds, subject.entityIds, categoryId, detailsTableMaxRecords],
  );
  return categoryAddressRows(
    db,
    ids.map((row) => Number(row.id)),
  );
}

/**
 * The relevant addresses behind an indirect indicator: the subject's direct counterparties that are
 * themselves exposed to the category, most exposed first.
 */
async function exposedCounterparties(db: Queryable, subject: FlowSubjectRows, categoryId: number) {
  const ids = await db.query<{ id: string | number }>(
    `SELECT x.address_id AS id
     FROM (SELECT DISTINCT ac.counterparty_id FROM (${ownAddressesSql}) own
           JOIN address_counterparties ac ON ac.address_id = own.id) cp
     JOIN address_exposure x ON x.address_id = cp.counterparty_id AND x.category_id = $3::int
     GROUP BY x.address_id
     ORDER BY sum(x.incoming_usd + x.outgoing_usd) DESC, x.address_id LIMIT $4`,
    [subject.addressIds, subject.entityIds, categoryId, detailsTableMaxRecords],
  );
  return categoryAddressRows(
    db,
    ids.map((row) => Number(row.id)),
  );
}

async function detailsOf(
  db: Queryable,
  subject: FlowSubjectRows,
  row: IndicatorSqlRow,
): Promise<RiskIndicatorDetails> {
  if (row.risk_type === "counterparty") {
    const page = await categoryTransferPage(
      db,
      subject,
      row.category_id,
      {},
      { limit: detailsTableMaxRecords, offset: 0 },
    );
    return { kind: "transfers", rows: page.rows };
  }
  if (row.risk_type === "indirect")
    return { kind: "addresses", rows: await exposedCounterparties(db, subject, row.category_id) };
  return { kind: "addresses", rows: await ownAddressesWith(db, subject, row.risk_type, row.category_id) };
}

/**
 * 001 §7 POST /risk/{valueType}/indicators: 001 §3 risk rows, highest level first, then volume; each
 * with its details table (001 §2, at most 15 rows). Percentages are of the subject's own volume; an
 * entity's ownership row covers all of it.
 */
export async function riskIndicators(db: Queryable, subject: FlowSubjectRows): Promise<RiskIndicatorRow[]> {
  const [rows, [summary]] = await Promise.all([
    indicatorRows(db, subject),
    flowSummaries(db, [subject], undefined),
  ]);
  const totalIn = summary?.incomingVolumeUsd ?? 0;
  const totalOut = summary?.outgoingVolumeUsd ?? 0;
  const volumeOf = (row: IndicatorSqlRow) => (row.in_usd ?? 0) + (row.out_usd ?? 0);
  rows.sort(
    (a, b) =>
      b.level - a.level ||
      volumeOf(b) - volumeOf(a) ||
      a.risk_type.localeCompare(b.risk_type) ||
      a.category.localeCompare(b.category),
  );
  const answer: RiskIndicatorRow[] = [];
  for (const row of rows) {
    const entityWide = row.risk_type === "ownership" && row.in_usd === null && subject.entityIds.length > 0;
    const incoming = entityWide ? totalIn : (row.in_usd ?? 0);
    const outgoing = entityWide ? totalOut : (row.out_usd ?? 0);
    answer.push({
      categoryRiskScoreLevel: row.level,
      category: row.category,
      categoryId: row.category_id,
      riskType: row.risk_type,
      instances: Number(row.instances),
      maxTransactionDate: row.max_at === null ? null : new Date(row.max_at).toISOString(),
      totalVolumeUsd: incoming + outgoing,
      totalPercentage: percentageOf(incoming + outgoing, totalIn + totalOut),
      incomingVolumeUsd: incoming,
      incomingPercentage: percentageOf(incoming, totalIn),
      outgoingVolumeUsd: outgoing,
      outgoingPercentage: percentageOf(outgoing, totalOut),
      details: await detailsOf(db, subject, row),
    });
  }
  return answer;
}
