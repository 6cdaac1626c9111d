import { z } from "zod";
import { maxCategoryRiskScoreLevel, riskLabels } from "./riskScale.ts";

export const categoryRiskScoreLevelSchema = z.int().min(0).max(maxCategoryRiskScoreLevel);

/** 001 §3 riskType. */
export const riskTypes = ["behavioral", "counterparty", "indirect", "ownership"] as const;
export const riskTypeSchema = z.enum(riskTypes);
export type RiskType = z.infer<typeof riskTypeSchema>;

/** 000 §3 / 002 §3 Risk indicator; the 002 fields are optional because 000 calls return only the first three. */
export const riskIndicatorSchema = z.object({
  riskType: riskTypeSchema,
  category: z.string(),
  categoryRiskScoreLevel: categoryRiskScoreLevelSchema,
  categoryId: z.string().optional(),
  categoryName: z.string().optional(),
  categoryRiskScoreLevelLabel: z.enum(riskLabels).optional(),
  totalVolumeUsd: z.number().optional(),
  incomingVolumeUsd: z.number().optional(),
  outgoingVolumeUsd: z.number().optional(),
  instances: z.int().min(0).optional(),
});
export type RiskIndicator = z.infer<typeof riskIndicatorSchema>;

/** 001 §3 Risk row (the risk-indicator table). Percentages are in percent points. */
export const riskRowSchema = z.object({
  categoryRiskScoreLevel: categoryRiskScoreLevelSchema,
  category: z.string(),
  riskType: riskTypeSchema,
  instances: z.int().min(0),
  maxTransactionDate: z.iso.datetime({ offset: true }).nullable(),
  totalVolumeUsd: z.number(),
  totalPercentage: z.number(),
  incomingVolumeUsd: z.number(),
  incomingPercentage: z.number(),
  outgoingVolumeUsd: z.number(),
  outgoingPercentage: z.number(),
});
export type RiskRow = z.infer<typeof riskRowSchema>;

/** 001 §2: the risk-indicator details view shows at most 15 records. */
export const detailsTableMaxRecords = 15;

export function detailsTableRows<T>(rows: readonly T[]): T[] {
  return rows.slice(0, detailsTableMaxRecords);
}
