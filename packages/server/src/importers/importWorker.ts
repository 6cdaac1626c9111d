import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { DeliverySettings } from "../notifications/outboxRows.ts";
import { afterRequestTransaction } from "../store/requestTransaction.ts";
import { isStoreUnavailable, type Store } from "../store/store.ts";
import { PollPause } from "../workers/pollPause.ts";
import { ImportFormatError } from "./importErrors.ts";
import {
  type ClaimedImportJob,
  claimImportJob,
  completeImportJob,
  failImportJob,
  importChunks,
  recordImportProgress,
  recoverImportJobs,
  releaseImportJob,
} from "./importJobRows.ts";
import { type ImportProgress, runImport } from "./runImport.ts";
import { deleteAbandonedStagedRows } from "./stagedRecords.ts";

export interface ImportWorkerOptions {
  log: FastifyBaseLogger;
  notifier: (DeliverySettings & { kick(): void }) | null;
  /** How often an idle worker looks for jobs another process queued. */
  pollMs?: number;
  heartbeatMs?: number;
  /** A running job whose heartbeat is older than this lost its worker and is claimed again. */
  staleMs?: number;
}

class JobTakenOver extends Error {}
class WorkerStopping extends Error {}

// Issue 46: a synchronous import's staged rows older than this lost their process (PostgreSQL).
const abandonedStagingMs = 24 * 60 * 60 * 1000;
const refusedMessage = "The import failed on the server; its file was not imported";

/**
 * Issue 46 (docs/ARCHITECTURE.md "Import jobs"): runs queued imports one at a time (they take one
 * lock on the store anyway). Everything it knows lives in the store, so a server that died mid-job
 * finds the job again on restart (PGlite: at once; PostgreSQL: once its heartbeat is stale) and
 * reruns it from the file it kept; the import's transaction marks the job done, so a job is done
 * exactly when its rows are in.
 */
export class ImportWorker {
  readonly id = `import-worker-${randomUUID()}`;
  private readonly store: Store;
  private readonly options: Required<Omit<ImportWorkerOptions, "notifier">> &
    Pick<ImportWorkerOptions, "notifier">;
  private stopping = false;
  private readonly pause = new PollPause();
  private loop: Promise<void> | null = null;
  /** The progress of the job this process runs: its last state, even while the store is busy with it. */
  private readonly live = new Map<string, ImportProgress>();

  constructor(store: Store, options: ImportWorkerOptions) {
    this.store = store;
    this.options = { pollMs: 1_000, heartbeatMs: 2_000, staleMs: 15_000, ...options };
  }

  async start(): Promise<void> {
    if (this.store.kind === "pglite") {
      const requeued = await recoverImportJobs(this.store);
      if (requeued > 0) this.options.log.info({ requeued }, "imports interrupted by the last stop run again");
    }
    await deleteAbandonedStagedRows(this.store, this.store.kind === "pglite" ? 0 : abandonedStagingMs);
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
  }

  /** How far a job this process runs has come (null: not running here). */
  progressOf(importJobUuid: string): ImportProgress | null {
    return this.live.get(importJobUuid) ?? null;
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      try {
        const job = await claimImportJob(this.store, this.id, this.options.staleMs);
        if (job) {
          await this.execute(job);
          continue;
        }
      } catch (error) {
        if (this.stopping) break;
        this.options.log.error({ err: error }, "import worker could not claim jobs");
      }
      if (this.stopping) break;
      await this.pause.wait(this.options.pollMs);
    }
  }

  private async execute(job: ClaimedImportJob): Promise<void> {
    const log = this.options.log.child({ importJobUuid: job.uuid, format: job.format });
    let latest: ImportProgress = {
      phase: "reading",
      recordsRead: 0,
      inserted: 0,
      unchanged: 0,
      skippedCount: 0,
    };
    this.live.set(job.uuid, latest);
    // One beat at a time: on PGlite a beat waits while the import's transaction holds the store.
    let beating: Promise<void> | null = null;
    let takenOver = false;
    const heartbeat = setInterval(() => {
      if (beating) return;
      beating = recordImportProgress(this.store, job, this.id, latest)
        .then((held) => {
          if (!held) takenOver = true;
        })
        .catch(() => {})
        .finally(() => {
          beating = null;
        });
    }, this.options.heartbeatMs);
    try {
      const result = await runImport(
        this.store,
        job.format,
        importChunks(this.store, job.id),
        job.options,
        this.options.notifier,
        {
          stagingKey: `job-${job.uuid}`,
          onProgress: (progress) => {
            if (this.stopping) throw new WorkerStopping();
            if (takenOver) throw new JobTakenOver();
            latest = progress;
            this.live.set(job.uuid, progress);
          },
          onApplied: async (tx, answer) => {
            await completeImportJob(tx, job, latest.recordsRead, answer);
          },
        },
      );
      this.options.notifier?.kick();
      log.info({ inserted: result.inserted, skipped: result.skippedCount }, "import job done");
    } catch (error) {
      if (error instanceof WorkerStopping) {
        await releaseImportJob(this.store, job, this.id).catch(() => {});
      } else if (error instanceof JobTakenOver) {
        log.warn("import job taken over by another worker");
      } else if (error instanceof ImportFormatError) {
        await failImportJob(this.store, job, this.id, { message: error.message, line: error.line ?? null });
      } else if (isStoreUnavailable(error)) {
        // Issue 41: the store went away, not the file's fault. The import's transaction rolled back;
        // left as it is, the job's heartbeat goes stale and it is claimed again and rerun.
        log.warn({ err: error }, "import job interrupted: the store is not answering");
      } else {
        log.error({ err: error }, "import job failed");
        await failImportJob(this.store, job, this.id, { message: refusedMessage, line: null }).catch(
          () => {},
        );
      }
    } finally {
      clearInterval(heartbeat);
      await beating;
      this.live.delete(job.uuid);
    }
  }
}
