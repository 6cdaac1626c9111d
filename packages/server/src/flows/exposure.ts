import {
  type CategoryDailyRow,
  type ExposureRiskLabel,
  percentageOf,
  type RiskDailyRow,
  type RiskRatioDailyRow,
  riskLabelFloors,
  riskLabels,
  type TxDateRange,
} from "@sleuth/sdk";
import type { Queryable } from "../store/store.ts";
import type { FlowSubjectRows } from "./flowSubjects.ts";
import { dailyFlows, dayBounds } from "./flowSummaries.ts";

// The subject's rows of the category daily rollups, each a primary-key range: its addresses'
// (address_category_daily) and its entities' (entity_category_daily, without internal transfers).
const categoryDailySql = `SELECT d.day, d.category_id, d.incoming_usd, d.outgoing_usd, d.incoming_transfers, d.outgoing_transfers,
    d.incoming_unpriced, d.outgoing_unpriced
  FROM (
    SELECT day, category_id, incoming_usd, outgoing_usd, incoming_transfers, outgoing_transfers, incoming_unpriced,
      outgoing_unpriced
    FROM address_category_daily WHERE address_id = ANY($1::bigint[])
      AND day >= coalesce($3::date, '-infinity') AND day <= coalesce($4::date, 'infinity')
    UNION ALL
    SELECT day, category_id, incoming_usd, outgoing_usd, incoming_transfers, outgoing_transfers, incoming_unpriced,
      outgoing_unpriced
    FROM entity_category_daily WHERE entity_id = ANY($2::int[])
      AND day >= coalesce($3::date, '-infinity') AND day <= coalesce($4::date, 'infinity')
  ) d`;

function params(subject: FlowSubjectRows, range: TxDateRange | undefined): unknown[] {
  const { from, to } = dayBounds(range);
  return [subject.addressIds, subject.entityIds, from, to];
}

/** 000 §7 by-counterparty-category/daily: USD moved with each counterparty category per UTC day. */
export async function categoryDaily(
  db: Queryable,
  subject: FlowSubjectRows,
  range: TxDateRange | undefined,
): Promise<CategoryDailyRow[]> {
  const rows = await db.query<{
    day: string;
    category_id: number;
    category: string;
    in_usd: number;
    out_usd: number;
    in_n: string | number;
    out_n: string | number;
    in_unpriced: string | number;
    out_unpriced: string | number;
  }>(
    `SELECT to_char(x.day, 'YYYY-MM-DD') AS day, x.category_id, c.name AS category, sum(x.incoming_usd) AS in_usd,
       sum(x.outgoing_usd) AS out_usd, sum(x.incoming_transfers) AS in_n, sum(x.outgoing_transfers) AS out_n,
       sum(x.incoming_unpriced) AS in_unpriced, sum(x.outgoing_unpriced) AS out_unpriced
     FROM (${categoryDailySql}) x JOIN categories c ON c.id = x.category_id
     GROUP BY x.day, x.category_id, c.name ORDER BY x.day, c.name`,
    params(subject, range),
  );
  return rows.map((row) => ({
    date: row.day,
    categoryId: row.category_id,
    category: row.category,
    incomingVolumeUsd: row.in_usd,
    outgoingVolumeUsd: row.out_usd,
    incomingTransfers: Number(row.in_n),
    outgoingTransfers: Number(row.out_n),
    incomingUnpriced: Number(row.in_unpriced),
    outgoingUnpriced: Number(row.out_unpriced),
  }));
}

// The SDK's label floors as SQL, highest first, so the buckets are stated once (risk/riskScale.ts).
const labelSql = `CASE ${[...riskLabels]
  .reverse()
  .map((label) => `WHEN coalesce(l.level, 0) >= ${riskLabelFloors[label]} THEN '${label}'`)
  .join(" ")} ELSE 'None' END`;

/**
 * 000 §7 by-counterparty-risk/daily: USD moved per day with counterparties of each risk label (the
 * counterparty risk level of their category). A counterparty of several categories counts under
 * each, as in the category rollup.
 */
export async function riskDaily(
  db: Queryable,
  subject: FlowSubjectRows,
  range: TxDateRange | undefined,
): Promise<RiskDailyRow[]> {
  const rows = await db.query<{
    day: string;
    label: ExposureRiskLabel;
    in_usd: number;
    out_usd: number;
    in_unpriced: string | number;
    out_unpriced: string | number;
  }>(
    `SELECT to_char(x.day, 'YYYY-MM-DD') AS day, ${labelSql} AS label,
       sum(x.incoming_usd) AS in_usd, sum(x.outgoing_usd) AS out_usd,
       sum(x.incoming_unpriced) AS in_unpriced, sum(x.outgoing_unpriced) AS out_unpriced
     FROM (${categoryDailySql}) x
     LEFT JOIN category_risk_levels l ON l.category_id = x.category_id AND l.risk_type = 'counterparty'
     GROUP BY 1, 2 ORDER BY 1, 2`,
    params(subject, range),
  );
  return rows.map((row) => ({
    date: row.day,
    riskLabel: row.label,
    incomingVolumeUsd: row.in_usd,
    outgoingVolumeUsd: row.out_usd,
    incomingUnpriced: Number(row.in_unpriced),
    outgoingUnpriced: Number(row.out_unpriced),
  }));
}

const clampPercent = (value: number) => Math.min(100, Math.max(0, value));

/**
 * 000 §7 by-counterparty-risk/ratios/daily: each label's share of that day's volume of the subject
 * (percent points; 0 when the day's priced volume is below 000 §9's denominator threshold).
 */
export async function riskRatiosDaily(
  db: Queryable,
  subject: FlowSubjectRows,
  range: TxDateRange | undefined,
): Promise<RiskRatioDailyRow[]> {
  const [risk, flows] = [await riskDaily(db, subject, range), await dailyFlows(db, subject, range)];
  const totals = new Map(flows.map((day) => [day.date, day]));
  return risk.map((row) => {
    const day = totals.get(row.date);
    const dayIn = day?.incomingVolumeUsd ?? 0;
    const dayOut = day?.outgoingVolumeUsd ?? 0;
    return {
      date: row.date,
      riskLabel: row.riskLabel,
      incomingPercentage: clampPercent(percentageOf(row.incomingVolumeUsd, dayIn)),
      outgoingPercentage: clampPercent(percentageOf(row.outgoingVolumeUsd, dayOut)),
      totalPercentage: clampPercent(
        percentageOf(row.incomingVolumeUsd + row.outgoingVolumeUsd, dayIn + dayOut),
      ),
    };
  });
}
