import { counterpartyNameOf, type TriageReportRow } from "@sleuth/sdk";
import { attributionLabelOf, bestLabelSql } from "../search/addressLabel.ts";
import type { Queryable } from "../store/store.ts";

// Choice (docs/API.md "Triage"): a report lists at most this many counterparties, largest volume
// first; an exchange's hot wallet has more than a spreadsheet holds usefully.
export const triageReportMaxCounterparties = 10_000;

interface CounterpartyFlowRow {
  counterparty: string;
  entity_name: string | null;
  label: string | null;
  category: string | null;
  category_id: number | null;
  incoming_usd: number;
  outgoing_usd: number;
  incoming_transfers: number;
  outgoing_transfers: number;
  last_transfer_at: Date | string;
  incoming_unpriced: number;
  outgoing_unpriced: number;
}

/**
 * 002 §9 triage report rows of an address: its counterparty flows from the
 * `address_counterparty_totals` rollup (one walk of its volume index), a row per counterparty and
 * direction that moved value, largest volume first. The counterparty is named by the one rule
 * (its owner's name, else its best attribution label), else by its address; the category is the
 * owner's, else the address's riskiest tag category (an exchange, category 8, marks a lead). A
 * direction none of whose transfers has a USD price has no amount (issue 43: an empty cell, never
 * 0). Null when the store does not know the address.
 */
export async function triageReportRows(
  db: Queryable,
  subject: { chain: string; address: string },
): Promise<TriageReportRow[] | null> {
  const [known] = await db.query<{ id: string }>(
    "SELECT id FROM addresses WHERE address = $1 AND chain = $2",
    [subject.address, subject.chain],
  );
  if (!known) return null;
  const flows = await db.query<CounterpartyFlowRow>(
    `SELECT f.counterparty, e.name AS entity_name, coalesce(c.name, ac.name) AS category,
            coalesce(c.id, ac.id) AS category_id,
            CASE WHEN e.id IS NULL THEN ${bestLabelSql("f.counterparty_id")} END AS label,
            f.incoming_usd, f.outgoing_usd, f.incoming_transfers, f.outgoing_transfers, f.last_transfer_at,
            f.incoming_unpriced, f.outgoing_unpriced
       FROM (SELECT * FROM address_counterparty_totals
              WHERE address_id = $1
              ORDER BY incoming_usd + outgoing_usd DESC, counterparty_id
              LIMIT $2) f
       LEFT JOIN entities e ON e.id = f.counterparty_entity_id
       LEFT JOIN categories c ON c.id = e.category_id
       -- An address no entity owns: its riskiest tag category, as the counterparties table reads it.
       LEFT JOIN LATERAL (
         SELECT cc.id, cc.name FROM address_categories x
         JOIN categories cc ON cc.id = x.category_id
         LEFT JOIN category_risk_levels l ON l.category_id = cc.id AND l.risk_type = 'counterparty'
         WHERE x.address_id = f.counterparty_id ORDER BY coalesce(l.level, 0) DESC, cc.name LIMIT 1
       ) ac ON e.id IS NULL
      ORDER BY f.incoming_usd + f.outgoing_usd DESC, f.counterparty`,
    [known.id, triageReportMaxCounterparties],
  );
  const rows: TriageReportRow[] = [];
  for (const flow of flows) {
    // Issue 39: named by the one rule (owner entity, else best label), else by its address.
    const name = counterpartyNameOf({ entity: flow.entity_name, label: attributionLabelOf(flow.label) });
    const common = {
      date: new Date(flow.last_transfer_at).toISOString(),
      counterparty: name?.name ?? flow.counterparty,
      counterpartyAddress: flow.counterparty,
      counterpartyName: name,
      category: flow.category ?? "Unattributed",
      categoryId: flow.category_id,
    };
    if (flow.incoming_transfers > 0)
      rows.push({
        ...common,
        direction: "incoming",
        amountUsd: flow.incoming_unpriced >= flow.incoming_transfers ? null : flow.incoming_usd,
      });
    if (flow.outgoing_transfers > 0)
      rows.push({
        ...common,
        direction: "outgoing",
        amountUsd: flow.outgoing_unpriced >= flow.outgoing_transfers ? null : flow.outgoing_usd,
      });
  }
  return rows;
}
