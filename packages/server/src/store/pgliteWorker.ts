// The worker thread that owns one PGlite instance (issue 46: long store work never blocks the
// request loop). It opens PGlite with the options in workerData, says "ready" (or why it failed),
// then answers each { id, request } with { id, value } or { id, error }. Loaded by
// pgliteWorkerClient.ts; nothing else imports it.
import { parentPort, workerData } from "node:worker_threads";
import { crossedError } from "./crossedErrors.ts";
import { createPglite, PgliteEngine, type PgliteEngineOptions, type PgliteRequest } from "./pgliteEngine.ts";

const port = parentPort;
if (!port) throw new Error("pgliteWorker.ts runs as a worker thread");

async function openEngine(): Promise<PgliteEngine | undefined> {
  try {
    const engine = new PgliteEngine(await createPglite(workerData as PgliteEngineOptions));
    port?.postMessage({ ready: true });
    return engine;
  } catch (error) {
    // The opener hears why and ends this thread.
    port?.postMessage({ ready: false, error: crossedError(error) });
    return undefined;
  }
}

const engine = await openEngine();
port.on("message", async ({ id, request }: { id: number; request: PgliteRequest }) => {
  try {
    if (!engine) throw new Error("PGlite did not open");
    const value = await engine.run(request);
    // A file's bytes move rather than copy.
    port.postMessage({ id, value }, value instanceof ArrayBuffer ? [value] : []);
  } catch (error) {
    port.postMessage({ id, error: crossedError(error) });
  }
});
