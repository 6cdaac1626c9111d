import type { ImportFormat, ImportJob, ImportResult } from "@sleuth/sdk";
import type { Queryable } from "../store/store.ts";
import type { ImportOptions } from "./importFormats.ts";
import type { ImportProgress } from "./runImport.ts";

// Issue 46: the import_jobs queue (migration 0310), claimed like the export jobs (jobRows.ts).

/** A job as the worker reads it. */
export interface ClaimedImportJob {
  id: number;
  uuid: string;
  organizationId: number;
  format: ImportFormat;
  options: ImportOptions;
  attempts: number;
}

const jobColumns = `uuid::text AS "importJobUuid", format, status, phase, bytes::float8 AS bytes,
  records_read AS "recordsRead", inserted, unchanged, skipped_count AS "skippedCount", result, error,
  to_json(created_at) #>> '{}' AS "createdAt", to_json(finished_at) #>> '{}' AS "finishedAt"`;

/** A job whose file is still arriving: no worker claims it until `queueImportJob`. */
export async function createImportJob(
  db: Queryable,
  job: { organizationId: number; userId: number; format: ImportFormat; options: ImportOptions },
): Promise<{ id: number; uuid: string }> {
  const [row] = await db.query<{ id: number; uuid: string }>(
    `INSERT INTO import_jobs (organization_id, user_id, format, options) VALUES ($1, $2, $3, $4)
     RETURNING id::int AS id, uuid::text AS uuid`,
    [job.organizationId, job.userId, job.format, JSON.stringify(job.options)],
  );
  return row!;
}

// Bytes travel as hex text: PGlite converts a bytea parameter or answer byte by byte in JavaScript,
// while Node and PostgreSQL both turn hex around natively.
export async function appendImportChunk(db: Queryable, jobId: number, seq: number, body: Uint8Array) {
  await db.query("INSERT INTO import_job_chunks (job_id, seq, body) VALUES ($1, $2, decode($3, 'hex'))", [
    jobId,
    seq,
    Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString("hex"),
  ]);
}

export async function queueImportJob(db: Queryable, jobId: number, bytes: number): Promise<ImportJob> {
  const [row] = await db.query<ImportJob>(
    `UPDATE import_jobs SET status = 'queued', bytes = $2 WHERE id = $1 RETURNING ${jobColumns}`,
    [jobId, bytes],
  );
  return row!;
}

/** A request that broke off before its file was whole leaves no job. */
export async function discardImportJob(db: Queryable, jobId: number): Promise<void> {
  await db.query("DELETE FROM import_jobs WHERE id = $1 AND status = 'receiving'", [jobId]);
}

/** Imports are reference data of the whole server, started by an organization's admin: its admins see them. */
export async function findImportJob(
  db: Queryable,
  organizationId: number,
  uuid: string,
): Promise<ImportJob | null> {
  const [row] = await db.query<ImportJob>(
    `SELECT ${jobColumns} FROM import_jobs WHERE uuid = $1 AND organization_id = $2 AND status <> 'receiving'`,
    [uuid, organizationId],
  );
  return row ?? null;
}

/** The stored file, chunk by chunk in arrival order. */
export async function* importChunks(db: Queryable, jobId: number): AsyncGenerator<Uint8Array> {
  for (let seq = 0; ; seq++) {
    const [chunk] = await db.query<{ body: string }>(
      "SELECT encode(body, 'hex') AS body FROM import_job_chunks WHERE job_id = $1 AND seq = $2",
      [jobId, seq],
    );
    if (!chunk) return;
    yield Buffer.from(chunk.body, "hex");
  }
}

/**
 * Claims the oldest job no live worker holds: a queued one, or a running one whose worker stopped
 * beating its heartbeat. Its progress starts again: a rerun reads the file from the start.
 */
export async function claimImportJob(
  db: Queryable,
  workerId: string,
  staleMs: number,
): Promise<ClaimedImportJob | null> {
  const [row] = await db.query<ClaimedImportJob>(
    `UPDATE import_jobs SET status = 'running', phase = 'reading', attempts = attempts + 1, claimed_by = $1,
       heartbeat_at = now(), started_at = now(), records_read = 0, inserted = 0, unchanged = 0,
       skipped_count = 0, error = NULL
     WHERE id = (
       SELECT id FROM import_jobs
       WHERE status = 'queued'
          OR (status = 'running' AND heartbeat_at < now() - $2 * interval '1 millisecond')
       ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
     RETURNING id::int AS id, uuid::text AS uuid, organization_id AS "organizationId", format, options, attempts`,
    [workerId, staleMs],
  );
  return row ?? null;
}

/**
 * PGlite is one process's store: at start, a job still running lost its worker, and a file still
 * arriving lost its request.
 */
export async function recoverImportJobs(db: Queryable): Promise<number> {
  await db.query("DELETE FROM import_jobs WHERE status = 'receiving'");
  const rows = await db.query(
    "UPDATE import_jobs SET status = 'queued', phase = 'queued', claimed_by = NULL WHERE status = 'running' RETURNING id",
  );
  return rows.length;
}

/** Beats the heartbeat with the progress so far; false when another worker has taken the job over. */
export async function recordImportProgress(
  db: Queryable,
  job: ClaimedImportJob,
  workerId: string,
  progress: ImportProgress,
): Promise<boolean> {
  const updated = await db.query(
    `UPDATE import_jobs SET heartbeat_at = now(), phase = $3, records_read = $4, inserted = $5,
       unchanged = $6, skipped_count = $7
     WHERE id = $1 AND claimed_by = $2 AND status = 'running' RETURNING id`,
    [
      job.id,
      workerId,
      progress.phase,
      progress.recordsRead,
      progress.inserted,
      progress.unchanged,
      progress.skippedCount,
    ],
  );
  return updated.length > 0;
}

/** In the import's own transaction: the job is done exactly when its writes are, and its file goes. */
export async function completeImportJob(
  tx: Queryable,
  job: ClaimedImportJob,
  recordsRead: number,
  result: ImportResult,
): Promise<void> {
  await tx.query(
    `UPDATE import_jobs SET status = 'succeeded', phase = 'done', result = $2, records_read = $3,
       inserted = $4, unchanged = $5, skipped_count = $6, finished_at = clock_timestamp(), claimed_by = NULL
     WHERE id = $1`,
    [job.id, JSON.stringify(result), recordsRead, result.inserted, result.unchanged, result.skippedCount],
  );
  await tx.query("DELETE FROM import_job_chunks WHERE job_id = $1", [job.id]);
}

export async function failImportJob(
  db: Queryable,
  job: ClaimedImportJob,
  workerId: string,
  error: { message: string; line: number | null },
): Promise<void> {
  await db.query(
    `UPDATE import_jobs SET status = 'failed', error = $3, finished_at = now(), claimed_by = NULL
     WHERE id = $1 AND claimed_by = $2`,
    [job.id, workerId, JSON.stringify(error)],
  );
  await db.query("DELETE FROM import_job_chunks WHERE job_id = $1", [job.id]);
}

/** Puts a job a stopping worker held back in the queue, for the next start. */
export async function releaseImportJob(
  db: Queryable,
  job: ClaimedImportJob,
  workerId: string,
): Promise<void> {
  await db.query(
    "UPDATE import_jobs SET status = 'queued', phase = 'queued', claimed_by = NULL WHERE id = $1 AND claimed_by = $2 AND status = 'running'",
    [job.id, workerId],
  );
}
