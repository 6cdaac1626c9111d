import { z } from "zod";
import { activityEntrySchema } from "../accounts/activity.ts";
import { attributionLookupMaxUrns } from "../attribution/attributionLimits.ts";
import {
  attributionAddressRequest,
  attributionEntityRequestSchema,
} from "../attribution/attributionLookup.ts";
import {
  type AddressAttribution,
  addressAttributionSchema,
  type EntityAttribution,
  entityAttributionSchema,
} from "../attribution/attributionTag.ts";
import {
  type AttributionType,
  type AutocompleteHit,
  type AutocompleteMeta,
  type AutocompleteRequest,
  autocompleteHitSchema,
  autocompleteMetaSchema,
  autocompleteRequestSchema,
} from "../search/autocomplete.ts";
import {
  noSearchConfigurationNotice,
  type SearchConfigurationAnswer,
  searchConfigurationSchema,
} from "../search/searchConfiguration.ts";
import { statusReportRequest } from "../search/searchInput.ts";
import { searchResultLimit } from "../search/searchSections.ts";
import { statusReportSchema } from "../search/statusReport.ts";
import {
  type TransactionLookupRequest,
  type TransactionRow,
  transactionLookupMaxHashes,
  transactionLookupRequestSchema,
  transactionRowSchema,
} from "../search/transactionLookup.ts";
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

export interface CallOptions {
  signal?: AbortSignal;
}

export interface AutocompleteAnswer<T extends AttributionType> {
  hits: AutocompleteHit<T>[];
  meta: AutocompleteMeta;
}

type TransactionFlags = Omit<TransactionLookupRequest, "tx_hashes">;

// Built once: zod compiles a schema on its first parse, and the batch sends many lookups.
const transactionRows = z.array(transactionRowSchema);

function invalidRequest(message: string, details?: unknown): ApiError {
  return new ApiError({ status: 400, code: "bad_request", message, details });
}

/**
 * Global search (000 §4, 001 §7 "Other", 002 §7): autocomplete per attribution type, the transaction
 * lookup, the request-information status report and the search_query activity entry. Requests are
 * checked with the same schemas the server applies, so a bad one fails before it is sent.
 */
export function searchApi(core: HttpCore) {
  async function transactions(request: TransactionLookupRequest, options: CallOptions = {}) {
    const body = transactionLookupRequestSchema.safeParse(request);
    if (!body.success) throw invalidRequest("Invalid transaction lookup", body.error.issues);
    return (
      await core.request("POST", "/trm-insights/v4/transaction", {
        body: body.data,
        schema: transactionRows,
        signal: options.signal,
      })
    ).data;
  }

  return {
    /**
     * One autocomplete section. `limit` defaults to 002 §9's result limit for the query (larger when
     * it holds `%`). Hits come best first: exact identifier, prefix, substring, similar name.
     */
    autocomplete: async <T extends AttributionType>(
      request: AutocompleteRequest & { attributionType: T },
      options: CallOptions = {},
    ): Promise<AutocompleteAnswer<T>> => {
      const parsed = autocompleteRequestSchema.safeParse(request);
      if (!parsed.success) throw invalidRequest("Invalid search query", parsed.error.issues);
      const query = { ...parsed.data, limit: parsed.data.limit ?? searchResultLimit(parsed.data.query) };
      const schema = z.array(autocompleteHitSchema(request.attributionType));
      const answer = await core.request("GET", "/v3/attribution/autocomplete", {
        query,
        schema,
        signal: options.signal,
      });
      const meta = autocompleteMetaSchema.safeParse(answer.meta);
      return {
        hits: answer.data,
        meta: meta.success
          ? meta.data
          : { limit: query.limit, offset: query.offset ?? 0, hasMore: answer.data.length >= query.limit },
      };
    },
    /**
     * GET /v1/search/configuration: the chains recognition leaves out (000 §5), to pass on as
     * `excludedChains` to recognizeIdentifier or readSearchInput. A server without the call (404)
     * excludes none, with a notice; any other failure is the caller's to report, so it is thrown.
     */
    configuration: async (options: CallOptions = {}): Promise<SearchConfigurationAnswer> => {
      try {
        const answer = await core.request("GET", "/v1/search/configuration", {
          schema: searchConfigurationSchema,
          signal: options.signal,
        });
        return { ...answer.data, notice: null };
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
        return { excludedChains: [], notice: noSearchConfigurationNotice };
      }
    },
    /** POST /trm-insights/v4/transaction for at most 100 hashes or transaction URNs (001 §7). */
    transactions,
    /** The same lookup for any number of hashes, 100 per request, a failed request retried once. */
    transactionsInBatches: async (
      hashes: readonly string[],
      flags: TransactionFlags = {},
      options: CallOptions = {},
    ): Promise<BulkResult<TransactionRow>> =>
      bulkInBatches(
        hashes,
        transactionLookupMaxHashes,
        (batch) => transactions({ ...flags, tx_hashes: batch }, options),
        options.signal,
      ),
    /**
     * 000 §4 request information: POST /user-report/status-report. Details are optional and dropped
     * when blank; the full query is sent (only the displayed text is cut to 20 characters).
     */
    statusReport: async (query: string, details?: string, options: CallOptions = {}) =>
      (
        await core.request("POST", "/user-report/status-report", {
          body: statusReportRequest(query, details),
          schema: statusReportSchema,
          idempotencyKey: true,
          signal: options.signal,
        })
      ).data,
    /**
     * 000 §4: a search query records an activity log entry (POST /user-activity, action
     * search_query). `details` may add what the caller knows (module, result counts).
     */
    logQuery: async (query: string, details: Record<string, unknown> = {}) =>
      (
        await core.request("POST", "/user-activity", {
          body: { action: "search_query", details: { ...details, query: query.trim() } },
          schema: activityEntrySchema,
          idempotencyKey: true,
        })
      ).data,
  };
}

