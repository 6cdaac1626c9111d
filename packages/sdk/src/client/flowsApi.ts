import { z } from "zod";
import { bulkBatchSizes } from "../constants/limits.ts";
import {
  type CategoryTransfersRequest,
  categoryFilterValuesRequestSchema,
  categoryFilterValuesSchema,
  categoryTransfersRequestSchema,
  ownershipAddressesRequestSchema,
  ownershipCategoriesRequestSchema,
  ownershipCategorySchema,
} from "../flows/categories.ts";
import {
  type ByCounterpartyRequest,
  byCounterpartyRequestSchema,
  type ChainAssetsCounterpartyKind,
  type ChainAssetsRequest,
  type CounterpartyFlowsSummaryRequest,
  type CounterpartyKind,
  type CounterpartyTransfersRequest,
  chainAssetInfoSchema,
  chainAssetsRequestSchema,
  counterpartyFlowsSummaryRequestSchema,
  counterpartyPageHasMore,
  counterpartyRowSchema,
  counterpartyTransferRowsSchema,
  counterpartyTransfersRequestSchema,
} from "../flows/counterparties.ts";
import {
  categoryDailyRowSchema,
  dailyExposureRequestSchema,
  riskDailyRowSchema,
  riskRatioDailyRowSchema,
} from "../flows/exposure.ts";
import {
  type FlowSubject,
  type FlowValueType,
  forValueType,
  type TxDateRange,
} from "../flows/flowSubject.ts";
import {
  assetMetricsSchema,
  bulkSubjectFieldOf,
  byAssetSummaryRequestSchema,
  type FlowSummaryFilters,
  flowSummaryBulkRequestSchema,
  flowSummaryItemSchema,
  flowSummaryRequestSchema,
  flowSummarySchema,
} from "../flows/flowSummary.ts";
import {
  type AssetHoldingsRequest,
  type AssetHoldingsVersion,
  addressHoldingsSchema,
  assetHoldingsRequestSchema,
  statisticsMaxUrns,
  subjectStatisticsSchema,
} from "../flows/holdings.ts";
import {
  type InetObservationsRequest,
  inetObservationsRequestSchema,
  ipAssociationSchema,
} from "../flows/observations.ts";
import { riskIndicatorRowSchema, riskIndicatorsRequestSchema } from "../flows/riskIndicators.ts";
import { scamReportSchema } from "../scamReport/scamReport.ts";
import { categoryAddressRowSchema, categoryTransferRowSchema } from "../transfers/schemas.ts";
import { type BulkResult, bulkInBatches } from "./bulkRequests.ts";
import { ApiError } from "./errors.ts";
import type { HttpCore } from "./httpCore.ts";
import type { CallOptions } from "./searchApi.ts";

/** The analytics path prefix of 000 §7 ({insights}). */
const insights = "/trm-insights";

function checked<S extends z.ZodType>(schema: S, request: unknown, what: string): z.infer<S> {
  const parsed = schema.safeParse(request);
  if (!parsed.success) {
    throw new ApiError({
      status: 400,
      code: "bad_request",
      message: `Invalid ${what}`,
      details: parsed.error.issues,
    });
  }
  return parsed.data;
}

/** meta.nextCursor / previousCursor of a cursor-paged answer; null when absent. */
const cursorMetaSchema = z.object({
  nextCursor: z.string().nullable().optional(),
  previousCursor: z.string().nullable().optional(),
});
function cursorsOf(meta: Record<string, unknown> | undefined): {
  nextCursor: string | null;
  previousCursor: string | null;
} {
  const parsed = cursorMetaSchema.safeParse(meta ?? {});
  return {
    nextCursor: parsed.success ? (parsed.data.nextCursor ?? null) : null,
    previousCursor: parsed.success ? (parsed.data.previousCursor ?? null) : null,
  };
}

const countMetaSchema = z.object({ count: z.int().min(0) });

