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
import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import { requireRole, viewerOf } from "../http/auth.ts";
import { badRequest, issuesOf } from "../http/errors.ts";
import type { Viewer } from "../metrics/index.ts";
import {
  addressScope,
  countTransfers,
  customEntityScope,
  entityScope,
  listTransfers,
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
  const list = async (scope: TransferScope, request: Parameters<typeof listTransfers>[2], viewer: Viewer) => {
    const page = await listTransfers(store, scope, request, viewer);
    return { data: page.data, meta: page.meta };
  };
  const count = async (scope: TransferScope, filters: TransferFilters, viewer: Viewer) => ({
    data: { count: await countTransfers(store, scope, filters, viewer) },
  });

  app.post("/trm-insights/v8/address/transfers", async (request) => {
    const viewer = viewerOf(requireRole(request, "viewer"));
    const body = parseListing(addressTransfersRequestSchema, request.body);
    return list(await addressScope(store, body.addressChainUrn), body, viewer);
  });

  // 001 §7's v6 payload: the filters as top-level fields, newest first.
  app.post("/trm-insights/v6/address/transfers", async (request) => {
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
    );
  });

  app.post("/trm-insights/v7/address/transfers/count", async (request) => {
    const viewer = viewerOf(requireRole(request, "viewer"));
    const body = parseListing(addressTransfersCountRequestSchema, request.body);
    return count(await addressScope(store, body.addressChainUrn), body.filters, viewer);
  });

  for (const version of ["v6", "v7"]) {
    app.post(`/trm-insights/${version}/flows/entity/transfers`, async (request) => {
      const viewer = viewerOf(requireRole(request, "viewer"));
      const body = parseListing(entityTransfersRequestSchema, request.body);
      return list(await entityScope(store, body.entityUrn), body, viewer);
    });
    app.post(`/trm-insights/${version}/flows/entity/transfers/count`, async (request) => {
      const viewer = viewerOf(requireRole(request, "viewer"));
      const body = parseListing(entityTransfersCountRequestSchema, request.body);
      return count(await entityScope(store, body.entityUrn), body.filters, viewer);
    });
  }

  app.post("/trm-insights/v6/flows/custom-entity/transfers", async (request) => {
    const viewer = viewerOf(requireRole(request, "viewer"));
    const body = parseListing(customEntityTransfersRequestSchema, request.body);
    return list(await customEntityScope(store, body.customEntityUrn, viewer), body, viewer);
  });

  app.post("/trm-insights/v6/flows/custom-entity/transfers/count", async (request) => {
    const viewer = viewerOf(requireRole(request, "viewer"));
    const body = parseListing(customEntityTransfersCountRequestSchema, request.body);
    return count(await customEntityScope(store, body.customEntityUrn, viewer), body.filters, viewer);
  });
}
