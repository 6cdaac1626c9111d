import {
  detailsTableMaxRecords,
  percentageOf,
  type RiskIndicatorDetails,
  type RiskIndicatorRow,
  type RiskRowFilters,
  type RiskType,
  riskRowMatches,
} from "@sleuth/sdk";
import type { Queryable } from "../store/store.ts";
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
  /** The transfers the volumes sum, and those of them without a USD price (issue 43); null: none summed. */
  transfers: string | number | null;
  unpriced: string | number | null;
}

/**
 * 001 §3 risk rows of a subject, riskiest first: ownership (the categories its addresses carry, or an
 * entity's own category) and behavioral (its behavioural signatures), both over the subject's own
 * addresses and their volume; counterparty and indirect from the exposure rollups. Levels of 0
 * carry no risk and are left out (as the mini-info calls do). Each row counts the transfers its
 * volumes sum and those of them without a USD price (issue 43), so a partly priced volume reads as
 * a lower bound and a wholly unpriced one as unknown.
 */
async function indicatorRows(db: Queryable, subject: FlowSubjectRows): Promise<IndicatorSqlRow[]> {
  return db.query<IndicatorSqlRow>(
    // Each own address's tags are read by key (OFFSET 0 keeps the lookups per address): an exchange
    // owns thousands of addresses, and a planner guess at their join scans every tag in the store.
    `WITH own AS MATERIALIZED (${ownAddressesSql}),
     tagged AS (
       SELECT 'ownership' AS risk_type, x.category_id, own.id AS address_id FROM own
       CROSS JOIN LATERAL (SELECT category_id FROM address_categories WHERE address_id = own.id OFFSET 0) x
       UNION
       SELECT 'behavioral', g.category_id, own.id FROM own
       CROSS JOIN LATERAL (
         SELECT category_id FROM attribution_tags WHERE address_id = own.id AND tag_type = 'behavioral_signature' OFFSET 0
       ) g
     ),
     entity_own AS (
       SELECT 'ownership' AS risk_type, e.category_id, count(a.id) AS instances
       FROM entities e LEFT JOIN addresses a ON a.entity_id = e.id
       WHERE e.id = ANY($2::int[]) GROUP BY e.category_id
     )
     SELECT y.risk_type, y.category_id, c.name AS category, l.level, y.instances, y.in_usd, y.out_usd, y.max_at,
       y.transfers, y.unpriced
     FROM (
       SELECT tg.risk_type, tg.category_id, count(DISTINCT tg.address_id) AS instances,
         sum(m.incoming_usd) AS in_usd, sum(m.outgoing_usd) AS out_usd, max(m.last_active) AS max_at,
         sum(m.incoming_transfers + m.outgoing_transfers) AS transfers,
         sum(m.incoming_unpriced + m.outgoing_unpriced) AS unpriced
       FROM (
         SELECT * FROM tagged t
         WHERE NOT EXISTS (SELECT 1 FROM entity_own eo WHERE eo.category_id = t.category_id AND t.risk_type = 'ownership')
         OFFSET 0
       ) tg
       LEFT JOIN LATERAL (
         SELECT incoming_usd, outgoing_usd, last_active, incoming_transfers, outgoing_transfers, incoming_unpriced,
           outgoing_unpriced
         FROM address_summary WHERE address_id = tg.address_id OFFSET 0
       ) m ON true
       GROUP BY tg.risk_type, tg.category_id
       UNION ALL
       SELECT 'ownership', eo.category_id, eo.instances, NULL, NULL, NULL, NULL, NULL FROM entity_own eo
       UNION ALL
       SELECT x.risk_type, x.category_id, sum(x.instances), sum(x.incoming_usd), sum(x.outgoing_usd), max(x.last_transfer_at),
         sum(x.instances), sum(x.unpriced)
       FROM (
         SELECT risk_type, category_id, instances, incoming_usd, outgoing_usd, last_transfer_at, unpriced
         FROM address_exposure WHERE address_id = ANY($1::bigint[])
         UNION ALL
         SELECT risk_type, category_id, instances, incoming_usd, outgoing_usd, last_transfer_at, unpriced
         FROM entity_exposure WHERE entity_id = ANY($2::int[])
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
 * The relevant addresses behind each indirect indicator: the subject's direct counterparties that are
 * themselves exposed to the category, most exposed first, for every category at once. The
 * counterparties are read by key per own address (an exchange owns thousands: a planner guess at
 * their join would scan the whole rollup), then matched to the exposure rows once for all categories.
 */
async function exposedCounterparties(
  db: Queryable,
  subject: FlowSubjectRows,
  categoryIds: readonly number[],
): Promise<Map<number, number[]>> {
  const byCategory = new Map<number, number[]>(categoryIds.map((id) => [id, []]));
  if (categoryIds.length === 0) return byCategory;
  const rows = await db.query<{ category_id: number; id: string | number }>(
    `WITH own AS MATERIALIZED (${ownAddressesSql}),
     cp AS MATERIALIZED (
       SELECT DISTINCT c.counterparty_id AS id FROM own
       CROSS JOIN LATERAL (
         SELECT t.counterparty_id FROM address_counterparty_totals t WHERE t.address_id = own.id OFFSET 0
       ) c
     ),
     exposed AS (
       SELECT x.category_id, x.address_id, sum(x.incoming_usd + x.outgoing_usd) AS usd
       FROM cp JOIN address_exposure x ON x.address_id = cp.id AND x.category_id = ANY($3::int[])
       GROUP BY x.category_id, x.address_id
     )
     SELECT category_id, address_id AS id FROM (
       SELECT category_id, address_id, usd,
         row_number() OVER (PARTITION BY category_id ORDER BY usd DESC, address_id) AS rank
       FROM exposed
     ) r WHERE rank <= $4
     ORDER BY category_id, rank`,
    [subject.addressIds, subject.entityIds, categoryIds, detailsTableMaxRecords],
  );
  for (const row of rows) byCategory.get(row.category_id)?.push(Number(row.id));
  return byCategory;
}

async function detailsOf(
  db: Queryable,
  subject: FlowSubjectRows,
  row: IndicatorSqlRow,
  exposed: ReadonlyMap<number, number[]>,
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
    return { kind: "addresses", rows: await categoryAddressRows(db, exposed.get(row.category_id) ?? []) };
  return { kind: "addresses", rows: await ownAddressesWith(db, subject, row.risk_type, row.category_id) };
}

type RiskRowOf = Omit<RiskIndicatorRow, "details">;

/**
 * 001 §3 risk rows of a subject, highest level first, then volume, under the table's 000 §5 header
 * filters, each beside the store's row it came from (what its details are read by). Percentages are
 * of the subject's own volume; an entity's ownership row covers all of it.
 */
async function riskRowsOf(
  db: Queryable,
  subject: FlowSubjectRows,
  filters?: RiskRowFilters,
): Promise<{ row: RiskRowOf; source: IndicatorSqlRow }[]> {
  const [rows, [summary]] = await Promise.all([
    indicatorRows(db, subject),
    flowSummaries(db, [subject], undefined),
  ]);
  const totalIn = summary?.incomingVolumeUsd ?? 0;
  const totalOut = summary?.outgoingVolumeUsd ?? 0;
  const totalTransfers = summary?.totalTransfers ?? 0;
  const totalUnpriced = summary?.unpricedTransfers ?? 0;
  const volumeOf = (row: IndicatorSqlRow) => (row.in_usd ?? 0) + (row.out_usd ?? 0);
  rows.sort(
    (a, b) =>
      b.level - a.level ||
      volumeOf(b) - volumeOf(a) ||
      a.risk_type.localeCompare(b.risk_type) ||
      a.category.localeCompare(b.category),
  );
  const answer: { row: RiskRowOf; source: IndicatorSqlRow }[] = [];
  for (const row of rows) {
    const entityWide = row.risk_type === "ownership" && row.in_usd === null && subject.entityIds.length > 0;
    const incoming = entityWide ? totalIn : (row.in_usd ?? 0);
    const outgoing = entityWide ? totalOut : (row.out_usd ?? 0);
    const riskRow: RiskRowOf = {
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
      totalTransfers: entityWide ? totalTransfers : Number(row.transfers ?? 0),
      unpricedTransfers: entityWide ? totalUnpriced : Number(row.unpriced ?? 0),
    };
    if (riskRowMatches(riskRow, filters)) answer.push({ row: riskRow, source: row });
  }
  return answer;
}

/** The risk pane's rows without their details: what its CSV file holds. */
export async function riskRows(
  db: Queryable,
  subject: FlowSubjectRows,
  filters?: RiskRowFilters,
): Promise<RiskRowOf[]> {
  return (await riskRowsOf(db, subject, filters)).map(({ row }) => row);
}

/**
 * 001 §7 POST /risk/{valueType}/indicators: 001 §3 risk rows, riskiest first, each with its details
 * table (001 §2, at most 15 rows). The details of a row the header filters leave out are not read.
 */
export async function riskIndicators(
  db: Queryable,
  subject: FlowSubjectRows,
  filters?: RiskRowFilters,
): Promise<RiskIndicatorRow[]> {
  const rows = await riskRowsOf(db, subject, filters);
  const exposed = await exposedCounterparties(
    db,
    subject,
    rows.filter(({ source }) => source.risk_type === "indirect").map(({ source }) => source.category_id),
  );
  const answer: RiskIndicatorRow[] = [];
  for (const { row, source } of rows)
    answer.push({ ...row, details: await detailsOf(db, subject, source, exposed) });
  return answer;
}
