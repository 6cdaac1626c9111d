import { z } from "zod";
import {
  type CreateGraphBody,
  createGraphBodySchema,
  graphNodeInfoSchema,
  graphSummarySchema,
  type PatchGraphBody,
  patchGraphBodySchema,
  savedGraphSchema,
} from "../graph/graphDocument.ts";
import {
  type ExpandRequest,
  expandRequestSchema,
  expandResultSchema,
  type TraceRequest,
  traceRequestSchema,
  traceResultSchema,
} from "../graph/graphExplore.ts";
import { graphMessages } from "../graph/graphMessages.ts";
import { type TrmFile, trmFileSchema } from "../graph/trmFile.ts";
import { ApiError } from "./errors.ts";
import type { HttpCore } from "./httpCore.ts";

/** POST /graphs/{graphId}/export answers the file and the name to save it under. */
export const graphExportAnswerSchema = z.object({ fileName: z.string(), file: trmFileSchema.nullable() });

const path = (graphId: string) => `/graphs/${encodeURIComponent(graphId)}`;

/** 002 §7 `/graphs` calls, and our expand, trace and node lookups under the same path. */
export function graphsApi(core: HttpCore) {
  return {
    list: async (signal?: AbortSignal) =>
      (await core.request("GET", "/graphs", { schema: z.array(graphSummarySchema), signal })).data,
    get: async (graphId: string, signal?: AbortSignal) =>
      (await core.request("GET", path(graphId), { schema: savedGraphSchema, signal })).data,
    create: async (body: CreateGraphBody) =>
      (
        await core.request("POST", "/graphs", {
          body: createGraphBodySchema.parse(body),
          schema: savedGraphSchema,
          idempotencyKey: true,
        })
      ).data,
    update: async (graphId: string, body: PatchGraphBody) =>
      (
        await core.request("PATCH", path(graphId), {
          body: patchGraphBodySchema.parse(body),
          schema: savedGraphSchema,
        })
      ).data,
    /**
     * 002 §7 export: the .trm file. 002 §8: an answer without a file is a failure too, with the
     * spec's words.
     */
    export: async (
      graphId: string,
      options: { includeOrgNames?: boolean } = {},
    ): Promise<{ fileName: string; file: TrmFile }> => {
      const answer = (
        await core.request("POST", `${path(graphId)}/export`, {
          query: { includeOrgNames: options.includeOrgNames ?? false },
          // The export has nothing to send; an empty JSON body keeps it a JSON write like the others.
          body: {},
          schema: graphExportAnswerSchema,
        })
      ).data;
      if (answer.file === null)
        throw new ApiError({ status: 200, code: "internal", message: graphMessages.exportFailed });
      return { fileName: answer.fileName, file: answer.file };
    },
    nodes: async (trmUrns: readonly string[], signal?: AbortSignal) =>
      (
        await core.request("POST", "/graphs/nodes", {
          body: { trmUrns },
          schema: z.array(graphNodeInfoSchema),
          signal,
        })
      ).data,
    expand: async (request: ExpandRequest, signal?: AbortSignal) =>
      (
        await core.request("POST", "/graphs/expand", {
          body: expandRequestSchema.parse(request),
          schema: expandResultSchema,
          signal,
        })
      ).data,
    trace: async (request: TraceRequest, signal?: AbortSignal) =>
      (
        await core.request("POST", "/graphs/trace", {
          body: traceRequestSchema.parse(request),
          schema: traceResultSchema,
          signal,
        })
      ).data,
  };
}
