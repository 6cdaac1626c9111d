import { z } from "zod";
import { riskLabels } from "../risk/riskScale.ts";
import { flowSubjectShape, txDateRangeSchema } from "./flowSubject.ts";

/** 000 §7 v5/flows/{type}/by-counterparty-category/daily and by-counterparty-risk/(ratios/)daily. */
export const dailyExposureRequestSchema = z
  .object({ ...flowSubjectShape, txDate: txDateRangeSchema.optional() })
  .strict();
export type DailyExposureRequest = z.input<typeof dailyExposureRequestSchema>;

/** USD moved with counterparties of one category on one UTC day (YYYY-MM-DD, 002 §9). */
export const categoryDailyRowSchema = z.object({
  date: z.iso.date(),
  categoryId: z.int(),
  category: z.string(),
  incomingVolumeUsd: z.number(),
  outgoingVolumeUsd: z.number(),
  incomingTransfers: z.int().min(0),
  outgoingTransfers: z.int().min(0),
  /** Issue 43: of the transfers, those without a USD price (the volumes are at least that much). */
  incomingUnpriced: z.int().min(0).optional(),
  outgoingUnpriced: z.int().min(0).optional(),
});
export type CategoryDailyRow = z.infer<typeof categoryDailyRowSchema>;

/** The 002 §3 labels, and "None" for counterparties whose category carries no counterparty risk. */
export const exposureRiskLabels = [...riskLabels, "None"] as const;
export const exposureRiskLabelSchema = z.enum(exposureRiskLabels);
export type ExposureRiskLabel = z.infer<typeof exposureRiskLabelSchema>;

/** USD moved with counterparties of one risk label on one day. */
export const riskDailyRowSchema = z.object({
  date: z.iso.date(),
  riskLabel: exposureRiskLabelSchema,
  incomingVolumeUsd: z.number(),
  outgoingVolumeUsd: z.number(),
  /** Issue 43: transfers without a USD price that day with that label (the volumes are floors). */
  incomingUnpriced: z.int().min(0).optional(),
  outgoingUnpriced: z.int().min(0).optional(),
});
export type RiskDailyRow = z.infer<typeof riskDailyRowSchema>;

/** That day's share (percent points) of the subject's attributed volume moved with each risk label. */
export const riskRatioDailyRowSchema = z.object({
  date: z.iso.date(),
  riskLabel: exposureRiskLabelSchema,
  incomingPercentage: z.number().min(0).max(100),
  outgoingPercentage: z.number().min(0).max(100),
  totalPercentage: z.number().min(0).max(100),
});
export type RiskRatioDailyRow = z.infer<typeof riskRatioDailyRowSchema>;
