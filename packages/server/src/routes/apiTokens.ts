import { createApiTokenBodySchema } from "@sleuth/sdk";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { createApiToken, listApiTokens, revokeApiToken } from "../accounts/apiTokens.ts";
import { requireUser } from "../http/auth.ts";
import { badRequest, notFound } from "../http/errors.ts";
import { parseOr400 } from "../http/validation.ts";
import { checkCredentials } from "./auth.ts";
import type { RouteContext } from "./context.ts";

const tokenParamsSchema = z.object({ id: z.coerce.number().int().positive() });

export function apiTokenRoutes(app: FastifyInstance, { store }: RouteContext): void {
  // Not `idempotent`: the stored answer would hold the token in plaintext, and only its hash may be kept.
  app.post("/api-tokens", async (request, reply) => {
    const body = parseOr400(createApiTokenBodySchema, request.body);
    if ((body.email === undefined) !== (body.password === undefined)) {
      throw badRequest("Send both email and password, or neither when already signed in");
    }
    const user =
      body.email !== undefined && body.password !== undefined
        ? await checkCredentials(store, body.email, body.password, request.ip)
        : requireUser(request).user;
    const created = await createApiToken(store, user.id, body.name);
    return reply.code(201).send({ data: created });
  });

  app.get("/api-tokens", async (request) => ({
    data: await listApiTokens(store, requireUser(request).user.id),
  }));

  app.delete("/api-tokens/:id", async (request, reply) => {
    const { user } = requireUser(request);
    const { id } = parseOr400(tokenParamsSchema, request.params);
    if (!(await revokeApiToken(store, user.id, id))) throw notFound("Token not found");
    return reply.code(204).send();
  });
}
