import { z } from "zod";
import { addressChainUrnSchema, customEntityUrnSchema, entityUrnSchema } from "../chains/urn.ts";
import { bulkBatchSizes } from "../constants/limits.ts";

const instant = z.iso.datetime({ offset: true });

/**
 * 000 §7: what a metrics bulk call includes. Each flag adds its fields of the 000 §3 Metrics summary:
 * asset count (totalUniqueAssets, activeUniqueAssets), volume (volumes and transfer counts), balance
 * (balanceAmountUsd, isBalanceEstimated). addressCount and the active dates always come. A flag left
 * out counts as true, so a bare request answers the whole summary.
 */
export const metricsIncludeSchema = z.object({
  includeAssetCount: z.boolean().default(true),
  includeVolumeMetrics: z.boolean().default(true),
  includeBalanceMetrics: z.boolean().default(true),
});
export type MetricsInclude = z.input<typeof metricsIncludeSchema>;

/**
 * 000 §3 Metrics summary. Fields of a part that was not included are absent. USD values are
 * rounded to cents; `isBalanceEstimated` is true when some held asset has no price (its balance is
 * then left out of balanceAmountUsd, 000 §9 "+" suffix). Issue 43: a USD figure is null when none of
 * what it sums has a price (unknown, never 0); `unpricedTransfers` counts the transfers without a
 * USD price, so a volume over partly priced transfers reads as a lower bound (usdTotalText).
 */
export const metricsSummarySchema = z.object({
  balanceAmountUsd: z.number().nullable().optional(),
  isBalanceEstimated: z.boolean().optional(),
  totalUniqueAssets: z.number().int().nonnegative().optional(),
  activeUniqueAssets: z.number().int().nonnegative().optional(),
  totalVolumeUsd: z.number().nullable().optional(),
  incomingVolumeUsd: z.number().nullable().optional(),
  outgoingVolumeUsd: z.number().nullable().optional(),
  incomingTransfers: z.number().int().nonnegative().optional(),
  outgoingTransfers: z.number().int().nonnegative().optional(),
  totalTransfers: z.number().int().nonnegative().optional(),
  unpricedTransfers: z.number().int().nonnegative().optional(),
  addressCount: z.number().int().nonnegative(),
  firstActiveDate: instant.nullable(),
  lastActiveDate: instant.nullable(),
});
export type MetricsSummary = z.infer<typeof metricsSummarySchema>;

/** Body of POST /trm-insights/v1/address/metrics/summary/mini/bulk: at most 900 URNs (000 §9). */
export const addressMetricsRequestSchema = metricsIncludeSchema.extend({
  addressChainUrns: z.array(addressChainUrnSchema).min(1).max(bulkBatchSizes.addresses),
});
export type AddressMetricsRequest = z.input<typeof addressMetricsRequestSchema>;

/** Body of POST /trm-insights/v1/entity/metrics/summary/mini/bulk: at most 20 URNs (000 §9). */
export const entityMetricsRequestSchema = metricsIncludeSchema.extend({
  entityUrns: z.array(entityUrnSchema).min(1).max(bulkBatchSizes.entities),
});
export type EntityMetricsRequest = z.input<typeof entityMetricsRequestSchema>;

/** Body of POST /trm-insights/v1/custom-entity/metrics/summary/bulk: at most 100 URNs (000 §9). */
export const customEntityMetricsRequestSchema = metricsIncludeSchema.extend({
  customEntityUrns: z.array(customEntityUrnSchema).min(1).max(bulkBatchSizes.customEntities),
});
export type CustomEntityMetricsRequest = z.input<typeof customEntityMetricsRequestSchema>;

export const addressMetricsSchema = metricsSummarySchema.extend({ addressChainUrn: addressChainUrnSchema });
export type AddressMetrics = z.infer<typeof addressMetricsSchema>;
export const entityMetricsSchema = metricsSummarySchema.extend({ entityUrn: entityUrnSchema });
export type EntityMetrics = z.infer<typeof entityMetricsSchema>;
export const customEntityMetricsSchema = metricsSummarySchema.extend({
  customEntityUrn: customEntityUrnSchema,
});
export type CustomEntityMetrics = z.infer<typeof customEntityMetricsSchema>;
