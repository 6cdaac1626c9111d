// The server as `pnpm start` runs it: a child process of packages/server/src/main.ts, for tests that
// kill it (SIGKILL, no clean-up) and start it again on the same store.
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { migrate, openPgliteStore, openPostgresStore, pgdataPath, type Store } from "@sleuth/server";
import { createTestDatabase, postgresAdminUrl, type TestStoreKind } from "./server.ts";
import { pgliteTemplate, postgresTemplate } from "./storeTemplates.ts";

const mainScript = fileURLToPath(new URL("../../packages/server/src/main.ts", import.meta.url));

/**
 * What a child process of a test inherits from the run whatever else its environment leaves out:
 * the run's Node compile cache (scripts/test.ts), so each server or CLI process started again does
 * not compile the same sources again.
 */
export const childProcessBaseEnv: Record<string, string> = process.env.NODE_COMPILE_CACHE
  ? { NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE }
  : {};

/**
 * The store a server process will own, prepared before it starts (PGlite is one process's store):
 * a copy of the run's migrated template with the demo accounts, in the data directory `dir` the
 * process is given (SLEUTH_DATA_DIR), or as a database of its own whose URL goes into
 * `env.DATABASE_URL`. Open, for the test to add what it needs and close; `drop` removes the database.
 */
export async function prepareProcessStore(
  kind: TestStoreKind,
  dir: string,
  env: Record<string, string>,
): Promise<{ store: Store; drop: () => Promise<void> }> {
  let store: Store;
  let drop = async () => {};
  if (kind === "postgres") {
    const database = await createTestDatabase({
      template: await postgresTemplate(postgresAdminUrl(), undefined),
    });
    drop = database.drop;
    env.DATABASE_URL = database.url;
    store = await openPostgresStore(database.url, { max: 1 });
  } else {
    store = await openPgliteStore({ dataDir: pgdataPath(dir), loadDataDir: await pgliteTemplate(undefined) });
  }
  await migrate(store);
  return { store, drop };
}

export function startServerProcess(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [mainScript], {
      env: {
        ...childProcessBaseEnv,
        PATH: process.env.PATH ?? "",
        PORT: "0",
        SLEUTH_WORLD_SCALE: "none",
        SLEUTH_WEB_DIST: "/nonexistent",
        SLEUTH_LOG_LEVEL: "warn",
        // As tests/helpers/server.ts: shedding on the store's wait only where a test turns it on.
        SLEUTH_SHED_STORE_WAIT_MS: "0",
        SLEUTH_SHED_DEADLINE_MS: "0",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Sleuth is running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve({ child, url: match[1] });
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.on("exit", (code) => reject(new Error(`server exited (${code}) before listening: ${output}`)));
  });
}

export function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
}
