import { createHash } from "node:crypto";
import { type SummaryRow, summaryAnswersText } from "../metrics/printedAnswers.ts";

// address_summary holds answers printed when the rollups were built (metrics/printedAnswers.ts), and
// every rollup holds figures computed by the SQL of that build. The version names that code: the SQL
// the rebuild runs and the answers it prints for a fixed set of rows covering every kind of answer.
// Changing either changes the version, and ensureRollups rebuilds a store built under another one,
// so no store keeps answering with the logic of the code that filled it (issue 28).

const day = "2024-01-05T23:10:00+00:00";

/** Rows whose printed answers stand for the printing code: plain, owned, tagged, risky, empty. */
export const versionRows: readonly SummaryRow[] = [
  {
    first_active: null,
    last_active: null,
    incoming_usd: null,
    outgoing_usd: null,
    incoming_transfers: null,
    outgoing_transfers: null,
    total_unique_assets: null,
    active_unique_assets: null,
    balance_usd: null,
    is_balance_estimated: null,
    incoming_unpriced: null,
    outgoing_unpriced: null,
    risk_indicators: null,
    owner_slug: null,
    owner_name: null,
    owner_category_id: null,
    owner_category: null,
    tags: null,
  },
  {
    first_active: day,
    last_active: "2024-03-01T08:00:00.123456+00:00",
    incoming_usd: 1234.567,
    outgoing_usd: 89.1,
    incoming_transfers: 12,
    outgoing_transfers: 3,
    total_unique_assets: 4,
    active_unique_assets: 2,
    balance_usd: 1145.467,
    is_balance_estimated: true,
    incoming_unpriced: 2,
    outgoing_unpriced: 0,
    risk_indicators: [
      ["ownership", 7, "Exchange", 2, null, null, null],
      ["counterparty", 3, "Sanctions", 9, 500.5, 0, 2],
      ["indirect", 3, "Sanctions", 6, 10.25, 1.5, 4],
      ["behavioral", 11, "Mixer", 8, null, null, 1],
    ],
    owner_slug: "binance",
    owner_name: "Binance",
    owner_category_id: 7,
    owner_category: "Exchange",
    tags: [
      ["ordinary", 7, "Exchange", "Hot wallet", 90, "binance", "Binance", null, null, null],
      ["ordinary", 3, "Sanctions", "OFAC SDN", 100, "lazarus", "Lazarus Group", null, null, null],
      ["behavioral_signature", 11, "Mixer", "Peel chain", 60, null, null, "sig-1", "Peel", "Peels change"],
    ],
  },
];

/** The version of the rollups built by `statements` (every SQL text the rebuild runs) and `print`. */
export function rollupsVersion(
  statements: readonly string[],
  print: (row: SummaryRow) => string = summaryAnswersText,
): string {
  const hash = createHash("sha256");
  // Layout is not logic: re-indenting a statement does not ask for a rebuild.
  for (const statement of statements) hash.update(statement.replace(/\s+/g, " ").trim()).update("\0");
  for (const row of versionRows) hash.update(print(row)).update("\0");
  return hash.digest("hex").slice(0, 16);
}
