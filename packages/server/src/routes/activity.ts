import { activityQuerySchema, logActivityBodySchema } from "@sleuth/sdk";
import type { FastifyInstance } from "fastify";
import { listActivity, logActivity } from "../accounts/activity.ts";
import { requireRole } from "../http/auth.ts";
import { parseOr400 } from "../http/validation.ts";
import type { RouteContext } from "./context.ts";

export function activityRoutes(app: FastifyInstance, { store }: RouteContext): void {
  // 000 §4 and 002 §7: the console records organization switches, searches and views here.
  app.post("/user-activity", { config: { idempotent: true } }, async (request, reply) => {
    const { user, organization } = requireRole(request, "viewer");
    const body = parseOr400(logActivityBodySchema, request.body);
    const entry = await logActivity(store, {
      userId: user.id,
      organizationId: organization.id,
      action: body.action,
      details: body.details,
    });
    return reply.code(201).send({ data: entry });
  });

  app.get("/user-activity", async (request) => {
    const { user, organization } = requireRole(request, "viewer");
    const query = parseOr400(activityQuerySchema, request.query);
    return {
      data: await listActivity(store, { userId: user.id, organizationId: organization.id, ...query }),
    };
  });
}
