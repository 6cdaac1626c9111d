import { type ImportJob, importFormats, respondAsyncPreference } from "@sleuth/sdk";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { requireRole } from "../http/auth.ts";
import { badRequest, HttpError, notFound } from "../http/errors.ts";
import { parseOr400 } from "../http/validation.ts";
import { ImportFormatError } from "../importers/importErrors.ts";
import { isImportFormat } from "../importers/importFormats.ts";
import {
  appendImportChunk,
  createImportJob,
  discardImportJob,
  findImportJob,
  queueImportJob,
} from "../importers/importJobRows.ts";
import type { ImportSource } from "../importers/importSource.ts";
import type { ImportWorker } from "../importers/importWorker.ts";
import { runImport, yieldToEventLoop } from "../importers/runImport.ts";
import type { Store } from "../store/store.ts";
import type { RouteContext } from "./context.ts";

// A stored file's chunks: each one short statement, so other requests are answered in between.
const storedChunkBytes = 4 * 1024 * 1024;

/** docs/IMPORTERS.md: an import body may be this large (a full ethereum-etl day is about this size). */
export const importBodyLimit = 256 * 1024 * 1024;

/** The raw file types an import may be sent as, besides JSON (docs/IMPORTERS.md). */
export const importMediaTypes = [
  "text/csv",
  "text/plain",
  "application/x-ndjson",
  "application/yaml",
  "text/yaml",
  "application/octet-stream",
] as const;

const importQuerySchema = z.object({
  chain: z.string().trim().min(1).max(40).optional(),
  // A symbol, or an asset URN (prices).
  asset: z.string().trim().min(1).max(200).optional(),
  source: z.string().trim().min(1).max(500).optional(),
});

const tooLarge = () =>
  new HttpError(
    413,
    "payload_too_large",
    `An import body may hold at most ${importBodyLimit / (1024 * 1024)} MiB`,
  );

/** The request body as it arrives, refused once it passes the limit. */
async function* limitedBody(
  request: FastifyRequest,
  payload: AsyncIterable<Buffer | string>,
): AsyncGenerator<Uint8Array | string> {
  let received = 0;
  for await (const chunk of payload) {
    received += typeof chunk === "string" ? Buffer.byteLength(chunk) : chunk.byteLength;
    if (received > importBodyLimit) {
      request.raw.destroy();
      throw tooLarge();
    }
    yield chunk;
  }
}

async function bodyText(source: AsyncIterable<Uint8Array | string>): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  for await (const chunk of source)
    text += typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}

/**
 * What the importer reads. Raw CSV, JSON lines and YAML stream through as they arrive. A JSON body
 * is either the file itself (a token list) or the file as one JSON string: the SDK's transport
 * speaks JSON only, so `client.imports.run` sends the file that way.
 */
