import { z } from "zod";
import {
  matchesNumberFilter,
  numberFilterSchema,
  rangeOnlyNumberFilterSchema,
} from "../filters/numberFilter.ts";
import { usdText, usdTotalText } from "../format/usdAmount.ts";
import { detailsTableMaxRecords, riskRowSchema } from "../risk/schemas.ts";
import { categoryAddressRowSchema, categoryTransferRowSchema } from "../transfers/schemas.ts";
import { flowSubjectShape } from "./flowSubject.ts";

/**
 * 000 §5 header filters of the risk rows table (ours, additive to 001 §7's payload): the level and
 * the instances by any operator, the total volume by at least or at most only (an unknown volume,
 * none of its transfers priced, never matches).
 */
export const riskRowFiltersSchema = z
  .object({
    categoryRiskScoreLevel: numberFilterSchema.optional(),
    instances: numberFilterSchema.optional(),
    totalVolumeUsd: rangeOnlyNumberFilterSchema.optional(),
  })
  .strict();
export type RiskRowFilters = z.infer<typeof riskRowFiltersSchema>;

/** 001 §7 POST /risk/{valueType}/indicators, with the table's header filters. */
export const riskIndicatorsRequestSchema = z
  .object({ ...flowSubjectShape, filters: riskRowFiltersSchema.optional() })
  .strict();
export type RiskIndicatorsRequest = z.input<typeof riskIndicatorsRequestSchema>;

/**
 * 001 §2 the risk-indicator sidebar's table: the related transfers of a counterparty indicator, or the
 * relevant addresses of an ownership, behavioral or indirect one; at most 15 records (001 §9).
 */
export const riskIndicatorDetailsSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("transfers"),
    rows: z.array(categoryTransferRowSchema).max(detailsTableMaxRecords),
  }),
  z.object({
    kind: z.literal("addresses"),
    rows: z.array(categoryAddressRowSchema).max(detailsTableMaxRecords),
  }),
]);
export type RiskIndicatorDetails = z.infer<typeof riskIndicatorDetailsSchema>;

/**
 * 001 §3 Risk row, its category's id (for the category tables) and its details table. Issue 43 (ours,
 * additive): `totalTransfers` counts the transfers its volumes sum and `unpricedTransfers` those of
 * them without a USD price: the volumes count priced value only, so with unpriced transfers they are
 * lower bounds, and with nothing but unpriced ones they are unknown (riskVolumeText reads them).
 */
export const riskIndicatorRowSchema = riskRowSchema.extend({
  categoryId: z.int(),
  details: riskIndicatorDetailsSchema,
  totalTransfers: z.int().min(0).optional(),
  unpricedTransfers: z.int().min(0).optional(),
});
export type RiskIndicatorRow = z.infer<typeof riskIndicatorRowSchema>;

/**
 * Issue 43: a risk row's volume as it reads. The total is plain money when every transfer it sums
 * has a price, "at least $X; N of M transfers have no USD price" when some have none, and unknown
 * when none has one (usdTotalText). A side (received, sent) is counted with the total only: with
 * unpriced transfers it reads "at least $X", and "no price" when nothing was priced.
 */
export function riskVolumeText(row: RiskIndicatorRow, side: "total" | "incoming" | "outgoing"): string {
  const transfers = row.totalTransfers ?? 0;
  const unpriced = row.unpricedTransfers ?? 0;
  if (side === "total") return usdTotalText({ usd: row.totalVolumeUsd, transfers, unpriced });
  const usd = side === "incoming" ? row.incomingVolumeUsd : row.outgoingVolumeUsd;
  if (unpriced <= 0) return usdText(usd);
  if (unpriced >= transfers) return usdText(null);
  return `at least ${usdText(usd)}`;
}

/**
 * Issue 43: whether a risk row's volumes are unknown: it sums transfers and none of them has a USD
 * price, so its $0 is no amount at all (the table reads "unknown", a file leaves the cells empty).
 */
export function riskVolumeUnknown(
  row: Pick<RiskIndicatorRow, "totalTransfers" | "unpricedTransfers">,
): boolean {
  const transfers = row.totalTransfers ?? 0;
  return transfers > 0 && (row.unpricedTransfers ?? 0) >= transfers;
}

/** Whether a risk row passes the table's header filters (the server applies it; 000 §5). */
export function riskRowMatches(
  row: Omit<RiskIndicatorRow, "details">,
  filters: RiskRowFilters | undefined,
): boolean {
  if (!filters) return true;
  const { categoryRiskScoreLevel, instances, totalVolumeUsd } = filters;
  if (categoryRiskScoreLevel && !matchesNumberFilter(row.categoryRiskScoreLevel, categoryRiskScoreLevel))
    return false;
  if (instances && !matchesNumberFilter(row.instances, instances)) return false;
  if (totalVolumeUsd && (riskVolumeUnknown(row) || !matchesNumberFilter(row.totalVolumeUsd, totalVolumeUsd)))
    return false;
  return true;
}
