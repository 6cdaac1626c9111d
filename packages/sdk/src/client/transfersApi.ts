import { z } from "zod";
import { type FlowValueType, forValueType } from "../flows/flowSubject.ts";
import {
  type OffsetTransfersRequest,
  offsetTransfersMetaSchema,
  offsetTransfersRequestSchema,
} from "../flows/offsetTransfers.ts";
import {
  type AddressTransfersCountRequest,
  type AddressTransfersRequest,
  type AddressTransfersV6Request,
  addressTransfersCountRequestSchema,
  addressTransfersRequestSchema,
  addressTransfersV6RequestSchema,
  type CustomEntityTransfersCountRequest,
  type CustomEntityTransfersRequest,
  customEntityTransfersCountRequestSchema,
  customEntityTransfersRequestSchema,
  type EntityTransfersCountRequest,
  type EntityTransfersRequest,
  entityTransferRowsSchema,
  entityTransfersCountRequestSchema,
  entityTransfersRequestSchema,
  maxTransferPageSize,
  type TransferPageMeta,
  transferPageMetaSchema,
  transferRowsSchema,
  transfersCountSchema,
} from "../transfers/requests.ts";
import {
  type EntityTransferRow,
  entityTransferRowSchema,
  type TransferRow,
  transferRowSchema,
} from "../transfers/schemas.ts";
import { ApiError } from "./errors.ts";
import type { HttpCore } from "./httpCore.ts";
import type { CallOptions } from "./searchApi.ts";

/** One page of a transfer listing: its rows and 000 §3's cursors. */
export interface TransferPage<Row> {
  data: Row[];
  meta: TransferPageMeta;
}

/**
 * A page whose envelope and cursors are checked and whose rows are checked when read: the
 * auto-pager asks for the next page first, so the server works on it while this one is checked.
 */
export interface UncheckedTransferPage<Row> {
  meta: TransferPageMeta;
  /** How many rows the page holds. */
  size: number;
  /** The rows, checked with the listing's schema; throws an invalid_response ApiError if one is not. */
  rows(): Row[];
}

export interface AutoPagingOptions extends CallOptions {
  /**
   * Required, as Stripe's auto-paging asks for one: the most rows to yield. Pass
   * `Number.POSITIVE_INFINITY` to read every page on purpose.
   */
  limit: number;
}

/** A page's envelope as first checked: its data is a list (each row is checked when read). */
const pageShape = z.array(z.unknown());

/** A page's meta line on our NDJSON route, as the envelope holds the meta. */
const streamedMetaSchema = z.object({ meta: transferPageMetaSchema });

function checked<S extends z.ZodType>(schema: S, body: unknown, what: string): z.output<S> {
  const result = schema.safeParse(body);
  if (!result.success)
    throw new ApiError({
      status: 400,
      code: "bad_request",
      message: `Invalid ${what} request`,
      details: result.error.issues,
    });
  return result.data;
}

/** Auto-paging asks for a limit, as Stripe's does. */
function requireLimit(limit: number): void {
  if (!(limit >= 1))
    throw new ApiError({
      status: 400,
      code: "bad_request",
      message: "An auto-paging limit of 1 or more is required",
    });
}

/**
 * Every row of a listing, newest first (or in the request's sort), page after page along
 * `meta.nextCursor`, for `for await`. The next page is asked for while the caller handles the current
 * one, and at most those two pages are held, so memory does not grow with the rows read. Pages are
 * as large as the server allows unless the request names a page size.
 */
export async function* autoPageTransfers<
  Row,
  Request extends { pageSize?: number; after?: string; jumpTo?: unknown },
>(
  fetchPage: (
    request: Request,
    options: CallOptions,
  ) => Promise<TransferPage<Row> | UncheckedTransferPage<Row>>,
  request: Request,
  { limit, signal }: AutoPagingOptions,
): AsyncGenerator<Row, void, undefined> {
  requireLimit(limit);
  let left = limit;
  const pageSize =
    request.pageSize ?? Math.min(maxTransferPageSize, Number.isFinite(limit) ? limit : maxTransferPageSize);
  let pending: Promise<TransferPage<Row> | UncheckedTransferPage<Row>> | null = fetchPage(
    { ...request, pageSize },
    { signal },
  );
  while (pending) {
    const page: TransferPage<Row> | UncheckedTransferPage<Row> = await pending;
    const cursor: string | null = page.meta.nextCursor;
    const more: boolean = cursor !== null && left > ("rows" in page ? page.size : page.data.length);
    // The jump-to only places the first page; later pages follow the cursor.
    pending = more ? fetchPage({ ...request, pageSize, jumpTo: undefined, after: cursor }, { signal }) : null;
    // A page that fails its check must not leave the next request unanswered behind it.
    let rows: Row[];
    try {
      rows = "rows" in page ? page.rows() : page.data;
    } catch (error) {
      pending?.catch(() => {});
      throw error;
    }
    for (const row of rows) {
      if (left <= 0) break;
      left -= 1;
      yield row;
    }
    if (left <= 0) break;
  }
}