// Built once: zod compiles an object schema on its first parse.
const counterpartyRows = z.array(counterpartyRowSchema);
const chainAssetRows = z.array(chainAssetInfoSchema);
const categoryTransferRows = z.array(categoryTransferRowSchema);
const categoryAddressRows = z.array(categoryAddressRowSchema);
const ownershipCategoryRows = z.array(ownershipCategorySchema);
const categoryDailyRows = z.array(categoryDailyRowSchema);
const riskDailyRows = z.array(riskDailyRowSchema);
const riskRatioRows = z.array(riskRatioDailyRowSchema);
const riskIndicatorRows = z.array(riskIndicatorRowSchema);
const assetMetricsRows = z.array(assetMetricsSchema);
const flowSummaryItems = z.array(flowSummaryItemSchema);
const holdingsRows = z.array(addressHoldingsSchema);
const ipRows = z.array(ipAssociationSchema);
const scamReportRows = z.array(scamReportSchema);
const statisticsRows = z.array(subjectStatisticsSchema);

/**
 * Follow the money (000 §7 "Flows", "Address data", "Risk", "Metrics and observations"; 001 §7
 * "Flows and transfers", "Other"): a subject's counterparties, flows, exposure over time, risk
 * indicators with their details, holdings, IPs and scam reports. Each request is checked with the
 * schema the server applies, for the path's value type, before it is sent.
 */