// Each item echoes a URN of its request, checked against the request (see echoingItemsSchema).
const addressAttributionItems = echoingItemsSchema(addressAttributionSchema, "addressChainUrn");
const entityAttributionItems = echoingItemsSchema(entityAttributionSchema, "entityUrn");

/** 002 §7 attribution lookups: POST /v2/attribution/address and /v2/attribution/entity. */
export function attributionApi(core: HttpCore) {
  return {
    /**
     * Attribution of addresses, in batches of 900. 002 §5: every URN must be a valid address URN,
     * otherwise the lookup fails with 'Invalid attribution addresses' and nothing is sent. Addresses
     * the store does not know are left out of the answer.
     */
    addresses: async <Select extends z.ZodObject | undefined = undefined>(
      addressChainUrns: readonly string[],
      options: BulkCallOptions<Select> = {},
    ): Promise<BulkResult<Selected<AddressAttribution, "addressChainUrn", Select>>> => {
      const schema = itemsSchemaOf(addressAttributionItems, "addressChainUrn", options.select) as z.ZodType<
        Selected<AddressAttribution, "addressChainUrn", Select>[]
      >;
      const checked = attributionAddressRequest(addressChainUrns);
      if (!checked.ok) throw invalidRequest(checked.error);
      return bulkInBatches(
        checked.request.addressChainUrns,
        attributionLookupMaxUrns.addresses,
        async (batch) =>
          (
            await core.request("POST", "/v2/attribution/address", {
              body: { addressChainUrns: batch },
              schema,
              signal: options.signal,
              verify: (items) => echoIssues(items, "addressChainUrn", batch),
            })
          ).data,
        options.signal,
      );
    },
    /** Attribution of entities and custom entities (100 per request), optionally with hasInetData. */
    entities: async <Select extends z.ZodObject | undefined = undefined>(
      entityUrns: readonly string[],
      options: BulkCallOptions<Select> & { includeHasInetData?: boolean } = {},
    ): Promise<BulkResult<Selected<EntityAttribution, "entityUrn", Select>>> => {
      const schema = itemsSchemaOf(entityAttributionItems, "entityUrn", options.select) as z.ZodType<
        Selected<EntityAttribution, "entityUrn", Select>[]
      >;
      const checked = attributionEntityRequestSchema.safeParse({
        entityUrns,
        includeHasInetData: options.includeHasInetData ?? false,
      });
      if (!checked.success) throw invalidRequest("Invalid attribution entities", checked.error.issues);
      return bulkInBatches(
        checked.data.entityUrns,
        attributionLookupMaxUrns.entities,
        async (batch) =>
          (
            await core.request("POST", "/v2/attribution/entity", {
              body: { entityUrns: batch, includeHasInetData: checked.data.includeHasInetData },
              schema,
              signal: options.signal,
              verify: (items) => echoIssues(items, "entityUrn", batch),
            })
          ).data,
        options.signal,
      );
    },
  };
}