/**
 * Transfer tables (000 §7 "Address data" and "Flows", 001 §4/§7): pages with keyset cursors both
 * ways, jump-to, filters and sort, the counts, and `iterate…` for every row. Requests are checked
 * with the server's own schemas first, so a bad one fails before it is sent.
 */
export function transfersApi(core: HttpCore) {
  async function uncheckedPage<Row>(
    path: string,
    body: unknown,
    rowsSchema: z.ZodType<Row[]>,
    options: CallOptions,
  ): Promise<UncheckedTransferPage<Row>> {
    const answer = await core.request("POST", path, { body, schema: pageShape, signal: options.signal });
    const meta = transferPageMetaSchema.safeParse(answer.meta);
    if (!meta.success)
      throw new ApiError({
        status: 0,
        code: "invalid_response",
        message: `The answer of ${path} has no transfer page metadata`,
        details: meta.error.issues,
      });
    return {
      meta: meta.data,
      size: answer.data.length,
      rows() {
        const rows = rowsSchema.safeParse(answer.data);
        if (!rows.success)
          throw new ApiError({
            status: 0,
            code: "invalid_response",
            message: `Unexpected answer from POST ${path}`,
            details: rows.error.issues.map((issue) => ({ ...issue, path: ["data", ...issue.path] })),
          });
        return rows.data;
      },
    };
  }
  /**
   * Every row of a listing from our NDJSON route (docs/API.md "Transfer tables"): one answer holding
   * every page along the cursor, each page's meta line checked, each row parsed and checked with the
   * listing's row schema as it arrives, so memory holds a row, not a page. Stops reading (and lets
   * the server stop) at the limit.
   */
  async function* streamedRows<Request extends { pageSize?: number }, Row>(
    subject: "address" | "entity" | "custom-entity",
    requestSchema: z.ZodType<unknown, Request>,
    rowSchema: z.ZodType<Row>,
    what: string,
    request: Request,
    { limit, signal }: AutoPagingOptions,
  ): AsyncGenerator<Row, void, undefined> {
    requireLimit(limit);
    const path = `/v1/transfer-rows/${subject}`;
    const pageSize =
      request.pageSize ?? Math.min(maxTransferPageSize, Number.isFinite(limit) ? limit : maxTransferPageSize);
    const body = checked(requestSchema, { ...request, pageSize }, what);
    const answer = await core.requestLines("POST", path, { body, signal });
    const invalid = (details: unknown) =>
      new ApiError({
        status: 0,
        code: "invalid_response",
        message: `Unexpected answer from POST ${path}`,
        details,
      });
    let left = limit;
    let index = 0;
    let paged = false;
    try {
      for await (const line of answer.lines) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(line);
        } catch {
          throw invalid([{ code: "custom", path: ["data", index], message: "not JSON" }]);
        }
        // A page's meta line comes before its rows: the first line is one.
        if (!paged || (typeof parsed === "object" && parsed !== null && "meta" in parsed)) {
          const meta = streamedMetaSchema.safeParse(parsed);
          if (!meta.success) throw invalid(meta.error.issues);
          paged = true;
          continue;
        }
        const row = rowSchema.safeParse(parsed);
        if (!row.success)
          throw invalid(
            row.error.issues.map((issue) => ({ ...issue, path: ["data", index, ...issue.path] })),
          );
        index += 1;
        left -= 1;
        yield row.data;
        if (left <= 0) return;
      }
    } finally {
      answer.cancel();
    }
  }
  async function count(path: string, body: unknown, options: CallOptions): Promise<number> {
    return (await core.request("POST", path, { body, schema: transfersCountSchema, signal: options.signal }))
      .data.count;
  }

  // Each listing's call, unchecked (the auto-pager's) and checked (one page).
  const addressUnchecked = (request: AddressTransfersRequest, options: CallOptions = {}) =>
    uncheckedPage<TransferRow>(
      "/trm-insights/v8/address/transfers",
      checked(addressTransfersRequestSchema, request, "address transfers"),
      transferRowsSchema,
      options,
    );
  const entityUnchecked = (request: EntityTransfersRequest, options: CallOptions = {}) =>
    uncheckedPage<EntityTransferRow>(
      `/trm-insights/${core.apiVersion("entityTransfers")}/flows/entity/transfers`,
      checked(entityTransfersRequestSchema, request, "entity transfers"),
      entityTransferRowsSchema,
      options,
    );
  const customEntityUnchecked = (request: CustomEntityTransfersRequest, options: CallOptions = {}) =>
    uncheckedPage<EntityTransferRow>(
      "/trm-insights/v6/flows/custom-entity/transfers",
      checked(customEntityTransfersRequestSchema, request, "custom entity transfers"),
      entityTransferRowsSchema,
      options,
    );
  const checkedNow = async <Row>(
    unchecked: Promise<UncheckedTransferPage<Row>>,
  ): Promise<TransferPage<Row>> => {
    const page = await unchecked;
    return { data: page.rows(), meta: page.meta };
  };
  const address = (request: AddressTransfersRequest, options: CallOptions = {}) =>
    checkedNow(addressUnchecked(request, options));
  const entity = (request: EntityTransfersRequest, options: CallOptions = {}) =>
    checkedNow(entityUnchecked(request, options));
  const customEntity = (request: CustomEntityTransfersRequest, options: CallOptions = {}) =>
    checkedNow(customEntityUnchecked(request, options));

  return {
    /**
     * 001 §7 POST /trm-insights/{v5|v6}/flows/{valueType}/transfers in its offset form: `limit` rows
     * after `offset` (cost grows with the offset; the keyset calls above do not), and `hasMore`.
     */
    atOffset: async (
      valueType: FlowValueType,
      request: OffsetTransfersRequest,
      options: CallOptions = {},
    ) => {
      const body = checked(
        forValueType(offsetTransfersRequestSchema, valueType),
        request,
        "transfers at offset",
      );
      const answer = await core.request(
        "POST",
        `/trm-insights/${core.apiVersion("offsetTransfers")}/flows/${valueType}/transfers`,
        {
          body,
          schema: valueType === "address" ? transferRowsSchema : entityTransferRowsSchema,
          signal: options.signal,
        },
      );
      const meta = offsetTransfersMetaSchema.parse(answer.meta);
      return { rows: answer.data as (TransferRow | EntityTransferRow)[], hasMore: meta.hasMore };
    },
    /** POST /trm-insights/v8/address/transfers: one page. */
    address,
    /** POST /trm-insights/v6/address/transfers: 001 §7's flat payload, one page. */
    addressV6: (request: AddressTransfersV6Request, options: CallOptions = {}) =>
      checkedNow(
        uncheckedPage<TransferRow>(
          "/trm-insights/v6/address/transfers",
          checked(addressTransfersV6RequestSchema, request, "address transfers"),
          transferRowsSchema,
          options,
        ),
      ),
    /** POST /trm-insights/{v6|v7}/flows/entity/transfers: one page. */
    entity,
    /** POST /trm-insights/v6/flows/custom-entity/transfers: one page of the caller's organization's custom entity. */
    customEntity,
    /** POST /trm-insights/v7/address/transfers/count. */
    addressCount: (request: AddressTransfersCountRequest, options: CallOptions = {}) =>
      count(
        "/trm-insights/v7/address/transfers/count",
        checked(addressTransfersCountRequestSchema, request, "address transfers count"),
        options,
      ),
    /** POST /trm-insights/{v6|v7}/flows/entity/transfers/count. */
    entityCount: (request: EntityTransfersCountRequest, options: CallOptions = {}) =>
      count(
        `/trm-insights/${core.apiVersion("entityTransfers")}/flows/entity/transfers/count`,
        checked(entityTransfersCountRequestSchema, request, "entity transfers count"),
        options,
      ),
    /** POST /trm-insights/v6/flows/custom-entity/transfers/count. */
    customEntityCount: (request: CustomEntityTransfersCountRequest, options: CallOptions = {}) =>
      count(
        "/trm-insights/v6/flows/custom-entity/transfers/count",
        checked(customEntityTransfersCountRequestSchema, request, "custom entity transfers count"),
        options,
      ),
    /**
     * Every row of an address's listing: `for await (const row of iterateAddress(request, {limit}))`.
     * v8's pages, every one along the cursor, read from our NDJSON route a row at a time.
     */
    iterateAddress: (request: AddressTransfersRequest, options: AutoPagingOptions) =>
      streamedRows(
        "address",
        addressTransfersRequestSchema,
        transferRowSchema,
        "address transfers",
        request,
        options,
      ),
    iterateEntity: (request: EntityTransfersRequest, options: AutoPagingOptions) =>
      streamedRows(
        "entity",
        entityTransfersRequestSchema,
        entityTransferRowSchema,
        "entity transfers",
        request,
        options,
      ),
    iterateCustomEntity: (request: CustomEntityTransfersRequest, options: AutoPagingOptions) =>
      streamedRows(
        "custom-entity",
        customEntityTransfersRequestSchema,
        entityTransferRowSchema,
        "custom entity transfers",
        request,
        options,
      ),
  };
}
