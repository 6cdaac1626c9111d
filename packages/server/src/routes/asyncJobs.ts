import { createReadStream } from "node:fs";
import {
  asyncJobListQuerySchema,
  defaultDownloadFileName,
  directDownloadRowLimit,
  downloadMessages,
  type ExportManifest,
  encodeManifestHeader,
  exportManifestHeader,
  exportParameterSchemas,
  parseExportRequest,
} from "@sleuth/sdk";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { mintDownloadToken, redeemDownloadToken } from "../downloads/downloadTokens.ts";
import { exportText } from "../downloads/exportFile.ts";
import { exportFileLabel, exportReadRole, exportRowSource } from "../downloads/exportSources.ts";
import { findJob, insertJob, listJobs } from "../downloads/jobRows.ts";
import { serverVersion } from "../downloads/serverVersion.ts";
import { requireRole } from "../http/auth.ts";
import { badRequest, HttpError, issuesOf, notFound } from "../http/errors.ts";
import { parseOr400 } from "../http/validation.ts";
import type { RouteContext } from "./context.ts";

const jobParamsSchema = z.object({ asyncJobUuid: z.uuid() });
const tokenParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) });

function parseRequest(body: unknown) {
  const parsed = parseExportRequest(body);
  if (!parsed.success) throw badRequest("The request is not valid", issuesOf(parsed.error));
  return parsed.data;
}

/** The caller's member scope for a table: its read role, else 403, as the table's read call. */
function memberFor(request: FastifyRequest, jobType: keyof typeof exportReadRole) {
  return requireRole(request, exportReadRole[jobType]);
}

/** Where the browser or the CLI reached us, so the URL works from there. */
function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export function asyncJobRoutes(app: FastifyInstance, { store, exportWorker }: RouteContext): void {
  /** The request's table rows, read in the caller's organization with the table's read role. */
  const requestedRows = async (request: FastifyRequest) => {
    requireRole(request, "viewer");
    const { jobType, parameters } = parseRequest(request.body);
    const { user, organization } = memberFor(request, jobType);
    const source = await exportRowSource(store, jobType, parameters, {
      organizationId: organization.id,
      userId: user.id,
    });
    return { jobType, parameters, user, organization, source };
  };

  // 001 §7 POST /v1/async-jobs {jobType, parameters}: 'Process Download' (001 §4).
  app.post("/v1/async-jobs", { config: { idempotent: true } }, async (request, reply) => {
    const { jobType, parameters, user, organization, source } = await requestedRows(request);
    const totalRows = await source.count();
    if (totalRows === 0) throw badRequest(downloadMessages.noRecords);
    const job = await insertJob(store, {
      organizationId: organization.id,
      userId: user.id,
      jobType,
      parameters,
      fileName: defaultDownloadFileName(exportFileLabel[jobType]),
      totalRows,
    });
    exportWorker?.kick();
    return reply.code(201).send({ data: job });
  });

  // 001 §7 GET /v1/async-jobs: the caller's jobs in the current organization; meta.count.
  app.get("/v1/async-jobs", async (request) => {
    const { user, organization } = requireRole(request, "viewer");
    const query = parseOr400(asyncJobListQuerySchema, request.query);
    const { jobs, count } = await listJobs(
      store,
      { organizationId: organization.id, userId: user.id },
      query,
    );
    return { data: jobs, meta: { count, limit: query.limit, offset: query.offset } };
  });

  app.get("/v1/async-jobs/:asyncJobUuid", async (request) => {
    const { user, organization } = requireRole(request, "viewer");
    const { asyncJobUuid } = parseOr400(jobParamsSchema, request.params);
    const job = await findJob(store, { organizationId: organization.id, userId: user.id }, asyncJobUuid);
    if (!job) throw notFound("No such job");
    const { id: _id, resultPath: _path, ...details } = job;
    return { data: details };
  });

  // 001 §7 POST /v1/async-jobs/{asyncJobUuid}/download-url: a short-lived URL to the finished file.
  app.post("/v1/async-jobs/:asyncJobUuid/download-url", async (request) => {
    const { user, organization } = requireRole(request, "viewer");
    const { asyncJobUuid } = parseOr400(jobParamsSchema, request.params);
    const job = await findJob(store, { organizationId: organization.id, userId: user.id }, asyncJobUuid);
    if (!job) throw notFound("No such job");
    if (job.status === "expired") throw notFound("The job's result has expired");
    if (job.status !== "succeeded" || job.resultPath === null) {
      throw badRequest(`The job's result is not ready (${job.status})`);
    }
    const { token, expiresAt } = await mintDownloadToken(store, job.id);
    return {
      data: {
        url: `${originOf(request)}/v1/async-job-results/${token}`,
        expiresAt: expiresAt.toISOString(),
        fileName: job.fileName,
      },
    };
  });

  // The download URL itself: the token is the credential; the manifest travels as a header.
  app.get("/v1/async-job-results/:token", async (request, reply) => {
    const { token } = parseOr400(tokenParamsSchema, request.params);
    const result = await redeemDownloadToken(store, token);
    if (!result) throw notFound("This download link has expired; ask for a new one");
    const [row] = await store.query<{ manifest: ExportManifest }>(
      "SELECT manifest FROM async_jobs WHERE result_path = $1",
      [result.path],
    );
    if (row) reply.header(exportManifestHeader, encodeManifestHeader(row.manifest));
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="${result.fileName}"`)
      .header("cache-control", "no-store")
      .send(createReadStream(result.path));
  });

  // 001 §4 the Download CSV modal's count: the rows the request's window holds, as the job counts them.
  app.post("/v1/downloads/count", async (request) => {
    const { source } = await requestedRows(request);
    return { data: { count: await source.count() } };
  });

  // 001 §4 'Download': the same rows through the same writer, at most 100 of them, answered at once.
  app.post("/v1/downloads/csv", async (request, reply) => {
    const { jobType, parameters, source } = await requestedRows(request);
    const window = exportParameterSchemas[jobType].parse(parameters);
    const rowCount = await source.count();
    if (rowCount === 0) throw badRequest(downloadMessages.noRecords);
    // 001 §4: more than 100 rows is 'Process Download'; the count tells the client what to plan.
    if (rowCount > directDownloadRowLimit) {
      throw new HttpError(
        409,
        "conflict",
        `A direct download holds at most ${directDownloadRowLimit} rows; start a background job for these ${rowCount}`,
        { details: { rowCount } },
      );
    }
    const written = await exportText(jobType, source);
    const fileName = defaultDownloadFileName(exportFileLabel[jobType]);
    const manifest: ExportManifest = {
      jobType,
      parameters: window,
      asyncJobUuid: null,
      fileName,
      rowCount: written.rowCount,
      byteLength: written.byteLength,
      sha256: written.sha256,
      serverVersion,
      createdAt: new Date().toISOString(),
    };
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="${fileName}"`)
      .header(exportManifestHeader, encodeManifestHeader(manifest))
      .header("cache-control", "no-store")
      .send(written.text);
  });
}
