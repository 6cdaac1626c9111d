import { z } from "zod";
import { bulkBatchSizes } from "../constants/index.ts";
import {
  type AddressMetrics,
  addressMetricsRequestSchema,
  addressMetricsSchema,
  type CustomEntityMetrics,
  customEntityMetricsRequestSchema,
  customEntityMetricsSchema,
  type EntityMetrics,
  entityMetricsRequestSchema,
  entityMetricsSchema,
  type MetricsInclude,
} from "../metrics/index.ts";
import {
  type AddressRiskInfo,
  addressRiskInfoRequestSchema,
  addressRiskInfoSchema,
  type EntityRiskScore,
  entityRiskScoreRequestSchema,
  entityRiskScoreSchema,
} from "../risk/index.ts";
import { type BulkResult, bulkInBatches } from "./bulkRequests.ts";
import type { HttpCore } from "./client.ts";
import { ApiError } from "./errors.ts";
import type { CallOptions } from "./searchApi.ts";

/**
 * One request of a 000 §7 bulk call. The answer is `{success, data}`; the server answers success
 * with 200 and reports an unsuccessful batch with an error status, which `bulkInBatches` retries
 * once and then counts as the unsuccessful batch.
 */
async function bulkRequest<S extends z.ZodType>(
  core: HttpCore,
  path: string,
  requestSchema: z.ZodType,
  body: Record<string, unknown>,
  itemSchema: S,
  signal: AbortSignal | undefined,
): Promise<z.infer<S>[]> {
  const checked = requestSchema.safeParse(body);
  if (!checked.success) {
    throw new ApiError({
      status: 400,
      code: "bad_request",
      message: `Invalid request for ${path}`,
      details: checked.error.issues,
    });
  }
  return (await core.request("POST", path, { body: checked.data, schema: z.array(itemSchema), signal })).data;
}

/**
 * 000 §7 "Metrics and observations": the metrics summaries (000 §3) of any number of addresses,
 * entities or custom entities, sent in the spec's batches (900, 20, 100). Subjects the store does not
 * know are left out of `data`, so a caller tells unknown from failed (`failures`).
 */
export function metricsApi(core: HttpCore) {
  return {
    addresses: async (
      addressChainUrns: readonly string[],
      include: MetricsInclude = {},
      options: CallOptions = {},
    ): Promise<BulkResult<AddressMetrics>> =>
      bulkInBatches(
        addressChainUrns,
        bulkBatchSizes.addresses,
        (batch) =>
          bulkRequest(
            core,
            "/trm-insights/v1/address/metrics/summary/mini/bulk",
            addressMetricsRequestSchema,
            { ...include, addressChainUrns: batch },
            addressMetricsSchema,
            options.signal,
          ),
        options.signal,
      ),
    entities: async (
      entityUrns: readonly string[],
      include: MetricsInclude = {},
      options: CallOptions = {},
    ): Promise<BulkResult<EntityMetrics>> =>
      bulkInBatches(
        entityUrns,
        bulkBatchSizes.entities,
        (batch) =>
          bulkRequest(
            core,
            "/trm-insights/v1/entity/metrics/summary/mini/bulk",
            entityMetricsRequestSchema,
            { ...include, entityUrns: batch },
            entityMetricsSchema,
            options.signal,
          ),
        options.signal,
      ),
    /** Custom entities of the current organization; another organization's are left out. */
    customEntities: async (
      customEntityUrns: readonly string[],
      include: MetricsInclude = {},
      options: CallOptions = {},
    ): Promise<BulkResult<CustomEntityMetrics>> =>
      bulkInBatches(
        customEntityUrns,
        bulkBatchSizes.customEntities,
        (batch) =>
          bulkRequest(
            core,
            "/trm-insights/v1/custom-entity/metrics/summary/bulk",
            customEntityMetricsRequestSchema,
            { ...include, customEntityUrns: batch },
            customEntityMetricsSchema,
            options.signal,
          ),
        options.signal,
      ),
  };
}

/** 000 §7 "Risk": risk summaries of any number of addresses (900 a batch) or entities (20 a batch). */
export function riskApi(core: HttpCore) {
  return {
    addresses: async (
      addressChainUrns: readonly string[],
      options: CallOptions = {},
    ): Promise<BulkResult<AddressRiskInfo>> =>
      bulkInBatches(
        addressChainUrns,
        bulkBatchSizes.addresses,
        (batch) =>
          bulkRequest(
            core,
            "/trm-insights/v4/risk/address/risk-indicators/mini-info/bulk",
            addressRiskInfoRequestSchema,
            { addressChainUrns: batch },
            addressRiskInfoSchema,
            options.signal,
          ),
        options.signal,
      ),
    entities: async (
      entityUrns: readonly string[],
      options: CallOptions = {},
    ): Promise<BulkResult<EntityRiskScore>> =>
      bulkInBatches(
        entityUrns,
        bulkBatchSizes.entities,
        (batch) =>
          bulkRequest(
            core,
            "/trm-insights/v4/risk/entity/risk-score/info/bulk",
            entityRiskScoreRequestSchema,
            { entityUrns: batch },
            entityRiskScoreSchema,
            options.signal,
          ),
        options.signal,
      ),
  };
}
