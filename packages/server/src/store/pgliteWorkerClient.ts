import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Worker } from "node:worker_threads";
import { type CrossedError, errorFromCrossing } from "./crossedErrors.ts";
import type { PgliteAnswer, PgliteEngineOptions, PgliteRequest, PgliteRunner } from "./pgliteEngine.ts";

// The server's lib settings carry no WebAssembly types (they come with the DOM's); Node has it.
const { WebAssembly: wasm } = globalThis as unknown as {
  WebAssembly: { compile(bytes: Uint8Array): Promise<NonNullable<PgliteEngineOptions["pgliteWasmModule"]>> };
};

type Artifacts = Required<Pick<PgliteEngineOptions, "pgliteWasmModule" | "initdbWasmModule" | "fsBundle">>;

let artifacts: Promise<Artifacts> | undefined;

/**
 * PGlite's WebAssembly, compiled once per process, and its file-system bundle, read once: PGlite
 * caches its compiled module per thread, so a fresh worker would compile it again on every open
 * (the test suite opens hundreds of stores). A compiled module and a Blob cross to a worker
 * without a copy.
 */
function pgliteArtifacts(): Promise<Artifacts> {
  artifacts ??= (async () => {
    const dist = dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
    const read = async (name: string) => new Uint8Array(await readFile(join(dist, name)));
    const [pglite, initdb, bundle] = await Promise.all([
      read("pglite.wasm"),
      read("initdb.wasm"),
      read("pglite.data"),
    ]);
    return {
      pgliteWasmModule: await wasm.compile(pglite),
      initdbWasmModule: await wasm.compile(initdb),
      fsBundle: new Blob([bundle]),
    };
  })();
  artifacts.catch(() => {
    artifacts = undefined;
  });
  return artifacts;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

type WorkerAnswer = { id: number; value: unknown } | { id: number; error: CrossedError };

/**
 * The main thread's side of a PGlite worker (pgliteWorker.ts): each request goes by message and
 * its promise settles with the worker's answer. While no request is out the worker does not keep
 * the process alive, as an idle in-thread PGlite never did.
 */
export class PgliteWorkerClient implements PgliteRunner {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #stopped: Error | undefined;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on("message", (answer: WorkerAnswer) => {
      const pending = this.#pending.get(answer.id);
      if (!pending) return;
      this.#pending.delete(answer.id);
      if (this.#pending.size === 0) worker.unref();
      if ("error" in answer) pending.reject(errorFromCrossing(answer.error));
      else pending.resolve(answer.value);
    });
    const stop = (reason: Error) => {
      this.#stopped ??= reason;
      for (const pending of this.#pending.values()) pending.reject(this.#stopped);
      this.#pending.clear();
    };
    worker.on("error", (error) =>
      stop(new Error(`The PGlite worker failed: ${error.message}`, { cause: error })),
    );
    worker.on("exit", (code) => stop(new Error(`The PGlite worker stopped (exit code ${code})`)));
  }

  /** Starts a worker and opens PGlite in it; rejects with PGlite's own error when it cannot open. */
  static async open(options: PgliteEngineOptions): Promise<PgliteWorkerClient> {
    const worker = new Worker(new URL("./pgliteWorker.ts", import.meta.url), {
      workerData: { ...options, ...(await pgliteArtifacts()) },
      // Not the process's flags: a probe loaded with --import (the benchmarks') belongs to it alone.
      execArgv: [],
    });
    try {
      await new Promise<void>((resolve, reject) => {
        const fail = (error: Error) => reject(error);
        const exit = (code: number) =>
          reject(new Error(`The PGlite worker stopped (exit code ${code}) while opening`));
        worker.once("message", (message: { ready: boolean; error?: CrossedError }) => {
          worker.off("error", fail);
          worker.off("exit", exit);
          if (message.ready) resolve();
          else reject(message.error ? errorFromCrossing(message.error) : new Error("PGlite did not open"));
        });
        worker.once("error", fail);
        worker.once("exit", exit);
      });
    } catch (error) {
      await worker.terminate();
      throw error;
    }
    worker.unref();
    return new PgliteWorkerClient(worker);
  }

  run<R extends PgliteRequest>(request: R): Promise<PgliteAnswer<R>> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      try {
        this.#worker.postMessage({ id, request });
      } catch (error) {
        // A parameter structured clone cannot copy (a function, a class with private state).
        this.#pending.delete(id);
        if (this.#pending.size === 0) this.#worker.unref();
        reject(error);
      }
    });
  }

  /** Ends the worker thread (after `close` closed PGlite in it): later work hears the store closed. */
  async terminate(): Promise<void> {
    this.#stopped ??= new Error("The PGlite store is closed");
    await this.#worker.terminate();
  }
}
