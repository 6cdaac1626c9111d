import {
  type AsyncJobDetails,
  type asyncJobListQuerySchema,
  type ExportJobType,
  type ExportManifest,
  jobResultLifetimeMs,
} from "@sleuth/sdk";
import type { z } from "zod";
import type { Queryable } from "../store/store.ts";

/** A job as the worker reads it. */
export interface ClaimedJob {
  id: number;
  uuid: string;
  organizationId: number;
  userId: number;
  jobType: ExportJobType;
  parameters: Record<string, unknown>;
  fileName: string;
  attempts: number;
}

const detailsColumns = `uuid::text AS "asyncJobUuid", job_type AS "jobType", parameters,
  to_json(result_downloaded_at) #>> '{}' AS "resultDownloadedAt",
  to_json(result_expires_at) #>> '{}' AS "resultExpiresAt",
  status, progress_rows AS "progressRows", total_rows AS "totalRows", file_name AS "fileName",
  to_json(created_at) #>> '{}' AS "createdAt", to_json(finished_at) #>> '{}' AS "finishedAt", error`;

export async function insertJob(
  db: Queryable,
  job: {
    organizationId: number;
    userId: number;
    jobType: ExportJobType;
    parameters: Record<string, unknown>;
    fileName: string;
    totalRows: number;
  },
): Promise<AsyncJobDetails> {
  const [row] = await db.query<AsyncJobDetails>(
    `INSERT INTO async_jobs (organization_id, user_id, job_type, parameters, file_name, total_rows)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${detailsColumns}`,
    [job.organizationId, job.userId, job.jobType, job.parameters, job.fileName, job.totalRows],
  );
  return row as AsyncJobDetails;
}

export async function findJob(
  db: Queryable,
  scope: { organizationId: number; userId: number },
  uuid: string,
): Promise<(AsyncJobDetails & { id: number; resultPath: string | null }) | null> {
  const [row] = await db.query<AsyncJobDetails & { id: number; resultPath: string | null }>(
    `SELECT id::int AS id, result_path AS "resultPath", ${detailsColumns} FROM async_jobs
     WHERE uuid = $1 AND organization_id = $2 AND user_id = $3`,
    [uuid, scope.organizationId, scope.userId],
  );
  return row ?? null;
}

const sortSql: Record<z.output<typeof asyncJobListQuerySchema>["sort"], string> = {
  createdAt: "created_at ASC, id ASC",
  "-createdAt": "created_at DESC, id DESC",
  resultExpiresAt: "result_expires_at ASC NULLS LAST, id ASC",
  "-resultExpiresAt": "result_expires_at DESC NULLS LAST, id DESC",
  resultDownloadedAt: "result_downloaded_at ASC NULLS LAST, id ASC",
  "-resultDownloadedAt": "result_downloaded_at DESC NULLS LAST, id DESC",
};

function dateFilter(column: string, value: string | undefined, params: unknown[]): string | null {
  if (value === undefined) return null;
  if (value === "null") return `${column} IS NULL`;
  if (value === "notNull") return `${column} IS NOT NULL`;
  const [operator, instant] = [value.slice(0, 2), value.slice(3)];
  params.push(instant);
  return `${column} ${operator === "gt" ? ">" : "<"} $${params.length}::timestamptz`;
}

/** 001 §7 GET /v1/async-jobs: the caller's jobs in the organization, filtered, sorted, paged. */
export async function listJobs(
  db: Queryable,
  scope: { organizationId: number; userId: number },
  query: z.output<typeof asyncJobListQuerySchema>,
): Promise<{ jobs: AsyncJobDetails[]; count: number }> {
  const params: unknown[] = [scope.organizationId, scope.userId];
  const conditions = ["organization_id = $1", "user_id = $2"];
  for (const condition of [
    dateFilter("result_downloaded_at", query.resultDownloadedAt, params),
    dateFilter("result_expires_at", query.resultExpiresAt, params),
  ]) {
    if (condition) conditions.push(condition);
  }
  if (query.status) {
    params.push(query.status);
    conditions.push(`status = $${params.length}`);
  }
  if (query.jobType) {
    params.push(query.jobType);
    conditions.push(`job_type = $${params.length}`);
  }
  const where = conditions.join(" AND ");
  const [counted] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM async_jobs WHERE ${where}`,
    params,
  );
  const jobs = await db.query<AsyncJobDetails>(
    `SELECT ${detailsColumns} FROM async_jobs WHERE ${where}
     ORDER BY ${sortSql[query.sort]} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, query.limit, query.offset],
  );
  return { jobs, count: counted?.n ?? 0 };
}

