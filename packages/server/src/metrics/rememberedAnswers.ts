import { changeCount, countChange } from "../store/changeCounters.ts";
import type { Queryable } from "../store/store.ts";
import { StoreMemory } from "../store/storeMemory.ts";
import { parseSummaryAnswers, type SummaryAnswers } from "./printedAnswers.ts";
import { type AddressKey, type AddressKeyedTable, addressKeyOf, rowsByAddressKey } from "./subjects.ts";

// The address_summary answers of a batch, remembered for a few seconds. `sleuth batch`, like any
// client of the SDK's bulk calls, asks metrics over a batch's URNs and then, moments later, risk and
// attribution over the URNs metrics knew: those two calls find every address here instead of probing
// the store twice more. The table changes only when the read model follows a unit of writes (an
// import, an ingest batch, a rebuild): each counts the change in its transaction (noteReadModelChange),
// and a call recalls only rows read under the store's current count (issue 46: a change committed by
// another process on the same PostgreSQL database is seen by the very next call).

const summaryTable: AddressKeyedTable<SummaryAnswers> = {
  name: "address_summary",
  valuesSql: "k.chain || chr(31) || k.answers",
  rowOf: parseSummaryAnswers,
};

// Three slices of `sleuth batch` in flight hold a few thousand known URNs; a generation keeps the
// last several slices. By URN as sent: the risk and attribution calls that follow a metrics call ask
// about the very URNs its answer echoed, so they find each row without parsing its URN again. Only
// rows the store has are remembered: nobody asks risk or attribution about a URN metrics did not know.
const memory = new StoreMemory<SummaryAnswers>({ lifetimeMs: 5_000, generationSize: 10_000 });

/** Forgets every remembered summary row of this process, of every store (tests, benchmarks). */
export function forgetSummaryRows(): void {
  memory.forget();
}

/**
 * Marks the read model changed, in the transaction that changes it: every process stops recalling
 * the summary rows it read before, once that transaction commits.
 */
export async function noteReadModelChange(tx: Queryable): Promise<void> {
  await countChange(tx, "read_model");
  memory.forget();
}

/** A known URN of a request and its address's answers on that URN's chain. */
export interface UrnAnswers {
  urn: string;
  answers: SummaryAnswers;
}

export interface SummaryRowsOptions {
  /**
   * Look in memory first (the default). The metrics call does not: it opens the pattern, and in a
   * batch its URNs (every chain a pasted 0x-address fits, most unknown) are never in memory: a
   * lookup per candidate URN, each a hash of a fresh string, for nothing.
   */
  recall?: boolean;
  now?: number;
}

/**
 * The answers of address `urns` (already checked by the request schema), in request order; URNs the
 * store lacks are left out. URNs read in the last few seconds come from memory, the others from
 * one probe per distinct address: a 0x-address pasted without a chain comes as one URN per EVM chain,
 * side by side, and its address is probed once.
 */
export async function summaryAnswersOfUrns(
  db: Queryable,
  urns: readonly string[],
  options: SummaryRowsOptions = {},
): Promise<UrnAnswers[]> {
  const { recall = true, now = Date.now() } = options;
  const rows: (SummaryAnswers | undefined)[] = new Array(urns.length);
  const missing: (AddressKey & { at: number })[] = [];
  const remembered = memory.of(db, await changeCount(db, "read_model"));
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
  const answer: UrnAnswers[] = [];
  for (let at = 0; at < urns.length; at++) {
    const answers = rows[at];
    if (answers) answer.push({ urn: urns[at]!, answers });
  }
  return answer;
}