async function sourceOf(request: FastifyRequest): Promise<ImportSource> {
  const declared = Number(request.headers["content-length"]);
  if (Number.isFinite(declared) && declared > importBodyLimit) throw tooLarge();
  const payload = request.body as AsyncIterable<Buffer | string> | undefined;
  if (payload === undefined || payload === null)
    throw badRequest("Send the file to import as the request body");
  const body = limitedBody(request, payload);
  const mediaType = (request.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  if (mediaType !== "application/json") return body;
  const text = await bodyText(body);
  if (!text.trimStart().startsWith('"')) return text;
  try {
    return JSON.parse(text) as string;
  } catch {
    throw badRequest("The body is not valid JSON");
  }
}

/** The body in pieces of about `storedChunkBytes`, as bytes. */
async function* storedChunks(source: ImportSource): AsyncGenerator<Uint8Array> {
  const encoder = new TextEncoder();
  const pieces: Uint8Array[] = [];
  let size = 0;
  const whole = () => {
    const joined = Buffer.concat(pieces, size);
    pieces.length = 0;
    size = 0;
    return joined;
  };
  const chunks = typeof source === "string" || source instanceof Uint8Array ? [source] : source;
  for await (const chunk of chunks) {
    const bytes = typeof chunk === "string" ? encoder.encode(chunk) : chunk;
    for (let start = 0; start < bytes.byteLength; start += storedChunkBytes) {
      const piece = bytes.subarray(start, start + storedChunkBytes);
      pieces.push(piece);
      size += piece.byteLength;
      if (size >= storedChunkBytes) yield whole();
    }
  }
  if (size > 0) yield whole();
}

/** Issue 46: keeps the file in the store and queues the import as a job. */
async function queueImport(
  store: Store,
  job: Parameters<typeof createImportJob>[1],
  source: ImportSource,
): Promise<ImportJob> {
  const { id } = await createImportJob(store, job);
  let bytes = 0;
  let seq = 0;
  try {
    for await (const chunk of storedChunks(source)) {
      await appendImportChunk(store, id, seq++, chunk);
      await yieldToEventLoop();
      bytes += chunk.byteLength;
    }
    return await queueImportJob(store, id, bytes);
  } catch (error) {
    await discardImportJob(store, id).catch(() => {});
    throw error;
  }
}

/** The job as stored, with the progress of the run in this process (the store may be busy with it). */
function withLiveProgress(job: ImportJob, worker: ImportWorker | null | undefined): ImportJob {
  const live = job.status === "running" ? worker?.progressOf(job.importJobUuid) : null;
  return live ? { ...job, ...live } : job;
}

function wantsJob(request: FastifyRequest): boolean {
  const prefer = request.headers.prefer;
  const values = (Array.isArray(prefer) ? prefer.join(",") : (prefer ?? "")).toLowerCase().split(/[,;]/);
  return values.some((value) => value.trim() === respondAsyncPreference);
}

/**
 * `POST /v1/imports/{format}` (docs/IMPORTERS.md): imports one file of public reference data.
 * Imports change what every organization on this server sees, so they take an admin of the
 * current organization. Answers `{data: {format, inserted, unchanged, skipped, skippedCount}}`, or
 * with `Prefer: respond-async` 202 and the import as a job (issue 46, `GET /v1/import-jobs/{uuid}`).
 */
export function importRoutes(app: FastifyInstance, { store, notifier, importWorker }: RouteContext): void {
  app.get<{ Params: { importJobUuid: string } }>("/v1/import-jobs/:importJobUuid", async (request) => {
    const member = requireRole(request, "admin");
    const uuid = parseOr400(z.object({ importJobUuid: z.uuid() }), request.params).importJobUuid;
    const job = await findImportJob(store, member.organization.id, uuid);
    if (!job) throw notFound("No such import job");
    return { data: withLiveProgress(job, importWorker) };
  });
  app.register(async (scope) => {
    // This scope reads bodies itself: raw files of any media type, streamed, with their own limit.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { bodyLimit: importBodyLimit }, (_request, payload, done) =>
      done(null, payload),
    );
    scope.post<{ Params: { format: string } }>(
      "/v1/imports/:format",
      { bodyLimit: importBodyLimit, config: { rawMediaTypes: importMediaTypes } },
      async (request, reply) => {
        const member = requireRole(request, "admin");
        const { format } = request.params;
        if (!isImportFormat(format)) {
          throw notFound(`No importer for "${format}"; the formats are ${importFormats.join(", ")}`);
        }
        const options = parseOr400(importQuerySchema, request.query);
        const source = await sourceOf(request);
        if (wantsJob(request)) {
          const job = await queueImport(
            store,
            { organizationId: member.organization.id, userId: member.user.id, format, options },
            source,
          );
          importWorker?.kick();
          reply.code(202);
          return { data: job };
        }
        try {
          const result = await runImport(store, format, source, options, notifier);
          notifier.kick();
          return { data: result };
        } catch (error) {
          if (error instanceof ImportFormatError) throw badRequest(error.message, { line: error.line });
          throw error;
        }
      },
    );
  });
}
