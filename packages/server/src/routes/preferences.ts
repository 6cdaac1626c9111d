import { preferenceKeySchema, preferenceValueSchemas, putPreferenceBodySchema } from "@sleuth/sdk";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { listPreferences, putPreference } from "../accounts/preferences.ts";
import { requireRole } from "../http/auth.ts";
import { notFound } from "../http/errors.ts";
import { parseOr400 } from "../http/validation.ts";
import type { RouteContext } from "./context.ts";

const preferenceParamsSchema = z.object({ key: z.string() });

export function preferenceRoutes(app: FastifyInstance, { store }: RouteContext): void {
  // 000 §3: the caller's own preferences in the current organization; any role may keep them.
  app.get("/user-preferences", async (request) => {
    const { user, organization } = requireRole(request, "viewer");
    return { data: await listPreferences(store, user.id, organization.id) };
  });

  app.put("/user-preferences/:key", async (request) => {
    const { user, organization } = requireRole(request, "viewer");
    const { key: rawKey } = parseOr400(preferenceParamsSchema, request.params);
    const key = preferenceKeySchema.safeParse(rawKey);
    if (!key.success) throw notFound(`Unknown preference key '${rawKey}'`);
    const body = parseOr400(putPreferenceBodySchema, request.body);
    const value = parseOr400(preferenceValueSchemas[key.data], body.value);
    return {
      data: await putPreference(store, {
        userId: user.id,
        organizationId: organization.id,
        key: key.data,
        value,
      }),
    };
  });
}
