import { z } from "zod";
import {
  type AsyncJobListQuery,
  asyncJobDetailsSchema,
  awaitingDownloadQuery,
  downloadUrlSchema,
  type ExportRequest,
} from "../downloads/exportJobs.ts";
import {
  decodeManifestHeader,
  type ExportManifest,
  exportManifestHeader,
} from "../downloads/exportManifest.ts";
import type { HttpCore } from "./httpCore.ts";

/**
 * 001 §7 background jobs and the direct download (docs/API.md "Downloads and background jobs"):
 * create a job, list the caller's organization's jobs, mint a short-lived download URL; and the
 * direct CSV of at most 100 rows, with the manifest the server sends beside it.
 */
export function asyncJobsApi(core: HttpCore) {
  return {
    create: async (request: ExportRequest) =>
      (
        await core.request("POST", "/v1/async-jobs", {
          body: request,
          schema: asyncJobDetailsSchema,
          idempotencyKey: true,
        })
      ).data,
    list: async (query: AsyncJobListQuery = {}) => {
      const answer = await core.request("GET", "/v1/async-jobs", {
        query: { ...query },
        schema: z.array(asyncJobDetailsSchema),
      });
      const count = z.object({ count: z.int().min(0) }).parse(answer.meta).count;
      return { jobs: answer.data, count };
    },
    get: async (asyncJobUuid: string) =>
      (
        await core.request("GET", `/v1/async-jobs/${encodeURIComponent(asyncJobUuid)}`, {
          schema: asyncJobDetailsSchema,
        })
      ).data,
    /** 001 §7 the notification count (polled every 5 s): ready results not downloaded yet. */
    awaitingDownloadCount: async (now: Date = new Date()) => {
      const answer = await core.request("GET", "/v1/async-jobs", {
        query: { ...awaitingDownloadQuery(now) },
        schema: z.array(asyncJobDetailsSchema),
      });
      return z.object({ count: z.int().min(0) }).parse(answer.meta).count;
    },
    downloadUrl: async (asyncJobUuid: string) =>
      (
        await core.request("POST", `/v1/async-jobs/${encodeURIComponent(asyncJobUuid)}/download-url`, {
          body: {},
          schema: downloadUrlSchema,
        })
      ).data,
    /**
     * How many rows a request would export (001 §4: the Download CSV modal's count, which decides
     * Download or Process Download), read by the export's own row source.
     */
    count: async (request: ExportRequest) =>
      (
        await core.request("POST", "/v1/downloads/count", {
          body: request,
          schema: z.object({ count: z.int().min(0) }),
        })
      ).data.count,
    /** 001 §4 'Download': the CSV of at most 100 rows, written by the jobs' own row writer. */
    direct: async (request: ExportRequest): Promise<{ csv: string; manifest: ExportManifest }> => {
      const answer = await core.requestText("POST", "/v1/downloads/csv", { body: request });
      const header = answer.headers[exportManifestHeader];
      if (!header) throw new Error("The download came without its manifest");
      return { csv: answer.body, manifest: decodeManifestHeader(header) };
    },
  };
}
