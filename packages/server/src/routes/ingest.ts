import { startIngestBodySchema } from "@sleuth/sdk";
import type { FastifyInstance } from "fastify";
import { requireRole } from "../http/auth.ts";
import { HttpError } from "../http/errors.ts";
import { parseOr400 } from "../http/validation.ts";
import type { RouteContext } from "./context.ts";

const noFollower = () => new HttpError(503, "unavailable", "No chain follower runs in this server process");

/**
 * Issue 46 (docs/API.md "Chain ingest"): the server's Ethereum follower. Like imports, what it
 * writes is chain data every organization sees, so it takes an admin of the current organization.
 */
export function ingestRoutes(app: FastifyInstance, { follower }: RouteContext): void {
  app.get("/v1/ingest/ethereum", async (request) => {
    requireRole(request, "admin");
    if (!follower) throw noFollower();
    return { data: await follower.status() };
  });
  app.post("/v1/ingest/ethereum", async (request) => {
    requireRole(request, "admin");
    if (!follower) throw noFollower();
    const body = parseOr400(startIngestBodySchema, request.body ?? {});
    await follower.start({
      rpcUrl: body.rpcUrl,
      from: body.from === undefined ? null : BigInt(body.from),
      to: body.to === undefined ? null : BigInt(body.to),
      confirmations: body.confirmations,
    });
    return { data: await follower.status() };
  });
  app.post("/v1/ingest/ethereum/stop", async (request) => {
    requireRole(request, "admin");
    if (!follower) throw noFollower();
    await follower.stop();
    return { data: await follower.status() };
  });
}