export function flowsApi(core: HttpCore) {
  async function post<S extends z.ZodType>(path: string, body: unknown, schema: S, options: CallOptions) {
    return core.request("POST", path, { body, schema, signal: options.signal });
  }

  /** One call about a subject: its request checked for the path's value type, its `data` answered. */
  function subjectCall<Request extends z.ZodType<FlowSubject>, Answer extends z.ZodType>(
    requestSchema: Request,
    path: (valueType: FlowValueType) => string,
    answer: Answer,
    what: string,
  ) {
    return async (
      valueType: FlowValueType,
      request: z.input<Request>,
      options: CallOptions = {},
    ): Promise<z.infer<Answer>> => {
      const body = checked(forValueType(requestSchema, valueType), request, what);
      return (await post(path(valueType), body, answer, options)).data;
    };
  }

  return {
    /**
     * POST /v2/counterparty-flows/{valueType}/summary: one page (30 by default) of counterparties,
     * largest volume first; `hasMore` when the page is full (002 §7).
     */
    counterpartySummary: async (
      valueType: FlowValueType,
      request: CounterpartyFlowsSummaryRequest,
      options: CallOptions = {},
    ) => {
      const body = checked(
        forValueType(counterpartyFlowsSummaryRequestSchema, valueType),
        request,
        "counterparty flows request",
      );
      const answer = await post(
        `/v2/counterparty-flows/${valueType}/summary`,
        body,
        counterpartyRows,
        options,
      );
      return { rows: answer.data, hasMore: counterpartyPageHasMore(answer.data, body.limit) };
    },
    /** POST …/{v4..v7}/flows/{type}/by-counterparty-{kind}/transfers: counterparties of one kind, paged. */
    byCounterparty: async (
      valueType: FlowValueType,
      kind: CounterpartyKind,
      request: ByCounterpartyRequest,
      options: CallOptions = {},
    ) => {
      const body = checked(
        forValueType(byCounterpartyRequestSchema, valueType),
        request,
        "counterparty request",
      );
      const answer = await post(
        `${insights}/${core.apiVersion("counterpartyFlows")}/flows/${valueType}/by-counterparty-${kind}/transfers`,
        body,
        counterpartyRows,
        options,
      );
      return { rows: answer.data, ...cursorsOf(answer.meta) };
    },
    /** POST …/v5/flows/{type}/to-{kind}/transfers: 001 §3 transfer rows with one counterparty. */
    counterpartyTransfers: async (
      valueType: FlowValueType,
      kind: CounterpartyKind,
      request: CounterpartyTransfersRequest,
      options: CallOptions = {},
    ) => {
      const body = checked(
        forValueType(counterpartyTransfersRequestSchema, valueType),
        request,
        "counterparty transfers request",
      );
      const answer = await post(
        `${insights}/${core.apiVersion("counterpartyFlows")}/flows/${valueType}/to-${kind}/transfers`,
        body,
        counterpartyTransferRowsSchema,
        options,
      );
      return { rows: answer.data, ...cursorsOf(answer.meta) };
    },
    /** POST …/to-{kind}/transfers/count. */
    counterpartyTransferCount: async (
      valueType: FlowValueType,
      kind: CounterpartyKind,
      request: CounterpartyTransfersRequest,
      options: CallOptions = {},
    ): Promise<number> => {
      const body = checked(
        forValueType(counterpartyTransfersRequestSchema, valueType),
        request,
        "counterparty transfers request",
      );
      const { after: _after, pageSize: _pageSize, ...filters } = body;
      const answer = await post(
        `${insights}/${core.apiVersion("counterpartyFlows")}/flows/${valueType}/to-${kind}/transfers/count`,
        filters,
        countMetaSchema,
        options,
      );
      return answer.data.count;
    },
    /** POST …/v5/chain-assets/{type}/by-counterparty-{kind}/info. */
    chainAssets: async (
      valueType: FlowValueType,
      kind: ChainAssetsCounterpartyKind,
      request: ChainAssetsRequest,
      options: CallOptions = {},
    ) => {
      const body = checked(
        forValueType(chainAssetsRequestSchema, valueType),
        request,
        "chain assets request",
      );
      return (
        await post(
          `${insights}/${core.apiVersion("counterpartyFlows")}/chain-assets/${valueType}/by-counterparty-${kind}/info`,
          body,
          chainAssetRows,
          options,
        )
      ).data;
    },
    /** POST …/v5/flows/{valueType}/summary: 002 §3 flow summary with its per-asset rows. */
    summary: subjectCall(
      flowSummaryRequestSchema,
      (valueType) => `${insights}/${core.apiVersion("flowSummary")}/flows/${valueType}/summary`,
      flowSummarySchema,
      "flow summary request",
    ),
    /** POST …/v5/flows/{valueType}/summary/bulk, in batches of 000 §9's bulk sizes. */
    summaryBulk: async (
      valueType: FlowValueType,
      urns: readonly string[],
      request: { txDate?: TxDateRange; filters?: FlowSummaryFilters } = {},
      options: CallOptions = {},
    ): Promise<BulkResult<z.infer<typeof flowSummaryItemSchema>>> => {
      const field = bulkSubjectFieldOf[valueType];
      const size = {
        address: bulkBatchSizes.addresses,
        entity: bulkBatchSizes.entities,
        "custom-entity": bulkBatchSizes.customEntities,
      }[valueType];
      return bulkInBatches(
        urns,
        size,
        async (batch) => {
          const body = checked(
            flowSummaryBulkRequestSchema,
            { [field]: batch, ...request },
            "flow summary bulk request",
          );
          return (
            await post(
              `${insights}/${core.apiVersion("flowSummary")}/flows/${valueType}/summary/bulk`,
              body,
              flowSummaryItems,
              options,
            )
          ).data;
        },
        options.signal,
      );
    },
    /** 001 §7 …/v6/flows/{valueType}/by-counterparty-category/transfers. */
    categoryTransfers: async (
      valueType: FlowValueType,
      request: CategoryTransfersRequest,
      options: CallOptions = {},
    ) => {
      const body = checked(
        forValueType(categoryTransfersRequestSchema, valueType),
        request,
        "category transfers request",
      );
      const answer = await post(
        `${insights}/${core.apiVersion("categoryFlows")}/flows/${valueType}/by-counterparty-category/transfers`,
        body,
        categoryTransferRows,
        options,
      );
      return { rows: answer.data, ...cursorsOf(answer.meta) };
    },
    /** 001 §7 …/v6/flows/{valueType}/by-counterparty-category/filter-values. */
    categoryFilterValues: subjectCall(
      categoryFilterValuesRequestSchema,
      (valueType) =>
        `${insights}/${core.apiVersion("categoryFlows")}/flows/${valueType}/by-counterparty-category/filter-values`,
      categoryFilterValuesSchema,
      "category filter values request",
    ),
    /** 001 §7 …/v5/flows/{valueType}/by-ownership-category/addresses (25 a page). */
    ownershipAddresses: subjectCall(
      ownershipAddressesRequestSchema,
      (valueType) =>
        `${insights}/${core.apiVersion("ownershipFlows")}/flows/${valueType}/by-ownership-category/addresses`,
      categoryAddressRows,
      "ownership addresses request",
    ),
    /** Ours: …/v5/flows/{valueType}/by-ownership-category/summary, the categories to choose from. */
    ownershipCategories: subjectCall(
      ownershipCategoriesRequestSchema,
      (valueType) =>
        `${insights}/${core.apiVersion("ownershipFlows")}/flows/${valueType}/by-ownership-category/summary`,
      ownershipCategoryRows,
      "ownership categories request",
    ),
    /** 000 §7 …/v5/flows/{type}/by-counterparty-category/daily. */
    categoryDaily: subjectCall(
      dailyExposureRequestSchema,
      (valueType) => `${insights}/v5/flows/${valueType}/by-counterparty-category/daily`,
      categoryDailyRows,
      "daily exposure request",
    ),
    /** 000 §7 …/v5/flows/{type}/by-counterparty-risk/daily. */
    riskDaily: subjectCall(
      dailyExposureRequestSchema,
      (valueType) => `${insights}/v5/flows/${valueType}/by-counterparty-risk/daily`,
      riskDailyRows,
      "daily exposure request",
    ),
    /** 000 §7 …/v5/flows/{type}/by-counterparty-risk/ratios/daily. */
    riskRatiosDaily: subjectCall(
      dailyExposureRequestSchema,
      (valueType) => `${insights}/v5/flows/${valueType}/by-counterparty-risk/ratios/daily`,
      riskRatioRows,
      "daily exposure request",
    ),
    /** 001 §7 POST /risk/{valueType}/indicators: 001 §3 risk rows, each with its details table. */
    riskIndicators: subjectCall(
      riskIndicatorsRequestSchema,
      (valueType) => `/risk/${valueType}/indicators`,
      riskIndicatorRows,
      "risk indicators request",
    ),
    /** 000 §7 …/v5/metrics/{type}/by-asset/summary: one page (1000 by default). */
    byAssetSummary: subjectCall(
      byAssetSummaryRequestSchema,
      (valueType) => `${insights}/v5/metrics/${valueType}/by-asset/summary`,
      assetMetricsRows,
      "by-asset summary request",
    ),
  };
}

