import {
  roleAtLeast,
  userAttributionListQuerySchema,
  userAttributionRequestSchema,
  uuidParamSchema,
} from "@sleuth/sdk";
import type { FastifyInstance } from "fastify";
import { createFlag, deleteFlag, findOwnFlag, listFlags } from "../flags/flags.ts";
import { requireRole } from "../http/auth.ts";
import { forbidden, notFound } from "../http/errors.ts";
import { parseOr400 } from "../http/validation.ts";
import type { RouteContext } from "./context.ts";

// docs/API.md "Flags" (001 §7): user attributions. Writing one needs the editor role; a flag is
// read within its organization, and by others only when propagated (element and category only).
export function flagRoutes(app: FastifyInstance, { store }: RouteContext): void {
  app.post("/v1/user-attributions", { config: { idempotent: true } }, async (request, reply) => {
    const { user, organization } = requireRole(request, "editor");
    const body = parseOr400(userAttributionRequestSchema, request.body);
    const flag = await createFlag(store, { organizationId: organization.id, userId: user.id, body });
    return reply.code(201).send({ data: flag });
  });

  app.delete("/v1/user-attributions/:uuid", async (request, reply) => {
    const { user, organization, role } = requireRole(request, "editor");
    const { uuid } = parseOr400(uuidParamSchema, request.params);
    const flag = await findOwnFlag(store, organization.id, uuid);
    if (!flag) throw notFound("Flag not found");
    // Choice: the author removes their flag; an admin may remove any of the organization's.
    if (flag.userId !== user.id && !roleAtLeast(role, "admin"))
      throw forbidden("Only the author or an admin can remove this flag");
    await deleteFlag(store, flag.id);
    return reply.code(204).send();
  });

  app.get("/v1/users/user-attributions", async (request) => {
    const { organization } = requireRole(request, "viewer");
    const query = parseOr400(userAttributionListQuerySchema, request.query);
    const page = await listFlags(store, { organizationId: organization.id, ...query });
    return { data: page.flags, meta: { count: page.count, limit: query.limit, offset: query.offset } };
  });
}
