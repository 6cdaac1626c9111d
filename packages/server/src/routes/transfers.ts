import {
  addressTransfersCountRequestSchema,
  addressTransfersRequestSchema,
  addressTransfersV6RequestSchema,
  customEntityTransfersCountRequestSchema,
  customEntityTransfersRequestSchema,
  entityTransfersCountRequestSchema,
  entityTransfersRequestSchema,
  type TransferFilters,
  transferRequestMessages,
} from "@sleuth/sdk";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { z } from "zod";
import { requireRole, viewerOf } from "../http/auth.ts";
import { badRequest, issuesOf } from "../http/errors.ts";
import type { Viewer } from "../metrics/index.ts";
import {
  addressScope,
  countTransfers,
  customEntityScope,
  entityScope,
  type ListingRequest,
  listTransferText,
  type TransferScope,
} from "../transfers/index.ts";
import type { RouteContext } from "./context.ts";

const ownMessages = new Set<string>(Object.values(transferRequestMessages));

/** Like parseOr400, but a rule of ours (001 §5's refused USD sort) is the answer's message. */
function parseListing<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const own = result.error.issues.find((issue) => ownMessages.has(issue.message));
  throw badRequest(own?.message ?? "The request is not valid", issuesOf(result.error));
}

// 000 §7 "Address data" and "Flows", 001 §4/§5/§7: transfer tables of an address, an entity and a
// custom entity (the caller's organization's only), their counts, keyset pages both ways, jump-to.
// docs/API.md "Transfer tables" gives the choices.

export function transferRoutes(app: FastifyInstance, { store }: RouteContext): void {
  // A page as text around its rows' JSON as the store wrote it (listTransferText): in the `{data,
  // meta}` envelope, the bytes fastify's JSON.stringify wrote of the row objects
  // (tests/server/transferPageText.test.ts); or, on our NDJSON route (docs/API.md "Transfer tables"),
  // the page's meta on the first line and one 001 §3 row on each next line, so a client reading every
  // page (`sleuth transfers`) checks one row at a time as the answer arrives, not a page's text at once.
  const list = async (
    scope: TransferScope,
    request: ListingRequest,
    viewer: Viewer,
    reply: FastifyReply,
    format: "json" | "ndjson" = "json",
  ): Promise<string> => {
    if (format === "json") {
      const page = await listTransferText(store, scope, request, viewer, ",");
      reply.type("application/json; charset=utf-8");
      return `{"data":[${page.text}],"meta":${JSON.stringify(page.meta)}}`;
    }
    const page = await listTransferText(store, scope, request, viewer, "\n");
    reply.type("application/x-ndjson; charset=utf-8");
    return `${JSON.stringify({ meta: page.meta })}\n${page.rows > 0 ? `${page.text}\n` : ""}`;
  };
  const count = async (scope: TransferScope, filters: TransferFilters, viewer: Viewer) => ({
    data: { count: await countTransfers(store, scope, filters, viewer) },
  });

  app.post("/trm-insights/v8/address/transfers", async (request, reply) => {
    const viewer = viewerOf(requireRole(request, "viewer"));
    const body = parseListing(addressTransfersRequestSchema, request.body);
    return list(await addressScope(store, body.addressChainUrn), body, viewer, reply);
  });

  // 001 §7's v6 payload: the filters as top-level fields, newest first.
  app.post("/trm-insights/v6/address/transfers", async (request, reply) => {
    const viewer = viewerOf(requireRole(request, "viewer"));
    const body = parseListing(addressTransfersV6RequestSchema, request.body);
    const filters: TransferFilters = {};
    if (body.counterpartyEntityUrn) filters.counterpartyEntity = [body.counterpartyEntityUrn];
    if (body.counterpartyAddressPrefix) filters.counterpartyAddressPrefix = body.counterpartyAddressPrefix;
    if (body.transactionTimestamp) filters.timestamp = body.transactionTimestamp;
    return list(
      await addressScope(store, body.addressChainUrn),
      {
        pageSize: body.pageSize,
        after: body.after,
        filters,
        sort: { column: "timestamp", direction: "desc" },
      },
      viewer,
      reply,
    );
  });

  app.post("/trm-insights/v7/address/transfers/count", async (request) => {
    const viewer = viewerOf(requireRole(request, "viewer"));
    const body = parseListing(addressTransfersCountRequestSchema, request.body);
    return count(await addressScope(store, body.addressChainUrn), body.filters, viewer);
  });

  for (const version of ["v6", "v7"]) {
    app.post(`/trm-insights/${version}/flows/entity/transfers`, async (request, reply) => {
      const viewer = viewerOf(requireRole(request, "viewer"));
      const body = parseListing(entityTransfersRequestSchema, request.body);
      return list(await entityScope(store, body.entityUrn), body, viewer, reply);
    });
    app.post(`/trm-insights/${version}/flows/entity/transfers/count`, async (request) => {
      const viewer = viewerOf(requireRole(request, "viewer"));
      const body = parseListing(entityTransfersCountRequestSchema, request.body);
      return count(await entityScope(store, body.entityUrn), body.filters, viewer);
    });
  }

  app.post("/trm-insights/v6/flows/custom-entity/transfers", async (request, reply) => {
    const viewer = viewerOf(requireRole(request, "viewer"));
    const body = parseListing(customEntityTransfersRequestSchema, request.body);
    return list(await customEntityScope(store, body.customEntityUrn, viewer), body, viewer, reply);
  });

  app.post("/trm-insights/v6/flows/custom-entity/transfers/count", async (request) => {
    const viewer = viewerOf(requireRole(request, "viewer"));
    const body = parseListing(customEntityTransfersCountRequestSchema, request.body);
    return count(await customEntityScope(store, body.customEntityUrn, viewer), body.filters, viewer);
  });

  // Ours: the v8, entity and custom-entity listings as NDJSON (list).
  app.post("/v1/transfer-rows/address", async (request, reply) => {
    const viewer = viewerOf(requireRole(request, "viewer"));
    const body = parseListing(addressTransfersRequestSchema, request.body);
    return list(await addressScope(store, body.addressChainUrn), body, viewer, reply, "ndjson");
  });
  app.post("/v1/transfer-rows/entity", async (request, reply) => {
    const viewer = viewerOf(requireRole(request, "viewer"));
    const body = parseListing(entityTransfersRequestSchema, request.body);
    return list(await entityScope(store, body.entityUrn), body, viewer, reply, "ndjson");
  });
  app.post("/v1/transfer-rows/custom-entity", async (request, reply) => {
    const viewer = viewerOf(requireRole(request, "viewer"));
    const body = parseListing(customEntityTransfersRequestSchema, request.body);
    return list(await customEntityScope(store, body.customEntityUrn, viewer), body, viewer, reply, "ndjson");
  });
}
