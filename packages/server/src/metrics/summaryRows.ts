import type { RiskType } from "@sleuth/sdk";
import { type Queryable, StoreMemory } from "../store/index.ts";
import { type AddressSummaryRow, addressSummaryColumns } from "./addressSummary.ts";
import {
  type AddressKey,
  type AddressKeyedTable,
  addressKeyOf,
  rowsByAddressKey,
  rowValuesSql,
} from "./subjects.ts";

// The address_summary rows of a batch, remembered for a few seconds. `sleuth batch`, like any client
// of the SDK's bulk calls, asks metrics over a batch's URNs and then, moments later, risk and
// attribution over the URNs metrics knew: those two calls find every row here instead of probing the
// store twice more. The table changes only when refreshRollups rebuilds it whole, which forgets every
// row at once (forgetSummaryRows); a rebuild by another process on the same PostgreSQL database is
// seen within the rows' lifetime.

/** An address's tag as its summary row holds it (migration 0060). */
export type SummaryTag = [
  tagType: "ordinary" | "behavioral_signature",
  categoryId: number,
  category: string,
  evidence: string,
  confidence: number,
  entitySlug: string | null,
  entityName: string | null,
  signatureId: string | null,
  signatureName: string | null,
  signatureDescription: string | null,
];

/** Everything the three address bulk calls answer from an address's summary row. */
export interface SummaryRow extends AddressSummaryRow {
  /** [riskType, categoryId, category, level, incomingUsd, outgoingUsd, instances] per indicator. */
  risk_indicators: [RiskType, number, string, number, number | null, number | null, number | null][] | null;
  owner_slug: string | null;
  owner_name: string | null;
  owner_category_id: number | null;
  owner_category: string | null;
  tags: SummaryTag[] | null;
}

const summaryColumns = [
  ...addressSummaryColumns,
  "risk_indicators",
  "owner_slug",
  "owner_name",
  "owner_category_id",
  "owner_category",
  "tags",
] as const satisfies readonly (keyof SummaryRow)[];

/**
 * What address_summary.wire holds for the row aliased `alias` (migration 0080): its chain and
 * summary columns as the JSON array text a batch reads, printed once by refreshRollups.
 */
export function summaryWireSql(alias: string): string {
  return rowValuesSql(alias, summaryColumns);
}

const summaryTable: AddressKeyedTable<SummaryRow> = {
  name: "address_summary",
  columns: summaryColumns,
  valuesSql: "k.wire",
};

// Three slices of `sleuth batch` in flight hold a few thousand known URNs; a generation keeps the
// last several slices. By URN as sent: the risk and attribution calls that follow a metrics call ask
// about the very URNs its answer echoed, so they find each row without parsing its URN again. Only
// rows the store has are remembered: nobody asks risk or attribution about a URN metrics did not know.
const memory = new StoreMemory<SummaryRow>({ lifetimeMs: 5_000, generationSize: 10_000 });

/** Forgets every remembered summary row, of every store: refreshRollups calls it. */
export function forgetSummaryRows(): void {
  memory.forget();
}

/** A known URN of a request and its address's summary row on that URN's chain. */
export interface UrnRow {
  urn: string;
  row: SummaryRow;
}

export interface SummaryRowsOptions {
  /**
   * Look in memory first (the default). The metrics call does not: it opens the pattern, and in a
   * batch its URNs (every chain a pasted 0x-address fits, most unknown) are never in memory: a
   * quarter of a million lookups per 100,000 pasted addresses, each a hash of a fresh string, for
   * nothing.
   */
  recall?: boolean;
  now?: number;
}

/**
 * The summary rows of address `urns` (already checked by the request schema), in request order; URNs
 * the store lacks are left out. URNs read in the last few seconds come from memory, the others from
 * one probe per distinct address: a 0x-address pasted without a chain comes as one URN per EVM chain,
 * side by side, and its address is probed once.
 */
export async function summaryRowsOfUrns(
  db: Queryable,
  urns: readonly string[],
  options: SummaryRowsOptions = {},
): Promise<UrnRow[]> {
  const { recall = true, now = Date.now() } = options;
  const rows: (SummaryRow | undefined)[] = new Array(urns.length);
  const missing: (AddressKey & { at: number })[] = [];
  const remembered = memory.of(db);
  for (let at = 0; at < urns.length; at++) {
    const urn = urns[at]!;
    const known = recall ? remembered.recall(urn, now) : undefined;
    if (known) rows[at] = known;
    else {
      const key = addressKeyOf(urn);
      if (key) missing.push({ ...key, at });
    }
  }
  if (missing.length > 0) {
    const version = memory.version();
    const found = await rowsByAddressKey(db, summaryTable, missing);
    for (const { key, row } of found) {
      rows[key.at] = row;
      // Rows read while a rebuild was forgetting them are used once but not kept.
      remembered.remember(key.urn, row, version, now);
    }
  }
  const answer: UrnRow[] = [];
  for (let at = 0; at < urns.length; at++) {
    const row = rows[at];
    if (row) answer.push({ urn: urns[at]!, row });
  }
  return answer;
}
