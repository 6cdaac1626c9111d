import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { isReadOnlyStatement, requestStoreWork } from "./requestDeadline.ts";
import type { Queryable, Store } from "./store.ts";
import { DrainTimes, HoldTimes, SojournTimes, TurnGate } from "./storeWait.ts";

function queryableOf(db: PGlite | Transaction): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      return (await db.query<T>(sql, [...params])).rows;
    },
    async exec(sql: string) {
      await db.exec(sql);
    },
  };
}

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
}

/** The embedded store: PGlite (WASM PostgreSQL) with pg_trgm loaded for search. */
export async function openPgliteStore(options: PgliteStoreOptions = {}): Promise<Store & { db: PGlite }> {
  let release = () => {};
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    release = claimDataDir(options.dataDir);
  }
  let db: PGlite;
  try {
    db = await PGlite.create({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      extensions: { pg_trgm },
      ...(options.sharedBuffers ? { postgresqlconf: `shared_buffers = ${options.sharedBuffers}` } : {}),
      ...(options.walSegmentMb ? { initDbStartParams: [`--wal-segsize=${options.walSegmentMb}`] } : {}),
    });
  } catch (error) {
    release();
    throw error;
  }
  const base = queryableOf(db);
  // PGlite runs one statement or transaction at a time; the others queue behind its lock, in order.
  let inFlight = 0; // asked for, including those letting the loop go round first
  let entered = 0; // in PGlite's queue or running
  let runningSince = 0;
  const holds = new HoldTimes();
  const gate = new TurnGate();
  const sojourns = new SojournTimes();
  const drains = new DrainTimes();
  let lastDeparture = 0; // when the last unit ended, or the store became busy
  const counted = async <R>(work: () => Promise<R>, writes: boolean): Promise<R> => {
    const request = requestStoreWork.getStore();
    // Issue 41: a request that has written nothing yet waits for its turn only within its wait budget;
    // one that wrote runs to its end, so it is whole (and a transaction's own statements never
    // come here: they run inside the unit that began it).
    const askedAt = sojourns.asked(performance.now());
    const giveUpAt = request ? request.giveUpAt(askedAt) : Number.POSITIVE_INFINITY;
    if (inFlight++ === 0) lastDeparture = askedAt;
    try {
      const letIn = await gate.enter(giveUpAt);
      const now = performance.now();
      sojourns.waited(askedAt, now);
      request?.tookTurn(askedAt, now, letIn !== false, writes);
      if (entered++ === 0) runningSince = now;
      try {
        return await work();
      } finally {
        // Served in order: the next one starts when this one ends.
        const now = performance.now();
        holds.record(now - runningSince);
        drains.record(now - lastDeparture);
        runningSince = now;
        lastDeparture = now;
        entered--;
        gate.leave();
      }
    } finally {
      inFlight--;
    }
  };
  return {
    kind: "pglite",
    db,
    query: (sql, params) => counted(() => base.query(sql, params), !isReadOnlyStatement(sql)),
    exec: (sql) => counted(() => base.exec(sql), true),
    transaction: (fn) => counted(() => db.transaction((tx) => fn(queryableOf(tx))), true),
    waiting: () => Math.max(0, inFlight - 1),
    // Each one asked for, running or queued, counts as a typical one: a long transaction (an
    // import's apply) is waited for whether a request is refused or not, and a refusal would only
    // make its client's retries run out. A typical one takes the wall-clock time the queue drains
    // at (DrainTimes: the loop's turns between slices included), not its hold time alone; and no
    // less than what work waiting now and lately did wait (SojournTimes).
    expectedWaitMs: () =>
      Math.max(
        inFlight * Math.max(holds.averageMs, drains.averageMs),
        sojourns.expectedMs(performance.now()),
      ),
    unitsServed: () => holds.count,
    async close() {
      if (!db.closed) await db.close();
      release();
    },
  };
}

export function pgdataPath(dataDir: string): string {
  return join(dataDir, "pgdata");
}
