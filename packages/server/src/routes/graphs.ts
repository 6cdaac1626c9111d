import {
  createGraphBodySchema,
  expandRequestSchema,
  flowValueTypes,
  graphCsvFileName,
  graphExportQuerySchema,
  graphNodesRequestSchema,
  parseUrn,
  patchGraphBodySchema,
  type TrmFile,
  traceRequestSchema,
  trmFileFormat,
  trmFileName,
  trmFileVersion,
} from "@sleuth/sdk";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { expandNode } from "../graphs/neighbours.ts";
import { resolveNodes } from "../graphs/nodeInfo.ts";
import { createGraph, findGraph, listGraphs, updateGraph } from "../graphs/savedGraphs.ts";
import { traceFunds } from "../graphs/trace.ts";
import { requireRole, viewerOf } from "../http/auth.ts";
import { badRequest, notFound } from "../http/errors.ts";
import { parseOr400 } from "../http/validation.ts";
import { resolveSubjectRows } from "../metrics/subjects.ts";
import type { RouteContext } from "./context.ts";

// docs/API.md "Graphs": 002 §7 `/graphs` calls (graph records of the current organization; editors
// write, 001 §6 / 002 §6) and our node lookup, expand and trace under the same path (viewers read).

const graphParamsSchema = z.object({ graphId: z.string().min(1).max(64) });
// A graph document of the 5,000 nodes it may hold is larger than the default body limit.
const graphBodyLimit = 16 * 1024 * 1024;
const graphNotFound = "Graph not found";

export function graphRoutes(app: FastifyInstance, { store, readStore }: RouteContext): void {
  app.get("/graphs", async (request) => {
    const { organization } = requireRole(request, "viewer");
    const graphs = await listGraphs(store, organization.id);
    return { data: graphs, meta: { count: graphs.length } };
  });

  app.post("/graphs", { bodyLimit: graphBodyLimit, config: { idempotent: true } }, async (request, reply) => {
    const { user, organization } = requireRole(request, "editor");
    const body = parseOr400(createGraphBodySchema, request.body);
    const graph = await createGraph(store, {
      organizationId: organization.id,
      userId: user.id,
      name: body.name,
      document: body.document,
    });
    return reply.code(201).send({ data: graph });
  });

  app.get("/graphs/:graphId", async (request) => {
    const { organization } = requireRole(request, "viewer");
    const { graphId } = parseOr400(graphParamsSchema, request.params);
    const graph = await findGraph(store, organization.id, graphId);
    if (!graph) throw notFound(graphNotFound);
    const { organizationName: _, ...saved } = graph;
    return { data: saved };
  });

  app.patch("/graphs/:graphId", { bodyLimit: graphBodyLimit }, async (request) => {
    const { organization } = requireRole(request, "editor");
    const { graphId } = parseOr400(graphParamsSchema, request.params);
    const body = parseOr400(patchGraphBodySchema, request.body);
    const graph = await updateGraph(store, organization.id, graphId, body);
    if (!graph) throw notFound(graphNotFound);
    return { data: graph };
  });

  // 002 §7: the .trm file of a saved graph. Reading is enough to export it.
  app.post("/graphs/:graphId/export", async (request) => {
    const { organization } = requireRole(request, "viewer");
    const { graphId } = parseOr400(graphParamsSchema, request.params);
    const { includeOrgNames } = parseOr400(graphExportQuerySchema, request.query);
    const graph = await findGraph(store, organization.id, graphId);
    if (!graph) throw notFound(graphNotFound);
    const file: TrmFile = {
      format: trmFileFormat,
      version: trmFileVersion,
      exportedAt: new Date().toISOString(),
      name: graph.name,
      graphId: graph.graphId,
      organization: includeOrgNames ? { name: graph.organizationName } : null,
      graph: graph.document,
    };
    return { data: { fileName: trmFileName(graphCsvFileName(graph.name)), file } };
  });

  app.post("/graphs/nodes", async (request) => {
    const member = requireRole(request, "viewer");
    const body = parseOr400(graphNodesRequestSchema, request.body);
    const nodes = await resolveNodes(readStore, viewerOf(member), body.trmUrns);
    return { data: nodes.map((node) => node.info) };
  });

  app.post("/graphs/expand", async (request) => {
    const member = requireRole(request, "viewer");
    const body = parseOr400(expandRequestSchema, request.body);
    const result = await expandNode(readStore, viewerOf(member), body);
    if (!result) throw notFound("Nothing to expand: the store does not know this node");
    return { data: result };
  });

  app.post("/graphs/trace", async (request) => {
    const member = requireRole(request, "viewer");
    const body = parseOr400(traceRequestSchema, request.body);
    const result = await traceFunds(readStore, viewerOf(member), body);
    if (!result) {
      // A subject the caller cannot see answers its kind's 404; anything else cannot start a trace.
      const kind = flowValueTypes.find((type) => type === parseUrn(body.trmUrn)?.kind);
      if (kind) await resolveSubjectRows(readStore, kind, body.trmUrn, viewerOf(member));
      throw badRequest("A trace starts at an address, an entity or a custom entity");
    }
    return { data: result };
  });
}
