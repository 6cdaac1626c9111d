import { z } from "zod";
import { runningJobPollIntervalMs } from "../constants/limits.ts";
import { isApiError } from "./errors.ts";
import type { HttpCore } from "./httpCore.ts";
import { sleep } from "./sleep.ts";

// docs/IMPORTERS.md: `POST /v1/imports/{format}` loads one file of public reference data.

export const importFormats = [
  "graphsense-tagpack",
  "graphsense-actorpack",
  "ethereum-etl",
  "bitcoin-etl",
  "ofac-sdn",
  "address-labels",
  "cryptoscamdb",
  "token-list",
  "prices",
] as const;
export const importFormatSchema = z.enum(importFormats);
export type ImportFormat = z.infer<typeof importFormatSchema>;

export const importResultSchema = z.object({
  format: importFormatSchema,
  /** Records newly written. */
  inserted: z.number().int().nonnegative(),
  /** Records the store already held (a repeated import answers only these). */
  unchanged: z.number().int().nonnegative(),
  /** The first records left out (at most 1,000), each with the line it starts on and why. */
  skipped: z.array(z.object({ line: z.number().int().nonnegative(), reason: z.string() })),
  skippedCount: z.number().int().nonnegative(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/**
 * Issue 46 (docs/API.md "Imports"): `Prefer: respond-async` on `POST /v1/imports/{format}` answers
 * 202 with the import as a background job once the file is stored; without it the server answers
 * the import's result when done, as before.
 */
export const respondAsyncPreference = "respond-async";

export const importJobStatuses = ["queued", "running", "succeeded", "failed"] as const;
/** queued → reading (a chain export parsed into staged rows) → applying (the one transaction) → done. */
export const importJobPhases = ["queued", "reading", "applying", "done"] as const;

export const importJobSchema = z.object({
  importJobUuid: z.uuid(),
  format: importFormatSchema,
  status: z.enum(importJobStatuses),
  phase: z.enum(importJobPhases),
  /** The file's size as stored. */
  bytes: z.number().int().nonnegative(),
  /** Records parsed so far (chain exports; the other formats count when applied). */
  recordsRead: z.number().int().nonnegative(),
  inserted: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
  skippedCount: z.number().int().nonnegative(),
  /** The synchronous answer, once succeeded. */
  result: importResultSchema.nullable(),
  /** Why it failed: a file that is not the format names its line. */
  error: z.object({ message: z.string(), line: z.number().int().nullable() }).nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

export interface ImportRunOptions {
  /** ethereum-etl: the EVM chain (default ethereum); bitcoin-etl: the UTXO chain (default bitcoin). */
  chain?: string;
  /**
   * ofac-sdn: the asset of a one-address-per-line list (XBT, ETH, USDT, …); prices: the asset of a
   * one-asset price file (a symbol or an asset URN; default: from the file name in `source`).
   */
  asset?: string;
  /** address-labels: the tags' source when the file has no `source` column; prices: the file's name. */
  source?: string;
  signal?: AbortSignal;
}

/** A file's content, or a stream of it (a Node file stream, a web stream's chunks). */
export type ImportBody = string | AsyncIterable<string | Uint8Array>;

async function textOf(body: ImportBody): Promise<string> {
  if (typeof body === "string") return body;
  const decoder = new TextDecoder();
  let text = "";
  for await (const chunk of body)
    text += typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}

/** Imports (admin of the current organization: imports are reference data every organization sees). */
export function importsApi(core: HttpCore) {
  const job = async (importJobUuid: string, signal?: AbortSignal): Promise<ImportJob> =>
    (
      await core.request("GET", `/v1/import-jobs/${encodeURIComponent(importJobUuid)}`, {
        schema: importJobSchema,
        signal,
      })
    ).data;
  /** Posts one file: the import's answer, or (asked with `Prefer: respond-async`) its job. */
  const send = async <T>(
    format: ImportFormat,
    body: ImportBody,
    options: ImportRunOptions,
    schema: z.ZodType<T>,
    headers?: Record<string, string>,
  ): Promise<T> => {
    const content = await textOf(body);
    const { signal, ...query } = options;
    return (
      await core.request("POST", `/v1/imports/${encodeURIComponent(format)}`, {
        query,
        body: content,
        schema,
        signal,
        ...(headers ? { headers } : {}),
      })
    ).data;
  };
  return {
    /**
     * Imports one file. The transport sends JSON bodies only, so a stream is read to its end and
     * the file travels as one JSON string, which the server accepts beside raw CSV, JSON lines and
     * YAML bodies. Not retried: an import may take long, and a repeat would only find it done.
     */
    run: (format: ImportFormat, body: ImportBody, options: ImportRunOptions = {}): Promise<ImportResult> =>
      send(format, body, options, importResultSchema),
    /** Issue 46: sends the file and answers at once with the import as a job (202). */
    start: (format: ImportFormat, body: ImportBody, options: ImportRunOptions = {}): Promise<ImportJob> =>
      send(format, body, options, importJobSchema, { prefer: respondAsyncPreference }),
    job,
    /**
     * Polls a job until it succeeded or failed, however long that takes, telling `onProgress`
     * each state it sees. A failed job answers too: its `error` says why. A poll that timed out, or
     * that a busy server refused (503 unavailable, after the transport's own retries), is sent
     * again, after the wait the server asked for: the server took the job, so it is alive, and
     * busy (an embedded store applying the import serves no other statement until it commits).
     */
    wait: async (
      importJobUuid: string,
      onProgress: (job: ImportJob) => void = () => {},
      signal?: AbortSignal,
    ): Promise<ImportJob> => {
      for (;;) {
        let current: ImportJob;
        try {
          current = await job(importJobUuid, signal);
        } catch (error) {
          if (!isApiError(error) || signal?.aborted) throw error;
          if (error.code === "timeout") continue;
          if (error.code === "unavailable" && error.retryable) {
            await sleep(error.retryAfterMs ?? runningJobPollIntervalMs, signal);
            continue;
          }
          throw error;
        }
        onProgress(current);
        if (current.status === "succeeded" || current.status === "failed") return current;
        await sleep(runningJobPollIntervalMs, signal);
      }
    },
  };
}
