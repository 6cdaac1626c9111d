import type { TriageReportRow } from "@sleuth/sdk";
import type { Queryable } from "../store/store.ts";

// Choice (docs/API.md "Triage"): a report lists at most this many counterparties, largest volume
// first; an exchange's hot wallet has more than a spreadsheet holds usefully.
export const triageReportMaxCounterparties = 10_000;

interface CounterpartyFlowRow {
  counterparty: string;
  entity_name: string | null;
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
 * direction that moved value, largest volume first. The counterparty is its owner's
 * name when attributed, else its address; the category is the owner's (an exchange, category 8,
 * marks a lead). A direction none of whose transfers has a USD price has no amount (issue 43: an
 * empty cell, never 0). Null when the store does not know the address.
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
    `SELECT f.counterparty, e.name AS entity_name, c.name AS category, c.id AS category_id,
            f.incoming_usd, f.outgoing_usd, f.incoming_transfers, f.outgoing_transfers, f.last_transfer_at,
            f.incoming_unpriced, f.outgoing_unpriced
       FROM (SELECT * FROM address_counterparty_totals
              WHERE address_id = $1
              ORDER BY incoming_usd + outgoing_usd DESC, counterparty_id
              LIMIT $2) f
       LEFT JOIN entities e ON e.id = f.counterparty_entity_id
       LEFT JOIN categories c ON c.id = e.category_id
      ORDER BY f.incoming_usd + f.outgoing_usd DESC, f.counterparty`,
    [known.id, triageReportMaxCounterparties],
  );
  const rows: TriageReportRow[] = [];
  for (const flow of flows) {
    const common = {
      date: new Date(flow.last_transfer_at).toISOString(),
      counterparty: flow.entity_name ?? flow.counterparty,
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
