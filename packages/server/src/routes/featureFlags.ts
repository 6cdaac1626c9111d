import { featureFlagsQuerySchema } from "@sleuth/sdk";
import type { FastifyInstance } from "fastify";
import { featureFlagsFor } from "../accounts/featureFlags.ts";
import { findMembership } from "../accounts/organizations.ts";
import { requireUser } from "../http/auth.ts";
import { notFound } from "../http/errors.ts";
import { parseOr400 } from "../http/validation.ts";
import type { RouteContext } from "./context.ts";

export function featureFlagRoutes(app: FastifyInstance, { store }: RouteContext): void {
  // 000 §6: flags per organization and target domain; only a member may read an organization's flags.
  app.get("/feature-flags", async (request) => {
    const { user } = requireUser(request);
    const query = parseOr400(featureFlagsQuerySchema, request.query);
    const organization = await findMembership(store, user.id, query.organizationUuid);
    if (!organization) throw notFound("Organization not found");
    return { data: await featureFlagsFor(store, organization.id, query.targetDomain) };
  });
}