/**
 * Claims the oldest job no live worker holds: a queued one, or a running one whose worker stopped
 * beating its heartbeat (its process died). SKIP LOCKED lets several server processes on one
 * PostgreSQL claim side by side without waiting on each other or claiming the same job.
 */
export async function claimJob(db: Queryable, workerId: string, staleMs: number): Promise<ClaimedJob | null> {
  const [row] = await db.query<ClaimedJob>(
    `UPDATE async_jobs SET status = 'running', attempts = attempts + 1, claimed_by = $1,
       heartbeat_at = now(), started_at = now(), progress_rows = 0, error = NULL
     WHERE id = (
       SELECT id FROM async_jobs
       WHERE status = 'queued'
          OR (status = 'running' AND heartbeat_at < now() - $2 * interval '1 millisecond')
       ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
     RETURNING id::int AS id, uuid::text AS uuid, organization_id AS "organizationId", user_id AS "userId",
       job_type AS "jobType", parameters, file_name AS "fileName", attempts`,
    [workerId, staleMs],
  );
  return row ?? null;
}

/** PGlite is one process's store: at start, any job still marked running lost its worker. */
export async function requeueRunningJobs(db: Queryable): Promise<number> {
  const rows = await db.query(
    "UPDATE async_jobs SET status = 'queued', claimed_by = NULL WHERE status = 'running' RETURNING id",
  );
  return rows.length;
}

/** Beats the heartbeat and records progress; false when another worker has taken the job over. */
export async function recordProgress(
  db: Queryable,
  job: ClaimedJob,
  workerId: string,
  rows: number,
): Promise<boolean> {
  const updated = await db.query(
    `UPDATE async_jobs SET heartbeat_at = now(), progress_rows = $3
     WHERE id = $1 AND claimed_by = $2 AND status = 'running' RETURNING id`,
    [job.id, workerId, rows],
  );
  return updated.length > 0;
}

export async function beatHeartbeat(db: Queryable, job: ClaimedJob, workerId: string): Promise<void> {
  await db.query(
    "UPDATE async_jobs SET heartbeat_at = now() WHERE id = $1 AND claimed_by = $2 AND status = 'running'",
    [job.id, workerId],
  );
}

export async function completeJob(
  db: Queryable,
  job: ClaimedJob,
  workerId: string,
  result: { path: string; manifest: ExportManifest },
): Promise<boolean> {
  const updated = await db.query(
    `UPDATE async_jobs SET status = 'succeeded', result_path = $3, manifest = $4, finished_at = now(),
       progress_rows = $5, total_rows = $5, result_expires_at = now() + $6 * interval '1 millisecond',
       claimed_by = NULL
     WHERE id = $1 AND claimed_by = $2 AND status = 'running' RETURNING id`,
    [job.id, workerId, result.path, result.manifest, result.manifest.rowCount, jobResultLifetimeMs],
  );
  return updated.length > 0;
}

export async function failJob(
  db: Queryable,
  job: ClaimedJob,
  workerId: string | null,
  message: string,
): Promise<void> {
  await db.query(
    `UPDATE async_jobs SET status = 'failed', error = $3, finished_at = now(), claimed_by = NULL
     WHERE id = $1 AND (claimed_by = $2 OR $2 IS NULL)`,
    [job.id, workerId, message],
  );
}

/** Puts a job a stopping worker still held back in the queue, for the next start. */
export async function releaseJob(db: Queryable, job: ClaimedJob, workerId: string): Promise<void> {
  await db.query(
    "UPDATE async_jobs SET status = 'queued', claimed_by = NULL WHERE id = $1 AND claimed_by = $2 AND status = 'running'",
    [job.id, workerId],
  );
}

/** Results past their expiry: marked expired, their files named for deletion. */
export async function expireResults(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ path: string | null }>(
    `WITH due AS (
       SELECT id, result_path FROM async_jobs
       WHERE status = 'succeeded' AND result_expires_at <= now() FOR UPDATE SKIP LOCKED)
     UPDATE async_jobs SET status = 'expired', result_path = NULL, download_token_hash = NULL
     FROM due WHERE async_jobs.id = due.id
     RETURNING due.result_path AS path`,
  );
  return rows.map((row) => row.path).filter((path): path is string => path !== null);
}
