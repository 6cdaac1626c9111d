import { randomUUID } from "node:crypto";
import { readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import {
  downloadMessages,
  type ExportManifest,
  exportParameterSchemas,
  type Role,
  roleAtLeast,
} from "@sleuth/sdk";
import { partialFileSuffix } from "@sleuth/sdk/node";
import type { FastifyBaseLogger } from "fastify";
import { type DeliverySettings, queueNotification } from "../notifications/outboxRows.ts";
import { afterRequestTransaction } from "../store/requestTransaction.ts";
import { isStoreUnavailable, type Queryable, type Store } from "../store/store.ts";
import { PollPause } from "../workers/pollPause.ts";
import { writeExportFile } from "./exportFile.ts";
import { exportReadRole, exportRowSource } from "./exportSources.ts";
import {
  beatHeartbeat,
  type ClaimedJob,
  claimJob,
  completeJob,
  expireResults,
  failJob,
  recordProgress,
  releaseJob,
  requeueRunningJobs,
} from "./jobRows.ts";
import { serverVersion } from "./serverVersion.ts";

export interface ExportWorkerOptions {
  /** Where finished files live (one per job, named by its uuid). */
  exportDir: string;
  /** Jobs run side by side in this process. */
  concurrency?: number;
  /** How often an idle worker looks for work another process queued. */
  pollMs?: number;
  heartbeatMs?: number;
  /** A running job whose heartbeat is older than this lost its worker and is claimed again. */
  staleMs?: number;
  cleanupMs?: number;
  /** Attempts before a job that keeps failing (or killing its server) is given up. */
  maxAttempts?: number;
  log: FastifyBaseLogger;
  /** Issue 40: a finished job tells its owner (when their preference asks for it). */
  notifier?: (DeliverySettings & { kick(): void }) | null;
}

class JobTakenOver extends Error {}
class WorkerStopping extends Error {}

/**
 * The background worker in the server process (docs/ARCHITECTURE.md "Background jobs"): claims
 * jobs from the store's async_jobs table, writes each one's file with writeExportFile, and expires
 * old results. Everything it knows lives in the store, so a server that died mid-job finds the job
 * again on restart (PGlite: at once; PostgreSQL: once its heartbeat is stale) and reruns it.
 */
export class ExportWorker {
  readonly id = `worker-${randomUUID()}`;
  private readonly options: Required<Omit<ExportWorkerOptions, "log" | "notifier">> & {
    log: FastifyBaseLogger;
  };
  private readonly notifier: ExportWorkerOptions["notifier"];
  private running = new Map<number, Promise<void>>();
  private stopping = false;
  private readonly pause = new PollPause();
  private loop: Promise<void> | null = null;
  private lastCleanup = 0;

  private readonly store: Store;

  constructor(store: Store, options: ExportWorkerOptions) {
    this.store = store;
    this.options = {
      concurrency: 2,
      pollMs: 1_000,
      heartbeatMs: 2_000,
      staleMs: 15_000,
      cleanupMs: 60_000,
      maxAttempts: 3,
      ...options,
    };
    this.notifier = options.notifier ?? null;
  }

  async start(): Promise<void> {
    if (this.store.kind === "pglite") {
      const requeued = await requeueRunningJobs(this.store);
      if (requeued > 0) this.options.log.info({ requeued }, "jobs interrupted by the last stop run again");
    }
    await this.removeStrayPartials();
    this.loop = this.run();
  }

  /** A job was queued: look now rather than at the next poll. */
  kick(): void {
    // Inside a request's transaction the row is not committed yet: wake once it is.
    afterRequestTransaction(() => this.pause.wake());
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.kick();
    await this.loop;
    await Promise.allSettled(this.running.values());
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      try {
        await this.cleanupWhenDue();
        while (!this.stopping && this.running.size < this.options.concurrency) {
          const job = await claimJob(this.store, this.id, this.options.staleMs);
          if (!job) break;
          const done = this.execute(job).finally(() => {
            this.running.delete(job.id);
            this.kick();
          });
          this.running.set(job.id, done);
        }
      } catch (error) {
        if (this.stopping) break;
        this.options.log.error({ err: error }, "export worker could not claim jobs");
      }
      if (this.stopping) break;
      await this.pause.wait(this.options.pollMs);
    }
  }

  private async execute(job: ClaimedJob): Promise<void> {
    const log = this.options.log.child({ asyncJobUuid: job.uuid, jobType: job.jobType });
    if (job.attempts > this.options.maxAttempts) {
      await failJob(this.store, job, this.id, downloadMessages.failed);
      log.error({ attempts: job.attempts }, "export job given up");
      return;
    }
    const heartbeat = setInterval(() => {
      beatHeartbeat(this.store, job, this.id).catch(() => {});
    }, this.options.heartbeatMs);
    try {
      await this.checkStillAllowed(job);
      const source = await exportRowSource(this.store, job.jobType, job.parameters, {
        organizationId: job.organizationId,
        userId: job.userId,
      });
      const path = join(this.options.exportDir, `${job.uuid}.csv`);
      const written = await writeExportFile(
        path,
        job.jobType,
        source,
        async (rows) => {
          if (this.stopping) throw new WorkerStopping();
          if (!(await recordProgress(this.store, job, this.id, rows))) throw new JobTakenOver();
        },
        { readAhead: this.store.kind === "postgres" },
      );
      const manifest: ExportManifest = {
        jobType: job.jobType,
        parameters: exportParameterSchemas[job.jobType].parse(job.parameters),
        asyncJobUuid: job.uuid,
        fileName: job.fileName,
        rowCount: written.rowCount,
        byteLength: written.byteLength,
        sha256: written.sha256,
        serverVersion,
        createdAt: new Date().toISOString(),
      };
      const completed = await this.store.transaction(async (tx) => {
        if (!(await completeJob(tx, job, this.id, { path, manifest }))) return false;
        await this.tellOwner(tx, job, "succeeded");
        return true;
      });
      if (!completed) throw new JobTakenOver();
      this.notifier?.kick();
      log.info({ rows: written.rowCount, bytes: written.byteLength }, "export job done");
    } catch (error) {
      if (error instanceof WorkerStopping) {
        await releaseJob(this.store, job, this.id).catch(() => {});
      } else if (error instanceof JobTakenOver) {
        log.warn("export job taken over by another worker");
      } else if (isStoreUnavailable(error)) {
        // Issue 41: the store went away, not the job's fault. Failing it would stick once the store
        // is back; left as it is, its heartbeat goes stale and it is claimed again and rerun.
        log.warn({ err: error }, "export job interrupted: the store is not answering");
      } else {
        log.error({ err: error }, "export job failed");
        // The atomic writer removed its partial file; the job says why rather than "try again later".
        const code = (error as NodeJS.ErrnoException).code;
        const message =
          code === "ENOSPC" || code === "EDQUOT" ? downloadMessages.diskFull : downloadMessages.failed;
        await failJob(this.store, job, this.id, message).catch(() => {});
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async tellOwner(tx: Queryable, job: ClaimedJob, status: string): Promise<void> {
    if (!this.notifier) return;
    await queueNotification(tx, this.notifier, {
      organizationId: job.organizationId,
      causedByUserId: job.userId,
      event: { kind: "job-finished", asyncJobUuid: job.uuid, fileName: job.fileName, status },
      members: [job.userId],
    });
  }

  /** A member who left the organization, or lost the role the table needs, exports nothing more. */
  private async checkStillAllowed(job: ClaimedJob): Promise<void> {
    const [membership] = await this.store.query<{ role: Role }>(
      "SELECT role FROM memberships WHERE user_id = $1 AND organization_id = $2",
      [job.userId, job.organizationId],
    );
    if (!membership || !roleAtLeast(membership.role, exportReadRole[job.jobType])) {
      throw new Error("the job's owner may no longer read this table");
    }
  }

  private async cleanupWhenDue(): Promise<void> {
    const now = Date.now();
    if (now - this.lastCleanup < this.options.cleanupMs) return;
    this.lastCleanup = now;
    for (const path of await expireResults(this.store)) await rm(path, { force: true });
  }

  /** Temporary files a killed process left behind; never served, so only disk to give back. */
  private async removeStrayPartials(): Promise<void> {
    let names: string[];
    try {
      names = await readdir(this.options.exportDir);
    } catch {
      return;
    }
    for (const name of names) {
      if (!name.endsWith(partialFileSuffix)) continue;
      const path = join(this.options.exportDir, name);
      const info = await stat(path).catch(() => null);
      if (info && Date.now() - info.mtimeMs > this.options.staleMs) await rm(path, { force: true });
      else if (info && this.store.kind === "pglite") await rm(path, { force: true });
    }
  }
}
