import { Readable } from "node:stream";
import {
  addressTransfersCountRequestSchema,
  addressTransfersRequestSchema,
  addressTransfersV6RequestSchema,
  apiVersionFamilies,
  customEntityTransfersCountRequestSchema,
  customEntityTransfersRequestSchema,
  entityTransfersCountRequestSchema,
  entityTransfersRequestSchema,
  type FlowValueType,
  flowValueTypes,
  forValueType,
  isOffsetTransfersRequest,
  offsetTransfersRequestSchema,
  subjectUrnOf,
  type TransferFilters,
  transferRequestMessages,
} from "@sleuth/sdk";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { z } from "zod";
import { requireRole, viewerOf } from "../http/auth.ts";
import { badRequest, issuesOf } from "../http/errors.ts";
import type { Viewer } from "../metrics/subjects.ts";
import {
  countTransfers,
  type ListingRequest,
  listTransferText,
  listTransferTextAt,
} from "../transfers/listing.ts";
import { addressScope, customEntityScope, entityScope, type TransferScope } from "../transfers/scope.ts";
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

export function transferRoutes(app: FastifyInstance, { readStore }: RouteContext): void {
  // A page in the `{data, meta}` envelope, written around its rows' JSON as the store wrote it
  // (listTransferText): the bytes fastify's JSON.stringify wrote of the row objects
  // (tests/server/transferPageText.test.ts).
  const list = async (
    scope: TransferScope,
    request: ListingRequest,
    viewer: Viewer,
    reply: FastifyReply,
  ): Promise<string> => {
    const page = await listTransferText(readStore, scope, request, viewer, ",");
    reply.type("application/json; charset=utf-8");
    return `{"data":[${page.text}],"meta":${JSON.stringify(page.meta)}}`;
  };
  // Ours (docs/API.md "Transfer tables"): every page from the request's on, along `meta.nextCursor`,
  // in one NDJSON answer: each page's meta on a line, then one 001 §3 row a line. A client reading
  // every page (`sleuth transfers`) reads and checks one row at a time as the answer arrives, and
  // pays for one request, not one a page. The next page is read when the socket has taken the last
  // (the stream is pulled); a reader that goes away stops the walk. The first page is read before
  // answering, so a bad request or a missing jump-to target still answers its error envelope.
  const rows = async (scope: TransferScope, request: ListingRequest, viewer: Viewer, reply: FastifyReply) => {
    const first = await listTransferText(readStore, scope, request, viewer, "\n");
    async function* pages() {
      let page = first;
      for (;;) {
        yield `${JSON.stringify({ meta: page.meta })}\n${page.rows > 0 ? `${page.text}\n` : ""}`;
        const after = page.meta.nextCursor;
        if (!after) return;
        // The jump-to only places the first page; later pages follow the cursor.
        page = await listTransferText(
          readStore,
          scope,
          { ...request, jumpTo: undefined, after },
          viewer,
          "\n",
        );
      }
    }
    reply.type("application/x-ndjson; charset=utf-8");
    return reply.send(Readable.from(pages(), { objectMode: false, highWaterMark: 1 }));
  };
  const count = async (scope: TransferScope, filters: TransferFilters, viewer: Viewer) => ({
    data: { count: await countTransfers(readStore, scope, filters, viewer) },
  });

  // 001 §7 the offset form of …/flows/{valueType}/transfers (docs/API.md): `offset`, `limit`, `sort`,
  // `filters`; a body naming `offset` asks for it where the keyset form shares the path.
  const atOffset = async (valueType: FlowValueType, body: unknown, viewer: Viewer, reply: FastifyReply) => {
    const request = parseListing(forValueType(offsetTransfersRequestSchema, valueType), body);
    const urn = subjectUrnOf(valueType, request)!;
    const scope =
      valueType === "address"
        ? await addressScope(readStore, urn)
        : valueType === "entity"
          ? await entityScope(readStore, urn)
          : await customEntityScope(readStore, urn, viewer);
    const page = await listTransferTextAt(readStore, scope, request, viewer);
    reply.type("application/json; charset=utf-8");
    const meta = { offset: request.offset, limit: request.limit, hasMore: page.hasMore };
    return `{"data":[${page.text}],"meta":${JSON.stringify(meta)}}`;
  };
  const keysetPaths = new Set([
    ...apiVersionFamilies.entityTransfers.versions.map((version) => `${version}/entity`),
    "v6/custom-entity",
  ]);
  for (const version of apiVersionFamilies.offsetTransfers.versions)
    for (const valueType of flowValueTypes) {
      if (keysetPaths.has(`${version}/${valueType}`)) continue;
      app.post(`/trm-insights/${version}/flows/${valueType}/transfers`, async (request, reply) =>
        atOffset(valueType, request.body, viewerOf(requireRole(request, "viewer")), reply),
      );
    }

  app.post("/trm-insights/v8/address/transfers", async (request, reply) => {
    const viewer = viewerOf(requireRole(request, "viewer"));
    const body = parseListing(addressTransfersRequestSchema, request.body);
    return list(await addressScope(readStore, body.addressChainUrn), body, viewer, reply);
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
      await addressScope(readStore, body.addressChainUrn),
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
    return count(await addressScope(readStore, body.addressChainUrn), body.filters, viewer);
  });

  for (const version of apiVersionFamilies.entityTransfers.versions) {
    app.post(`/trm-insights/${version}/flows/entity/transfers`, async (request, reply) => {
      const viewer = viewerOf(requireRole(request, "viewer"));
      if (isOffsetTransfersRequest(request.body)) return atOffset("entity", request.body, viewer, reply);
      const body = parseListing(entityTransfersRequestSchema, request.body);
      return list(await entityScope(readStore, body.entityUrn), body, viewer, reply);
    });
    app.post(`/trm-insights/${version}/flows/entity/transfers/count`, async (request) => {
      const viewer = viewerOf(requireRole(request, "viewer"));
      const body = parseListing(entityTransfersCountRequestSchema, request.body);
      return count(await entityScope(readStore, body.entityUrn), body.filters, viewer);
    });
  }

  app.post("/trm-insights/v6/flows/custom-entity/transfers", async (request, reply) => {
    const viewer = viewerOf(requireRole(request, "viewer"));
    if (isOffsetTransfersRequest(request.body)) return atOffset("custom-entity", request.body, viewer, reply);
    const body = parseListing(customEntityTransfersRequestSchema, request.body);
    return list(await customEntityScope(readStore, body.customEntityUrn, viewer), body, viewer, reply);
  });

  app.post("/trm-insights/v6/flows/custom-entity/transfers/count", async (request) => {
    const viewer = viewerOf(requireRole(request, "viewer"));
    const body = parseListing(customEntityTransfersCountRequestSchema, request.body);
    return count(await customEntityScope(readStore, body.customEntityUrn, viewer), body.filters, viewer);
  });

  // Ours: the v8, entity and custom-entity listings, every page, as NDJSON (rows).
  app.post("/v1/transfer-rows/address", async (request, reply) => {
    const viewer = viewerOf(requireRole(request, "viewer"));
    const body = parseListing(addressTransfersRequestSchema, request.body);
    return rows(await addressScope(readStore, body.addressChainUrn), body, viewer, reply);
  });
  app.post("/v1/transfer-rows/entity", async (request, reply) => {
    const viewer = viewerOf(requireRole(request, "viewer"));
    const body = parseListing(entityTransfersRequestSchema, request.body);
    return rows(await entityScope(readStore, body.entityUrn), body, viewer, reply);
  });
  app.post("/v1/transfer-rows/custom-entity", async (request, reply) => {
    const viewer = viewerOf(requireRole(request, "viewer"));
    const body = parseListing(customEntityTransfersRequestSchema, request.body);
    return rows(await customEntityScope(readStore, body.customEntityUrn, viewer), body, viewer, reply);
  });
}
