import { z } from "zod";
import { detailsTableMaxRecords, riskRowSchema } from "../risk/schemas.ts";
import { categoryAddressRowSchema, categoryTransferRowSchema } from "../transfers/schemas.ts";
import { flowSubjectShape } from "./flowSubject.ts";

/** 001 §7 POST /risk/{valueType}/indicators. */
export const riskIndicatorsRequestSchema = z.object({ ...flowSubjectShape }).strict();
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

/** 001 §3 Risk row, its category's id (for the category tables) and its details table. */
export const riskIndicatorRowSchema = riskRowSchema.extend({
  categoryId: z.int(),
  details: riskIndicatorDetailsSchema,
});
export type RiskIndicatorRow = z.infer<typeof riskIndicatorRowSchema>;
