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

/** Sends `subjects` in batches of `batchSize` to one 000 §7 bulk call (runInBatches semantics). */
function runBulk<S extends z.ZodType>(
  core: HttpCore,
  call: { path: string; batchSize: number; requestSchema: z.ZodType; itemSchema: S },
  subjects: readonly string[],
  body: (batch: string[]) => Record<string, unknown>,
  signal: AbortSignal | undefined,
): Promise<BulkResult<z.infer<S>>> {
  return bulkInBatches(
    subjects,
    call.batchSize,
    (batch) => bulkRequest(core, call.path, call.requestSchema, body(batch), call.itemSchema, signal),
    signal,
  );
}

/**
 * 000 §7 "Metrics and observations": the metrics summaries (000 §3) of any number of addresses,
 * entities or custom entities, sent in the spec's batches (900, 20, 100). Subjects the store does not
 * know are left out of `data`, so a caller tells unknown from failed (`failures`).
 */
export function metricsApi(core: HttpCore) {
  return {
    addresses: (
      addressChainUrns: readonly string[],
      include: MetricsInclude = {},
      options: CallOptions = {},
    ): Promise<BulkResult<AddressMetrics>> =>
      runBulk(
        core,
        {
          path: "/trm-insights/v1/address/metrics/summary/mini/bulk",
          batchSize: bulkBatchSizes.addresses,
          requestSchema: addressMetricsRequestSchema,
          itemSchema: addressMetricsSchema,
        },
        addressChainUrns,
        (batch) => ({ ...include, addressChainUrns: batch }),
        options.signal,
      ),
    entities: (
      entityUrns: readonly string[],
      include: MetricsInclude = {},
      options: CallOptions = {},
    ): Promise<BulkResult<EntityMetrics>> =>
      runBulk(
        core,
        {
          path: "/trm-insights/v1/entity/metrics/summary/mini/bulk",
          batchSize: bulkBatchSizes.entities,
          requestSchema: entityMetricsRequestSchema,
          itemSchema: entityMetricsSchema,
        },
        entityUrns,
        (batch) => ({ ...include, entityUrns: batch }),
        options.signal,
      ),
    /** Custom entities of the current organization; another organization's are left out. */
    customEntities: (
      customEntityUrns: readonly string[],
      include: MetricsInclude = {},
      options: CallOptions = {},
    ): Promise<BulkResult<CustomEntityMetrics>> =>
      runBulk(
        core,
        {
          path: "/trm-insights/v1/custom-entity/metrics/summary/bulk",
          batchSize: bulkBatchSizes.customEntities,
          requestSchema: customEntityMetricsRequestSchema,
          itemSchema: customEntityMetricsSchema,
        },
        customEntityUrns,
        (batch) => ({ ...include, customEntityUrns: batch }),
        options.signal,
      ),
  };
}

/** 000 §7 "Risk": risk summaries of any number of addresses (900 a batch) or entities (20 a batch). */
export function riskApi(core: HttpCore) {
  return {
    addresses: (
      addressChainUrns: readonly string[],
      options: CallOptions = {},
    ): Promise<BulkResult<AddressRiskInfo>> =>
      runBulk(
        core,
        {
          path: "/trm-insights/v4/risk/address/risk-indicators/mini-info/bulk",
          batchSize: bulkBatchSizes.addresses,
          requestSchema: addressRiskInfoRequestSchema,
          itemSchema: addressRiskInfoSchema,
        },
        addressChainUrns,
        (batch) => ({ addressChainUrns: batch }),
        options.signal,
      ),
    entities: (
      entityUrns: readonly string[],
      options: CallOptions = {},
    ): Promise<BulkResult<EntityRiskScore>> =>
      runBulk(
        core,
        {
          path: "/trm-insights/v4/risk/entity/risk-score/info/bulk",
          batchSize: bulkBatchSizes.entities,
          requestSchema: entityRiskScoreRequestSchema,
          itemSchema: entityRiskScoreSchema,
        },
        entityUrns,
        (batch) => ({ entityUrns: batch }),
        options.signal,
      ),
  };
}
