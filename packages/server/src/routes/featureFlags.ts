import {
  featureFlagKeySchema,
  featureFlagMessages,
  featureFlagsQuerySchema,
  identityFlags,
  setFeatureFlagBodySchema,
} from "@sleuth/sdk";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { featureFlagsFor, setFeatureFlag } from "../accounts/featureFlags.ts";
import { findMembership } from "../accounts/organizations.ts";
import { requireUser } from "../http/auth.ts";
import { forbidden, notFound } from "../http/errors.ts";
import { parseOr400 } from "../http/validation.ts";
import type { RouteContext } from "./context.ts";

const flagParamsSchema = z.object({ key: z.string().max(100) });

export function featureFlagRoutes(app: FastifyInstance, { store, config }: RouteContext): void {
  // 000 §6: flags per organization and target domain; only a member may read an organization's flags.
  app.get("/feature-flags", async (request) => {
    const { user } = requireUser(request);
    const query = parseOr400(featureFlagsQuerySchema, request.query);
    const organization = await findMembership(store, user.id, query.organizationUuid);
    if (!organization) throw notFound("Organization not found");
    return { data: await featureFlagsFor(store, organization.id, query.targetDomain) };
  });

  // 002 §6 feature-flag debug toggle: staff and super admins only (000 §6, from the e-mail and this
  // deployment's domains), in an organization they belong to. Unknown keys answer 404.
  app.put("/feature-flags/:key", async (request) => {
    const { user } = requireUser(request);
    const { key: rawKey } = parseOr400(flagParamsSchema, request.params);
    const body = parseOr400(setFeatureFlagBodySchema, request.body);
    const key = featureFlagKeySchema.safeParse(rawKey);
    if (!key.success) throw notFound(`Unknown feature flag '${rawKey}'`);
    const organization = await findMembership(store, user.id, body.organizationUuid);
    if (!organization) throw notFound("Organization not found");
    const identity = identityFlags(user.email, {
      staffDomains: config.staffDomains,
      superAdminDomains: config.superAdminDomains,
    });
    if (!identity.isStaff && !identity.isSuperAdmin) throw forbidden(featureFlagMessages.staffOnly);
    await setFeatureFlag(store, {
      organizationId: organization.id,
      targetDomain: body.targetDomain,
      key: key.data,
      enabled: body.enabled,
    });
    return { data: await featureFlagsFor(store, organization.id, body.targetDomain) };
  });
}
