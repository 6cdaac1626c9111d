import { z } from "zod";
import { chainIdSchema } from "../chains/chainRegistry.ts";
import {
  addressChainUrnSchema,
  assetUrnSchema,
  customEntityUrnSchema,
  entityUrnSchema,
} from "../chains/urn.ts";
import { bulkBatchSizes, byAssetSummaryMaxPages, pageSizes } from "../constants/limits.ts";
import { decimalAmountSchema } from "../transfers/schemas.ts";
import { flowSubjectShape, offsetPageShape, txDateRangeSchema } from "./flowSubject.ts";

/**
 * 002 §3 Flow summary of one asset: its native volumes (always known) and USD volumes (null when the
 * store has no price for that asset on a day it moved: unknown, never 0).
 */
export const assetFlowSummarySchema = z.object({
  assetUrn: assetUrnSchema,
  asset: z.string(),
  chain: chainIdSchema,
  incomingVolumeRaw: decimalAmountSchema,
  outgoingVolumeRaw: decimalAmountSchema,
  incomingVolumeUsd: z.number().nullable(),
  outgoingVolumeUsd: z.number().nullable(),
  incomingTransfers: z.int().min(0),
  outgoingTransfers: z.int().min(0),
});
export type AssetFlowSummary = z.infer<typeof assetFlowSummarySchema>;

/** Incoming and outgoing USD volume and transfers of one UTC day (YYYY-MM-DD). */
export const dailyFlowSchema = z.object({
  date: z.iso.date(),
  incomingVolumeUsd: z.number().nullable(),
  outgoingVolumeUsd: z.number().nullable(),
  incomingTransfers: z.int().min(0),
  outgoingTransfers: z.int().min(0),
});
export type DailyFlow = z.infer<typeof dailyFlowSchema>;

/**
 * 002 §3 Flow summary. A USD total adds up the priced assets; `isUsdPartial` says that some value
 * moved without a price, so the total is a floor; it is null when nothing moved had a price.
 */
export const flowSummarySchema = z.object({
  incomingVolumeUsd: z.number().nullable(),
  outgoingVolumeUsd: z.number().nullable(),
  totalVolumeUsd: z.number().nullable(),
  isUsdPartial: z.boolean(),
  incomingTransfers: z.int().min(0),
  outgoingTransfers: z.int().min(0),
  totalTransfers: z.int().min(0),
  /** Issue 43 (ours, additive): of totalTransfers, those without a USD price (the volumes are floors). */
  unpricedTransfers: z.int().min(0).optional(),
  assets: z.array(assetFlowSummarySchema),
  /** Only with `includeDaily`: every day with a transfer, oldest first. */
  daily: z.array(dailyFlowSchema).optional(),
});
export type FlowSummary = z.infer<typeof flowSummarySchema>;

/** 000 §7 POST /{insights}/v4..v7/flows/{valueType}/summary. */
/**
 * 000 §7 names `filters` in the flow summary payloads without its fields; ours narrow the summary to
 * some chains' or assets' flows (the totals are then those of the assets kept).
 */
export const flowSummaryFiltersSchema = z
  .object({
    chain: chainIdSchema.optional(),
    assetUrns: z.array(assetUrnSchema).min(1).max(100).optional(),
  })
  .strict();
export type FlowSummaryFilters = z.infer<typeof flowSummaryFiltersSchema>;

export const flowSummaryRequestSchema = z
  .object({
    ...flowSubjectShape,
    filters: flowSummaryFiltersSchema.optional(),
    txDate: txDateRangeSchema.optional(),
    includeDaily: z.boolean().default(false),
  })
  .strict();
export type FlowSummaryRequest = z.input<typeof flowSummaryRequestSchema>;

/** 000 §7 …/summary/bulk: several subjects of one value type, at the bulk batch sizes of 000 §9. */
export const flowSummaryBulkRequestSchema = z
  .object({
    addressChainUrns: z.array(addressChainUrnSchema).min(1).max(bulkBatchSizes.addresses).optional(),
    entityUrns: z.array(entityUrnSchema).min(1).max(bulkBatchSizes.entities).optional(),
    customEntityUrns: z.array(customEntityUrnSchema).min(1).max(bulkBatchSizes.customEntities).optional(),
    filters: flowSummaryFiltersSchema.optional(),
    txDate: txDateRangeSchema.optional(),
  })
  .strict();
export type FlowSummaryBulkRequest = z.input<typeof flowSummaryBulkRequestSchema>;

/** The URN list field of a bulk request per value type. */
export const bulkSubjectFieldOf = {
  address: "addressChainUrns",
  entity: "entityUrns",
  "custom-entity": "customEntityUrns",
} as const;

/** One bulk answer item: the summary, named by the URN as it was sent. */
export const flowSummaryItemSchema = flowSummarySchema.omit({ daily: true }).extend({ urn: z.string() });
export type FlowSummaryItem = z.infer<typeof flowSummaryItemSchema>;

/** 000 §7 v5/metrics/{type}/by-asset/summary: pages of 1000, at most 5 (000 §9). */
export const byAssetSummaryRequestSchema = z
  .object({ ...flowSubjectShape, ...offsetPageShape(pageSizes.byAssetSummary, pageSizes.byAssetSummary) })
  .strict()
  .refine((body) => body.offset < pageSizes.byAssetSummary * byAssetSummaryMaxPages, {
    message: `At most ${byAssetSummaryMaxPages} pages of ${pageSizes.byAssetSummary}`,
    path: ["offset"],
  });
export type ByAssetSummaryRequest = z.input<typeof byAssetSummaryRequestSchema>;

/** Per-asset metrics: the asset's flows and what the subject holds of it now. */
export const assetMetricsSchema = assetFlowSummarySchema.extend({
  balanceAmountRaw: decimalAmountSchema,
  balanceAmountUsd: z.number().nullable(),
});
export type AssetMetrics = z.infer<typeof assetMetricsSchema>;
