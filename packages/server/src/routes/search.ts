import {
  attributionAddressRequestSchema,
  attributionEntityRequestSchema,
  attributionLookupMaxUrns,
  autocompleteRequestSchema,
  ipSearchRule,
  type SearchModule,
  searchResultLimit,
  transactionLookupRequestSchema,
  userReportBodySchemas,
} from "@sleuth/sdk";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { featureFlagsFor } from "../accounts/featureFlags.ts";
import type { OrganizationRow } from "../accounts/rows.ts";
import { requireRole } from "../http/auth.ts";
import { HttpError } from "../http/errors.ts";
import { sendJsonText } from "../http/jsonText.ts";
import { parseOr400 } from "../http/validation.ts";
import { addressAttribution, entityAttribution } from "../search/attributionLookup.ts";
import { autocomplete } from "../search/autocomplete.ts";
import { searchConfiguration } from "../search/searchConfiguration.ts";
import { saveStatusReport } from "../search/statusReports.ts";
import { lookupTransactions } from "../search/transactionLookup.ts";
import type { Queryable } from "../store/store.ts";
import type { RouteContext } from "./context.ts";

// docs/API.md "Search": the global search calls (000 §4, 001 §7 "Other", 002 §7). Every caller
// reads within its current organization (custom entities) and needs at least the viewer role.

// Choice: at most as many URNs per lookup as an address metrics batch (the SDK batches longer lists).
const addressLookupBody = z
  .object({ addressChainUrns: z.array(z.string()).max(attributionLookupMaxUrns.addresses) })
  .pipe(attributionAddressRequestSchema);
const entityLookupBody = attributionEntityRequestSchema.extend({
  entityUrns: attributionEntityRequestSchema.shape.entityUrns.max(attributionLookupMaxUrns.entities),
});

/**
 * 002 §6 / §8: the IP rule of the module searching, over the organization's forensics licence and IP
 * search flag; a refusal is 403 with the spec's texts, one sentence each in `details.messages`.
 */
async function checkIpSearchAllowed(
  db: Queryable,
  organization: OrganizationRow,
  module: SearchModule,
): Promise<void> {
  const flags = await featureFlagsFor(db, organization.id, "server");
  const rule = ipSearchRule({
    module,
    ipSearchEnabled: flags.ipSearch,
    hasForensicsLicense: organization.has_forensics_license,
  });
  if (!rule.allowed)
    throw new HttpError(403, "forbidden", rule.messages.join(" "), { details: { messages: rule.messages } });
}

export function searchRoutes(app: FastifyInstance, { store, readStore }: RouteContext): void {
  // 000 §5: the chains recognition leaves out, asked once by a client before it recognises input.
  app.get("/v1/search/configuration", async (request) => {
    requireRole(request, "viewer");
    return { data: await searchConfiguration(readStore) };
  });

  app.get("/v3/attribution/autocomplete", async (request) => {
    const { organization, user } = requireRole(request, "viewer");
    const query = parseOr400(autocompleteRequestSchema, request.query);
    if (query.attributionType === "inet" && query.module !== undefined)
      await checkIpSearchAllowed(store, organization, query.module);
    const limit = query.limit ?? searchResultLimit(query.query);
    const offset = query.offset ?? 0;
    const page = await autocomplete(readStore, query.attributionType, {
      query: query.query,
      limit,
      offset,
      organizationId: organization.id,
      userId: user.id,
    });
    return { data: page.hits, meta: { limit, offset, hasMore: page.hasMore } };
  });

  app.post("/trm-insights/v4/transaction", async (request) => {
    requireRole(request, "viewer");
    const body = parseOr400(transactionLookupRequestSchema, request.body);
    return { data: await lookupTransactions(readStore, body) };
  });

  app.post("/v2/attribution/address", async (request, reply) => {
    requireRole(request, "viewer");
    const body = parseOr400(addressLookupBody, request.body);
    return sendJsonText(reply, `{"data":${await addressAttribution(readStore, body.addressChainUrns)}}`);
  });

  app.post("/v2/attribution/entity", async (request) => {
    const { organization, user } = requireRole(request, "viewer");
    const body = parseOr400(entityLookupBody, request.body);
    return {
      data: await entityAttribution(readStore, body.entityUrns, {
        includeHasInetData: body.includeHasInetData,
        organizationId: organization.id,
        userId: user.id,
      }),
    };
  });

  // 000 §4 request information; a viewer may ask too (it changes no investigation data).
  app.post("/user-report/status-report", { config: { idempotent: true } }, async (request, reply) => {
    const { user, organization } = requireRole(request, "viewer");
    const body = parseOr400(userReportBodySchemas["status-report"], request.body);
    const report = await saveStatusReport(store, {
      userId: user.id,
      organizationId: organization.id,
      request: body,
    });
    return reply.code(201).send({ data: report });
  });
}
