import { createNetworkBodySchema, licenceBodySchema, networkMemberBodySchema } from "@sleuth/sdk";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  addNetworkMember,
  createNetwork,
  findNetwork,
  operatorNetworks,
  operatorOrganizations,
  organizationIdOf,
  removeNetworkMember,
  setForensicsLicense,
  suggestionsForReview,
} from "../accounts/operatorRows.ts";
import { noteCallersChange } from "../accounts/rememberedCallers.ts";
import { notFound } from "../http/errors.ts";
import { requireOperator } from "../http/operator.ts";
import { parseOr400 } from "../http/validation.ts";
import { refreshRollups } from "../rollups/rollups.ts";
import type { Queryable } from "../store/store.ts";
import type { RouteContext } from "./context.ts";

const ref = z.string().trim().min(1).max(200);
const organizationParams = z.object({ organization: ref });
const networkParams = z.object({ network: ref });
const networkMemberParams = z.object({ network: ref, organization: ref });

async function organizationOr404(db: Queryable, name: string): Promise<number> {
  const id = await organizationIdOf(db, name);
  if (id === undefined) throw notFound("Organization not found");
  return id;
}

async function networkOr404(db: Queryable, name: string) {
  const network = await findNetwork(db, name);
  if (!network) throw notFound("Network not found");
  return network;
}

// Issue 40 (docs/API.md "Operator"): entitlements and collaboration networks belong to the instance
// operator, authorised by SLEUTH_OPERATOR_TOKEN; organizations and networks are named by uuid or name.
export function operatorRoutes(app: FastifyInstance, { store, config }: RouteContext): void {
  const operator = config.notifications;

  app.get("/v1/operator/organizations", async (request) => {
    requireOperator(request, operator);
    return { data: await operatorOrganizations(store) };
  });

  app.put("/v1/operator/organizations/:organization/forensics-license", async (request) => {
    requireOperator(request, operator);
    const params = parseOr400(organizationParams, request.params);
    const body = parseOr400(licenceBodySchema, request.body);
    const id = await organizationOr404(store, params.organization);
    const updated = await setForensicsLicense(store, id, body.hasForensicsLicense);
    // Members' remembered sessions carry the organization; they see the change at once.
    await noteCallersChange(store);
    return { data: updated };
  });

  app.get("/v1/operator/networks", async (request) => {
    requireOperator(request, operator);
    return { data: await operatorNetworks(store) };
  });

  app.post("/v1/operator/networks", { config: { idempotent: true } }, async (request, reply) => {
    requireOperator(request, operator);
    const body = parseOr400(createNetworkBodySchema, request.body);
    const organizationId = await organizationOr404(store, body.organization);
    const network = await createNetwork(store, {
      name: body.name,
      description: body.description ?? null,
      organizationId,
    });
    return reply.code(201).send({ data: network });
  });

  app.post(
    "/v1/operator/networks/:network/organizations",
    { config: { idempotent: true } },
    async (request) => {
      requireOperator(request, operator);
      const params = parseOr400(networkParams, request.params);
      const body = parseOr400(networkMemberBodySchema, request.body);
      const network = await networkOr404(store, params.network);
      await addNetworkMember(store, network.uuid, await organizationOr404(store, body.organization));
      return { data: await findNetwork(store, network.uuid) };
    },
  );

  app.delete("/v1/operator/networks/:network/organizations/:organization", async (request) => {
    requireOperator(request, operator);
    const params = parseOr400(networkMemberParams, request.params);
    const network = await networkOr404(store, params.network);
    await removeNetworkMember(store, network.uuid, await organizationOr404(store, params.organization));
    return { data: await findNetwork(store, network.uuid) };
  });

  app.get("/v1/operator/law-enforcement-suggestions", async (request) => {
    requireOperator(request, operator);
    return { data: await suggestionsForReview(store) };
  });

  // Issue 46: every import settles the rollups it touched; a full rebuild stays for the operator.
  app.post("/v1/operator/rollups/rebuild", { config: { idempotent: true } }, async (request) => {
    requireOperator(request, operator);
    const started = performance.now();
    await refreshRollups(store, { owners: true });
    const tookMs = Math.round(performance.now() - started);
    const [built] = await store.query<{
      version: string;
      built_at: Date | string;
      addresses: number;
      entities: number;
    }>(
      `SELECT version, built_at, (SELECT count(*)::int FROM address_summary) AS addresses,
         (SELECT count(*)::int FROM entity_summary) AS entities
       FROM rollup_version`,
    );
    return {
      data: {
        version: built!.version,
        builtAt: new Date(built!.built_at).toISOString(),
        tookMs,
        addresses: built!.addresses,
        entities: built!.entities,
      },
    };
  });
}
