import type { z } from "zod";
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
import { echoIssues, echoingItemsSchema } from "./bulkAnswers.ts";
import { type BulkResult, bulkInBatches } from "./bulkRequests.ts";
import type { HttpCore } from "./client.ts";
import { ApiError } from "./errors.ts";
import type { CallOptions } from "./searchApi.ts";

/** One 000 §7 bulk call: its path, batch size, request schema and the items its answer holds. */
interface BulkCall<Item extends object> {
  path: string;
  batchSize: number;
  requestSchema: z.ZodType;
  itemsSchema: z.ZodType<Item[]>;
  /** The field by which each item names the URN of the request it answers. */
  urnField: keyof Item & string;
}

function bulkCall<Item extends z.ZodObject>(call: {
  path: string;
  batchSize: number;
  requestSchema: z.ZodType;
  itemSchema: Item;
  urnField: keyof z.infer<Item> & string;
}): BulkCall<z.infer<Item>> {
  return { ...call, itemsSchema: echoingItemsSchema(call.itemSchema, call.urnField) };
}

/**
 * One request of a 000 §7 bulk call. The answer is `{success, data}`; the server answers success
 * with 200 and reports an unsuccessful batch with an error status, which `bulkInBatches` retries
 * once and then counts as the unsuccessful batch.
 */
async function bulkRequest<Item extends object>(
  core: HttpCore,
  call: BulkCall<Item>,
  urns: readonly string[],
  body: Record<string, unknown>,
  signal: AbortSignal | undefined,
): Promise<Item[]> {
  const checked = call.requestSchema.safeParse(body);
  if (!checked.success) {
    throw new ApiError({
      status: 400,
      code: "bad_request",
      message: `Invalid request for ${call.path}`,
      details: checked.error.issues,
    });
  }
  const answer = await core.request("POST", call.path, {
    body: checked.data,
    schema: call.itemsSchema,
    signal,
    verify: (items) => echoIssues(items, call.urnField, urns),
  });
  return answer.data;
}

/** Sends `subjects` in batches of `batchSize` to one 000 §7 bulk call (runInBatches semantics). */
function runBulk<Item extends object>(
  core: HttpCore,
  call: BulkCall<Item>,
  subjects: readonly string[],
  body: (batch: string[]) => Record<string, unknown>,
  signal: AbortSignal | undefined,
): Promise<BulkResult<Item>> {
  return bulkInBatches(
    subjects,
    call.batchSize,
    (batch) => bulkRequest(core, call, batch, body(batch), signal),
    signal,
  );
}

const addressMetricsCall = bulkCall({
  path: "/trm-insights/v1/address/metrics/summary/mini/bulk",
  batchSize: bulkBatchSizes.addresses,
  requestSchema: addressMetricsRequestSchema,
  itemSchema: addressMetricsSchema,
  urnField: "addressChainUrn",
});
const entityMetricsCall = bulkCall({
  path: "/trm-insights/v1/entity/metrics/summary/mini/bulk",
  batchSize: bulkBatchSizes.entities,
  requestSchema: entityMetricsRequestSchema,
  itemSchema: entityMetricsSchema,
  urnField: "entityUrn",
});
const customEntityMetricsCall = bulkCall({
  path: "/trm-insights/v1/custom-entity/metrics/summary/bulk",
  batchSize: bulkBatchSizes.customEntities,
  requestSchema: customEntityMetricsRequestSchema,
  itemSchema: customEntityMetricsSchema,
  urnField: "customEntityUrn",
});
const addressRiskCall = bulkCall({
  path: "/trm-insights/v4/risk/address/risk-indicators/mini-info/bulk",
  batchSize: bulkBatchSizes.addresses,
  requestSchema: addressRiskInfoRequestSchema,
  itemSchema: addressRiskInfoSchema,
  urnField: "addressChainUrn",
});
const entityRiskCall = bulkCall({
  path: "/trm-insights/v4/risk/entity/risk-score/info/bulk",
  batchSize: bulkBatchSizes.entities,
  requestSchema: entityRiskScoreRequestSchema,
  itemSchema: entityRiskScoreSchema,
  urnField: "entityUrn",
});

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
        addressMetricsCall,
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
        entityMetricsCall,
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
        customEntityMetricsCall,
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
        addressRiskCall,
        addressChainUrns,
        (batch) => ({ addressChainUrns: batch }),
        options.signal,
      ),
    entities: (
      entityUrns: readonly string[],
      options: CallOptions = {},
    ): Promise<BulkResult<EntityRiskScore>> =>
      runBulk(core, entityRiskCall, entityUrns, (batch) => ({ entityUrns: batch }), options.signal),
  };
}
