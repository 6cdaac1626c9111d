import { z } from "zod";
import { addressChainUrnSchema, entityUrnSchema } from "../chains/urn.ts";
import { bulkBatchSizes } from "../constants/limits.ts";
import { riskLabels, riskScoreLevels } from "./riskScale.ts";
import { categoryRiskScoreLevelSchema, riskIndicatorSchema } from "./schemas.ts";

/**
 * Body of POST /trm-insights/v4/risk/address/risk-indicators/mini-info/bulk (000 §7). Choice: the
 * batch size is the address metrics one (900), so `sleuth batch` sends both calls per batch.
 */
export const addressRiskInfoRequestSchema = z.object({
  addressChainUrns: z.array(addressChainUrnSchema).min(1).max(bulkBatchSizes.addresses),
});
export type AddressRiskInfoRequest = z.infer<typeof addressRiskInfoRequestSchema>;

/** Body of POST /trm-insights/v4/risk/entity/risk-score/info/bulk (000 §7); batches of 20 like metrics. */
export const entityRiskScoreRequestSchema = z.object({
  entityUrns: z.array(entityUrnSchema).min(1).max(bulkBatchSizes.entities),
});
export type EntityRiskScoreRequest = z.infer<typeof entityRiskScoreRequestSchema>;

/**
 * The risk summary both bulk calls answer per subject: the highest categoryRiskScoreLevel over its
 * risk indicators (null without any), its label and 000 §9 risk score level, and the indicators
 * (000 §3 riskType, category, categoryRiskScoreLevel, with the 002 §3 label and volumes), highest
 * level first. Indicators at level 0 (exchanges, unknown) are left out: they carry no risk.
 */
const riskInfoFields = {
  riskScore: categoryRiskScoreLevelSchema.nullable(),
  riskScoreLabel: z.enum(riskLabels).nullable(),
  // One literal of every level: a union of one literal each made every answer item try them in turn.
  riskScoreLevel: z.literal(riskScoreLevels),
  riskIndicators: z.array(riskIndicatorSchema),
};

/** The risk summary fields alone, for calls that answer one subject (000 §7 custom-entity risk). */
export const riskInfoFieldsSchema = z.object(riskInfoFields);

export const addressRiskInfoSchema = z.object({ addressChainUrn: addressChainUrnSchema, ...riskInfoFields });
export type AddressRiskInfo = z.infer<typeof addressRiskInfoSchema>;

export const entityRiskScoreSchema = z.object({ entityUrn: entityUrnSchema, ...riskInfoFields });
export type EntityRiskScore = z.infer<typeof entityRiskScoreSchema>;
