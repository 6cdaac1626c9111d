import { PGlite, type PGliteOptions, type Transaction } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/** How a PGlite instance is made: the store's options, and what may be loaded once per process. */
export interface PgliteEngineOptions {
  dataDir?: string | undefined;
  loadDataDir?: Blob | undefined;
  sharedBuffers?: string | undefined;
  walSegmentMb?: number | undefined;
  /** PGlite's WebAssembly, compiled once per process (pgliteArtifacts.ts): a worker shares it. */
  pgliteWasmModule?: PGliteOptions["pgliteWasmModule"];
  initdbWasmModule?: PGliteOptions["initdbWasmModule"];
  /** PGlite's file-system bundle (pglite.data), read once per process. */
  fsBundle?: Blob | undefined;
}

/** The embedded database: PGlite (WASM PostgreSQL) with pg_trgm loaded for search. */
export function createPglite(options: PgliteEngineOptions): Promise<PGlite> {
  return PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { pg_trgm },
    ...(options.sharedBuffers ? { postgresqlconf: `shared_buffers = ${options.sharedBuffers}` } : {}),
    ...(options.walSegmentMb ? { initDbStartParams: [`--wal-segsize=${options.walSegmentMb}`] } : {}),
    ...(options.pgliteWasmModule ? { pgliteWasmModule: options.pgliteWasmModule } : {}),
    ...(options.initdbWasmModule ? { initdbWasmModule: options.initdbWasmModule } : {}),
    ...(options.fsBundle ? { fsBundle: options.fsBundle } : {}),
  });
}

/**
 * One piece of work for PGlite. Every field is plain data, so a request can cross to a worker
 * thread by structured clone; `tx` names a transaction `begin` opened, for the statements run in it.
 */
export type PgliteRequest =
  | { op: "query"; sql: string; params: readonly unknown[]; tx?: number | undefined }
  | { op: "exec"; sql: string; tx?: number | undefined }
  /** COPY … FROM '/dev/blob', reading `input` as the file. */
  | { op: "copyFrom"; sql: string; input: string; tx?: number | undefined }
  /** COPY … TO '/dev/blob': answers the file written. */
  | { op: "copyTo"; sql: string; tx?: number | undefined }
  | { op: "begin" }
  | { op: "end"; tx: number; commit: boolean }
  | { op: "dump" }
  | { op: "close" };

/** What each request answers: rows, a transaction's number, or the bytes of a file. */
export interface PgliteAnswers {
  query: unknown[];
  exec: undefined;
  copyFrom: undefined;
  copyTo: ArrayBuffer;
  begin: number;
  end: undefined;
  dump: ArrayBuffer;
  close: undefined;
}

export type PgliteAnswer<R extends PgliteRequest> = PgliteAnswers[R["op"]];

/** Runs requests on PGlite: on this thread, or in a worker (pgliteWorker.ts). */
export interface PgliteRunner {
  run<R extends PgliteRequest>(request: R): Promise<PgliteAnswer<R>>;
}

interface OpenTransaction {
  tx: Transaction;
  decide(commit: boolean): void;
  outcome: Promise<void>;
}

// Thrown inside PGlite's transaction callback to have it roll back; never seen by a caller.
const rollback = Symbol("rollback");

/**
 * The requests on one PGlite instance. A transaction is PGlite's own `db.transaction`, held open
 * across requests: `begin` answers once BEGIN ran, the statements naming it run inside it, and `end`
 * lets its callback return (COMMIT) or throw (ROLLBACK).
 */
export class PgliteEngine implements PgliteRunner {
  readonly #db: PGlite;
  readonly #transactions = new Map<number, OpenTransaction>();
  #nextTransaction = 1;

  constructor(db: PGlite) {
    this.#db = db;
  }

  #target(tx: number | undefined): PGlite | Transaction {
    if (tx === undefined) return this.#db;
    const open = this.#transactions.get(tx);
    if (!open) throw new Error("The transaction has ended: a statement cannot run in it");
    return open.tx;
  }

  async run<R extends PgliteRequest>(request: R): Promise<PgliteAnswer<R>> {
    return (await this.#answer(request)) as PgliteAnswer<R>;
  }

  async #answer(request: PgliteRequest): Promise<PgliteAnswers[keyof PgliteAnswers]> {
    switch (request.op) {
      case "query":
        return (await this.#target(request.tx).query(request.sql, [...request.params])).rows;
      case "exec":
        await this.#target(request.tx).exec(request.sql);
        return undefined;
      case "copyFrom":
        // PGlite reads COPY input from the /dev/blob device, fed by the query's blob option.
        await this.#target(request.tx).query(request.sql, [], { blob: new Blob([request.input]) });
        return undefined;
      case "copyTo": {
        const { blob } = await this.#target(request.tx).query(request.sql);
        return blob ? await blob.arrayBuffer() : new ArrayBuffer(0);
      }
      case "begin":
        return this.#begin();
      case "end": {
        const open = this.#transactions.get(request.tx);
        if (!open) throw new Error("The transaction has already ended");
        this.#transactions.delete(request.tx);
        open.decide(request.commit);
        await open.outcome;
        return undefined;
      }
      case "dump":
        return await (await this.#db.dumpDataDir("none")).arrayBuffer();
      case "close":
        if (!this.#db.closed) await this.#db.close();
        return undefined;
    }
  }

  #begin(): Promise<number> {
    const id = this.#nextTransaction++;
    return new Promise((begun, failed) => {
      let decide: (commit: boolean) => void = () => {};
      const decided = new Promise<boolean>((resolve) => {
        decide = resolve;
      });
      let started = false;
      const outcome: Promise<void> = this.#db
        .transaction(async (tx) => {
          started = true;
          this.#transactions.set(id, { tx, decide, outcome });
          begun(id);
          if (!(await decided)) throw rollback;
        })
        .catch((error: unknown) => {
          if (error !== rollback) throw error;
        });
      // BEGIN itself failed: the caller of begin hears it. Once begun, `end` awaits the outcome.
      outcome.catch((error: unknown) => {
        if (!started) failed(error);
      });
    });
  }
}
