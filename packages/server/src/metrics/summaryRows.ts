import type { RiskType } from "@sleuth/sdk";
import { type Queryable, StoreMemory } from "../store/index.ts";
import { type AddressSummaryRow, addressSummaryColumns } from "./addressSummary.ts";
import { type AddressKey, type KeyedRow, rowsByAddress } from "./subjects.ts";

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

// Three batches in flight hold about a thousand addresses; a generation keeps the last few dozen
// batches. By address: its rows by chain, empty when the store has none (an unknown address is
// remembered too).
const memory = new StoreMemory<ReadonlyMap<string, SummaryRow>>({
  lifetimeMs: 5_000,
  generationSize: 10_000,
});

const noRows: ReadonlyMap<string, SummaryRow> = new Map();

/** Forgets every remembered summary row, of every store: refreshRollups calls it. */
export function forgetSummaryRows(): void {
  memory.forget();
}

/**
 * The summary rows of `keys`, in key order; keys the store lacks are left out. Addresses read in the
 * last few seconds come from memory, the others from one probe per distinct address.
 */
export async function summaryRowsByKey(
  db: Queryable,
  keys: readonly AddressKey[],
  now = Date.now(),
): Promise<KeyedRow<SummaryRow>[]> {
  // Each key's address's rows by chain. A 0x-address pasted without a chain comes as one key per EVM
  // chain, side by side: the previous key's answer is reused rather than looked up again.
  const rowsOfKey: (ReadonlyMap<string, SummaryRow> | null)[] = new Array(keys.length);
  const missing = new Map<string, number>();
  for (let index = 0; index < keys.length; index++) {
    const { address } = keys[index]!;
    if (index > 0 && keys[index - 1]!.address === address) {
      rowsOfKey[index] = rowsOfKey[index - 1] ?? null;
      continue;
    }
    const remembered = memory.recall(db, address, now);
    if (remembered) rowsOfKey[index] = remembered;
    else {
      rowsOfKey[index] = null;
      if (!missing.has(address)) missing.set(address, missing.size);
    }
  }
  let read: ReadonlyMap<string, SummaryRow>[] = [];
  if (missing.size > 0) {
    const version = memory.version();
    const addresses = [...missing.keys()];
    const found = await rowsByAddress<SummaryRow>(db, "address_summary", summaryColumns, addresses);
    read = addresses.map((address, at) => {
      const rows = found[at] ?? noRows;
      // Rows read while a rebuild was forgetting them are used once but not kept.
      memory.remember(db, address, rows, version, now);
      return rows;
    });
  }
  const answer: KeyedRow<SummaryRow>[] = [];
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index]!;
    const rows = rowsOfKey[index] ?? read[missing.get(key.address)!]!;
    const row = rows.get(key.chain);
    if (row) answer.push({ key, row });
  }
  return answer;
}
