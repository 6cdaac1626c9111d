import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createPglite, PgliteEngine, type PgliteRunner } from "./pgliteEngine.ts";
import { PgliteWorkerClient } from "./pgliteWorkerClient.ts";
import { isReadOnlyStatement } from "./requestDeadline.ts";
import type { Queryable, Store } from "./store.ts";
import { storeTurns } from "./storeTurns.ts";

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Another live process holds the embedded data directory (issue 41: a second server refuses). */
export class DataDirInUseError extends Error {
  readonly holderPid: number;
  constructor(pgdata: string, holderPid: number) {
    super(
      `The data directory ${pgdata} is in use by process ${holderPid} (another Sleuth server or admin command); stop it first, or give this one its own SLEUTH_DATA_DIR.`,
    );
    this.name = "DataDirInUseError";
    this.holderPid = holderPid;
  }
}

/**
 * PGlite is a single-process database: two processes writing one data directory corrupt it. A pid
 * file, created exclusively, turns that into a clear refusal before the second one touches a file;
 * the pid of a process that died without removing it (SIGKILL) is taken over.
 */
function claimDataDir(pgdata: string): () => void {
  const lockFile = `${pgdata}.lock`;
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt > 0) throw error;
    }
    let holder = Number.NaN;
    try {
      holder = Number(readFileSync(lockFile, "utf8"));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
    if (Number.isInteger(holder) && holder !== process.pid && processAlive(holder)) {
      throw new DataDirInUseError(pgdata, holder);
    }
    // A stale file (its process is gone): remove it and claim again, once.
    rmSync(lockFile, { force: true });
  }
}

export interface PgliteStoreOptions {
  /** Directory holding the cluster; omitted means in memory (tests). */
  dataDir?: string;
  /** A dump from `dumpDataDir()` to start from instead of running initdb (fast test stores). */
  loadDataDir?: Blob;
  /**
   * PostgreSQL's shared_buffers, e.g. "1GB" (PGlite's default: 128MB). A store much larger than the
   * cache reads most pages from the file system, through WASM, on every bulk lookup.
   */
  sharedBuffers?: string;
  /**
   * initdb's WAL segment size in MB for a cluster made here (PostgreSQL's default: 16). The test
   * suite's store templates use 1: every test store is a copy of one, and two empty default
   * segments would be most of what each copy carries.
   */
  walSegmentMb?: number;
  /** Where PGlite runs: the caller's thread unless "worker". */
  thread?: PgliteThread;
}

/**
 * Where PGlite runs. "worker": a worker thread of its own (pgliteWorker.ts), so a long statement or
 * an import's transaction never blocks the request loop (issue 46); the server's default
 * (SLEUTH_PGLITE_THREAD). "main": on the caller's thread, this function's default: tests and
 * scripts open hundreds of stores and serve no one while they work (docs/ARCHITECTURE.md "PGlite in
 * a worker thread").
 */
export type PgliteThread = "worker" | "main";

export const pgliteThreads: readonly PgliteThread[] = ["worker", "main"];

/** What PGlite runs beyond SQL: COPY through its /dev/blob device. */
export interface PgliteQueryable extends Queryable {
  /** COPY … FROM '/dev/blob', reading `input` as the file. */
  copyFrom(sql: string, input: string): Promise<void>;
  /** COPY … TO '/dev/blob': the file it wrote. */
  copyTo(sql: string): Promise<Blob>;
}

/** The embedded store; no caller needs PGlite's own handle, which may live on another thread. */
export interface PgliteStore extends Store, PgliteQueryable {
  readonly kind: "pglite";
  readonly thread: PgliteThread;
  transaction<R>(fn: (tx: PgliteQueryable) => Promise<R>): Promise<R>;
  /** The data directory as a tar (PGlite's dumpDataDir), to open a copy with `loadDataDir`. */
  dumpDataDir(): Promise<Blob>;
}

export function isPgliteStore(store: Store): store is PgliteStore {
  return store.kind === "pglite" && "copyFrom" in store;
}

/** Statements on PGlite itself, or in the transaction numbered `tx`. */
function queryableOn(runner: PgliteRunner, tx?: number): PgliteQueryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      return (await runner.run({ op: "query", sql, params, tx })) as T[];
    },
    async exec(sql: string) {
      await runner.run({ op: "exec", sql, tx });
    },
    async copyFrom(sql: string, input: string) {
      await runner.run({ op: "copyFrom", sql, input, tx });
    },
    async copyTo(sql: string) {
      return new Blob([await runner.run({ op: "copyTo", sql, tx })]);
    },
  };
}

/** The embedded store: PGlite (WASM PostgreSQL) with pg_trgm loaded for search. */
export async function openPgliteStore(options: PgliteStoreOptions = {}): Promise<PgliteStore> {
  const thread = options.thread ?? "main";
  let release = () => {};
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    release = claimDataDir(options.dataDir);
  }
  const engineOptions = {
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    sharedBuffers: options.sharedBuffers,
    walSegmentMb: options.walSegmentMb,
  };
  let runner: PgliteRunner;
  let worker: PgliteWorkerClient | undefined;
  try {
    if (thread === "worker") runner = worker = await PgliteWorkerClient.open(engineOptions);
    else runner = new PgliteEngine(await createPglite(engineOptions));
  } catch (error) {
    release();
    throw error;
  }
  // PGlite runs one statement or transaction at a time: the others wait their turn here, on the
  // main thread, where issue 41's load shedding reads the queue.
  const turns = storeTurns();
  const direct = queryableOn(runner);
  let closing: Promise<void> | undefined;
  return {
    kind: "pglite",
    thread,
    query: (sql, params) => turns.take(() => direct.query(sql, params), !isReadOnlyStatement(sql)),
    exec: (sql) => turns.take(() => direct.exec(sql), true),
    copyFrom: (sql, input) => turns.take(() => direct.copyFrom(sql, input), true),
    copyTo: (sql) => turns.take(() => direct.copyTo(sql), false),
    // PGlite's own db.transaction, held open across requests (pgliteEngine.ts): the statements of
    // `fn` run in it; it commits when `fn` returns and rolls back when it throws.
    transaction: (fn) =>
      turns.take(async () => {
        const tx = await runner.run({ op: "begin" });
        let result: Awaited<ReturnType<typeof fn>>;
        try {
          result = await fn(queryableOn(runner, tx));
        } catch (error) {
          await runner.run({ op: "end", tx, commit: false }).catch(() => {});
          throw error;
        }
        await runner.run({ op: "end", tx, commit: true });
        return result;
      }, true),
    dumpDataDir: () => turns.take(async () => new Blob([await runner.run({ op: "dump" })]), false),
    waiting: turns.waiting,
    expectedWaitMs: turns.expectedWaitMs,
    close() {
      closing ??= (async () => {
        try {
          await runner.run({ op: "close" });
        } finally {
          await worker?.terminate();
          release();
        }
      })();
      return closing;
    },
  };
}

export function pgdataPath(dataDir: string): string {
  return join(dataDir, "pgdata");
}
