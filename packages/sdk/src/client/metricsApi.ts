import type { z } from "zod";
import { bulkBatchSizes } from "../constants/limits.ts";
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
} from "../metrics/metricsSummary.ts";
import {
  type AddressRiskInfo,
  addressRiskInfoRequestSchema,
  addressRiskInfoSchema,
  type EntityRiskScore,
  entityRiskScoreRequestSchema,
  entityRiskScoreSchema,
} from "../risk/riskInfo.ts";
import {
  type BulkCallOptions,
  echoIssues,
  echoingItemsSchema,
  itemsSchemaOf,
  type Selected,
} from "./bulkAnswers.ts";
import { type BulkResult, bulkInBatches } from "./bulkRequests.ts";
import { ApiError } from "./errors.ts";
import type { HttpCore } from "./httpCore.ts";

/** One 000 §7 bulk call: its path, batch size, request schema and the items its answer holds. */
interface BulkCall<Item extends object, UrnField extends keyof Item & string = keyof Item & string> {
  path: string;
  batchSize: number;
  requestSchema: z.ZodType;
  itemsSchema: z.ZodType<Item[]>;
  /** The field by which each item names the URN of the request it answers. */
  urnField: UrnField;
}

function bulkCall<Item extends z.ZodObject, UrnField extends keyof z.infer<Item> & string>(call: {
  path: string;
  batchSize: number;
  requestSchema: z.ZodType;
  itemSchema: Item;
  urnField: UrnField;
}): BulkCall<z.infer<Item>, UrnField> {
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
  options: BulkCallOptions<z.ZodObject | undefined>,
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
    schema: itemsSchemaOf(call.itemsSchema, call.urnField, options.select) as z.ZodType<Item[]>,
    signal: options.signal,
    verify: (items) => echoIssues(items, call.urnField, urns),
  });
  return answer.data;
}

/**
 * Sends `subjects` in batches of `batchSize` to one 000 §7 bulk call (runInBatches semantics); the
 * items are whole, or the part `options.select` picks.
 */
function runBulk<
  Item extends object,
  UrnField extends keyof Item & string,
  Select extends z.ZodObject | undefined,
>(
  core: HttpCore,
  call: BulkCall<Item, UrnField>,
  subjects: readonly string[],
  body: (batch: string[]) => Record<string, unknown>,
  options: BulkCallOptions<Select>,
): Promise<BulkResult<Selected<Item, UrnField, Select>>> {
  return bulkInBatches(
    subjects,
    call.batchSize,
    (batch) =>
      bulkRequest(core, call, batch, body(batch), options) as Promise<Selected<Item, UrnField, Select>[]>,
    options.signal,
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
    addresses: <Select extends z.ZodObject | undefined = undefined>(
      addressChainUrns: readonly string[],
      include: MetricsInclude = {},
      options: BulkCallOptions<Select> = {},
    ): Promise<BulkResult<Selected<AddressMetrics, "addressChainUrn", Select>>> =>
      runBulk(
        core,
        addressMetricsCall,
        addressChainUrns,
        (batch) => ({ ...include, addressChainUrns: batch }),
        options,
      ),
    entities: <Select extends z.ZodObject | undefined = undefined>(
      entityUrns: readonly string[],
      include: MetricsInclude = {},
      options: BulkCallOptions<Select> = {},
    ): Promise<BulkResult<Selected<EntityMetrics, "entityUrn", Select>>> =>
      runBulk(core, entityMetricsCall, entityUrns, (batch) => ({ ...include, entityUrns: batch }), options),
    /** Custom entities of the current organization; another organization's are left out. */
    customEntities: <Select extends z.ZodObject | undefined = undefined>(
      customEntityUrns: readonly string[],
      include: MetricsInclude = {},
      options: BulkCallOptions<Select> = {},
    ): Promise<BulkResult<Selected<CustomEntityMetrics, "customEntityUrn", Select>>> =>
      runBulk(
        core,
        customEntityMetricsCall,
        customEntityUrns,
        (batch) => ({ ...include, customEntityUrns: batch }),
        options,
      ),
  };
}

/** 000 §7 "Risk": risk summaries of any number of addresses (900 a batch) or entities (20 a batch). */
export function riskApi(core: HttpCore) {
  return {
    addresses: <Select extends z.ZodObject | undefined = undefined>(
      addressChainUrns: readonly string[],
      options: BulkCallOptions<Select> = {},
    ): Promise<BulkResult<Selected<AddressRiskInfo, "addressChainUrn", Select>>> =>
      runBulk(core, addressRiskCall, addressChainUrns, (batch) => ({ addressChainUrns: batch }), options),
    entities: <Select extends z.ZodObject | undefined = undefined>(
      entityUrns: readonly string[],
      options: BulkCallOptions<Select> = {},
    ): Promise<BulkResult<Selected<EntityRiskScore, "entityUrn", Select>>> =>
      runBulk(core, entityRiskCall, entityUrns, (batch) => ({ entityUrns: batch }), options),
  };
}
