import type { MetricsSummary } from "@sleuth/sdk";
import { toIso } from "../accounts/rows.ts";

// The address_summary rollup (one row per address, rollups/rollups.ts) read by the 000 §7 address bulk
// calls: a batch is one probe of it per address instead of one per rollup table.

export interface AddressSummaryRow {
  first_active: string | null;
  last_active: string | null;
  incoming_usd: number | null;
  outgoing_usd: number | null;
  incoming_transfers: number | null;
  outgoing_transfers: number | null;
  total_unique_assets: number | null;
  active_unique_assets: number | null;
  balance_usd: number | null;
  is_balance_estimated: boolean | null;
  /** Issue 43: the transfers each way that have no USD price. */
  incoming_unpriced: number | null;
  outgoing_unpriced: number | null;
}

// The columns of the mini summary, read as JSON (rememberedAnswers.ts), so bigint counts arrive as JSON
// numbers and timestamps as ISO text.
export const addressSummaryColumns = [
  "first_active",
  "last_active",
  "incoming_usd",
  "outgoing_usd",
  "incoming_transfers",
  "outgoing_transfers",
  "total_unique_assets",
  "active_unique_assets",
  "balance_usd",
  "is_balance_estimated",
  "incoming_unpriced",
  "outgoing_unpriced",
] as const satisfies readonly (keyof AddressSummaryRow)[];

const cents = (value: number) => Math.round(value * 100) / 100;
// How PostgreSQL's JSON spells a timestamptz when the session's time zone is UTC (PGlite's, and
// the rollups' servers'): 2024-01-05T23:10:00+00:00, with a fraction only when there is one.
const utcJsonTimestamp = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00:00$/;

/**
 * The wire's ISO 8601 instant (toISOString's spelling). A batch writes two per address, and parsing
 * each into a Date to print it again took more time than the rest of the summary: text already in
 * UTC is respelled as it is (milliseconds truncated, as Date does); any other offset goes through Date.
 */
export function isoInstant(value: Date | string | null): string | null {
  if (value === null) return null;
  const utc = typeof value === "string" ? utcJsonTimestamp.exec(value) : null;
  if (utc) return `${utc[1]}.${(utc[2] ?? "").padEnd(3, "0").slice(0, 3)}Z`;
  return toIso(value instanceof Date ? value : new Date(value));
}

/**
 * The 000 §3 mini summary of one address in its four parts: what every answer holds, then the fields
 * of each 000 §7 include flag (balance, asset count, volume), in that order.
 */
export interface AddressSummaryParts {
  base: MetricsSummary;
  balance: Pick<MetricsSummary, "balanceAmountUsd" | "isBalanceEstimated">;
  assets: Pick<MetricsSummary, "totalUniqueAssets" | "activeUniqueAssets">;
  volume: Pick<
    MetricsSummary,
    | "incomingVolumeUsd"
    | "outgoingVolumeUsd"
    | "totalVolumeUsd"
    | "incomingTransfers"
    | "outgoingTransfers"
    | "totalTransfers"
    | "unpricedTransfers"
  >;
}

/** Issue 43: a volume over transfers none of which has a price is unknown (null), never $0.00. */
export function knownVolumeUsd(usd: number, transfers: number, unpriced: number): number | null {
  return transfers > 0 && unpriced >= transfers ? null : cents(usd);
}

export function addressSummaryParts(row: AddressSummaryRow): AddressSummaryParts {
  const incomingUsd = row.incoming_usd ?? 0;
  const outgoingUsd = row.outgoing_usd ?? 0;
  const incomingTransfers = row.incoming_transfers ?? 0;
  const outgoingTransfers = row.outgoing_transfers ?? 0;
  const incomingUnpriced = row.incoming_unpriced ?? 0;
  const outgoingUnpriced = row.outgoing_unpriced ?? 0;
  const known = knownVolumeUsd;
  return {
    base: {
      addressCount: 1,
      firstActiveDate: isoInstant(row.first_active),
      lastActiveDate: isoInstant(row.last_active),
    },
    balance: {
      balanceAmountUsd: row.balance_usd === null ? null : cents(row.balance_usd),
      isBalanceEstimated: row.is_balance_estimated ?? false,
    },
    assets: {
      totalUniqueAssets: row.total_unique_assets ?? 0,
      activeUniqueAssets: row.active_unique_assets ?? 0,
    },
    volume: {
      incomingVolumeUsd: known(incomingUsd, incomingTransfers, incomingUnpriced),
      outgoingVolumeUsd: known(outgoingUsd, outgoingTransfers, outgoingUnpriced),
      totalVolumeUsd: known(
        incomingUsd + outgoingUsd,
        incomingTransfers + outgoingTransfers,
        incomingUnpriced + outgoingUnpriced,
      ),
      incomingTransfers,
      outgoingTransfers,
      totalTransfers: incomingTransfers + outgoingTransfers,
      unpricedTransfers: incomingUnpriced + outgoingUnpriced,
    },
  };
}
