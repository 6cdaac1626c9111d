// A server process (packages/server/src/main.ts) that a test stops and starts again on the same
// store, as a deploy restarts it: for what must outlive a restart (issue 46: an admin's stop of the
// follower, the token metadata it read).
import type { ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SleuthClient } from "@sleuth/sdk";
import { createNodeClient } from "@sleuth/sdk/node";
import type { Store } from "@sleuth/server";
import type { TestStoreKind } from "./server.ts";
import { killHard, prepareProcessStore, startServerProcess } from "./serverProcess.ts";

export interface RestartableServer {
  /** The running process's address (a new port after each start). */
  readonly url: string;
  start(): Promise<void>;
  /** SIGTERM: the server closes as on a deploy and the process exits. */
  stop(): Promise<void>;
  client(token: string): SleuthClient;
  /** Stops the process if it runs and removes its store. */
  dispose(): Promise<void>;
}

/**
 * A server process's store of `kind` (migrated, with the demo accounts), given to `prepare` open
 * before any process starts (PGlite is one process's store), then a server on it with `env`.
 */
export async function restartableServer<Prepared>(
  kind: TestStoreKind,
  env: Record<string, string>,
  prepare: (store: Store) => Promise<Prepared>,
): Promise<{ server: RestartableServer; prepared: Prepared }> {
  const dir = await mkdtemp(join(tmpdir(), "sleuth-restart-"));
  const processEnv = { ...env, SLEUTH_DATA_DIR: dir };
  const { store, drop } = await prepareProcessStore(kind, dir, processEnv);
  let prepared: Prepared;
  try {
    prepared = await prepare(store);
  } finally {
    await store.close();
  }
  let running: { child: ChildProcess; url: string } | null = null;
  const server: RestartableServer = {
    get url() {
      if (!running) throw new Error("the server is not running");
      return running.url;
    },
    async start() {
      running = await startServerProcess(processEnv);
    },
    async stop() {
      const child = running?.child;
      running = null;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      });
    },
    client: (token) => createNodeClient({ baseUrl: server.url, token }),
    async dispose() {
      if (running) await killHard(running.child);
      running = null;
      await drop();
      await rm(dir, { recursive: true, force: true });
    },
  };
  await server.start();
  return { server, prepared };
}
