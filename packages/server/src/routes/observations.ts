import { inetObservationsRequestSchema, scamReportsRequestSchema } from "@sleuth/sdk";
import type { FastifyInstance } from "fastify";
import { inetObservations, scamReportsFor } from "../flows/observations.ts";
import { requireRole } from "../http/auth.ts";
import { parseOr400 } from "../http/validation.ts";
import type { RouteContext } from "./context.ts";

// 000 §7 IP observations of an address (pages of 10) and 001 §7 "Other" scam reports by URN.

export function observationRoutes(app: FastifyInstance, { readStore }: RouteContext): void {
  app.get("/v1/inet/observations/summary/address", async (request) => {
    requireRole(request, "viewer");
    const query = parseOr400(inetObservationsRequestSchema, request.query);
    const page = await inetObservations(readStore, query.addressChainUrn, query);
    return { data: page.rows, meta: { count: page.count, limit: query.limit, offset: query.offset } };
  });

  app.get("/chainabuse/reports-by-urn", async (request) => {
    requireRole(request, "viewer");
    const { urn } = parseOr400(scamReportsRequestSchema, request.query);
    return { data: await scamReportsFor(readStore, urn) };
  });
}