/** Holdings and statistics (000 §7 "Address data", 002 §3 asset holding and entity stats). */
export function holdingsApi(core: HttpCore) {
  return {
    /** POST …/v2/address/asset_holdings (up to 1000 per address) or v4 (up to 30). */
    assetHoldings: async (
      version: AssetHoldingsVersion,
      request: AssetHoldingsRequest,
      options: CallOptions = {},
    ) => {
      const body = checked(assetHoldingsRequestSchema(version), request, "asset holdings request");
      return (
        await core.request("POST", `${insights}/${version}/address/asset_holdings`, {
          body,
          schema: holdingsRows,
          signal: options.signal,
        })
      ).data;
    },
    /** GET …/v5/statistics/{type}/summary?urn=: 002 §3 entity stats. */
    statistics: async (valueType: FlowValueType, urn: string, options: CallOptions = {}) =>
      (
        await core.request(
          "GET",
          `${insights}/${core.apiVersion("statistics")}/statistics/${valueType}/summary`,
          {
            query: { urn },
            schema: subjectStatisticsSchema,
            signal: options.signal,
          },
        )
      ).data,
    /** GET …/v5/statistics/{type}/summary/bulk?urns=…, at most 100 a request. */
    statisticsBulk: async (valueType: FlowValueType, urns: readonly string[], options: CallOptions = {}) =>
      bulkInBatches(
        urns,
        statisticsMaxUrns,
        async (batch) =>
          (
            await core.request(
              "GET",
              `${insights}/${core.apiVersion("statistics")}/statistics/${valueType}/summary/bulk`,
              {
                query: { urns: batch },
                schema: statisticsRows,
                signal: options.signal,
              },
            )
          ).data,
        options.signal,
      ),
  };
}

/** IP observations (000 §7) and scam reports (001 §7 "Other"). */
export function observationsApi(core: HttpCore) {
  return {
    /** GET /v1/inet/observations/summary/address: one page (10 by default, 000 §9) and the total. */
    inetObservations: async (request: InetObservationsRequest, options: CallOptions = {}) => {
      const query = checked(inetObservationsRequestSchema, request, "IP observations request");
      const answer = await core.request("GET", "/v1/inet/observations/summary/address", {
        query,
        schema: ipRows,
        signal: options.signal,
      });
      const meta = countMetaSchema.safeParse(answer.meta);
      return { rows: answer.data, count: meta.success ? meta.data.count : answer.data.length };
    },
    /** GET /chainabuse/reports-by-urn?urn=: the reports naming an address (or an entity's addresses). */
    scamReports: async (urn: string, options: CallOptions = {}) =>
      (
        await core.request("GET", "/chainabuse/reports-by-urn", {
          query: { urn },
          schema: scamReportRows,
          signal: options.signal,
        })
      ).data,
  };
}
