import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createNodeClient } from "@sleuth/sdk/node";
import {
  createApiToken,
  demoAccounts,
  findUserByEmail,
  migrate,
  openPgliteStore,
  pgdataPath,
} from "@sleuth/server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { killHard, startServerProcess } from "../helpers/serverProcess.ts";
import { pick, tableCounts } from "../helpers/storeCounts.ts";
import { pgliteTemplate } from "../helpers/storeTemplates.ts";
import {
  type ImportReference,
  importKillSeed,
  importKills,
  killDuringImport,
  measureImport,
} from "./importKillScenario.ts";

// Issue 41 "Faults" on the embedded store: the server process owns a PGlite data directory as
// `pnpm start` does. A second server on the same directory refuses; a server killed (SIGKILL) during
// an import leaves a directory that opens and holds the whole import or none of it
// (importKillScenario.ts; importKillPostgres.test.ts is the same on PostgreSQL).
// One data directory and a server process started seven times: each start loads the whole server
// (seconds; far more on a loaded machine), which is why this file takes minutes, not seconds.

let dir: string;
let env: Record<string, string>;
let token: string;
let imported: ImportReference;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "sleuth-faults-"));
  // The machine's own load (other tests beside this one) is not what this file is about: the
  // event-loop check of load shedding is off, so an import is never refused as "busy".
  env = {
    SLEUTH_DATA_DIR: dir,
    SLEUTH_EXPORT_DIR: join(dir, "exports"),
    SLEUTH_SHED_EVENT_LOOP_DELAY_MS: "0",
  };
  const template = await pgliteTemplate(undefined);
  const store = await openPgliteStore({ dataDir: pgdataPath(dir), loadDataDir: template });
  await migrate(store);
  const user = await findUserByEmail(store, demoAccounts.user.email);
  token = (await createApiToken(store, user?.id ?? 0, "faults test")).token;
  await store.close();
  // The same import, uninterrupted, on a copy of the same store: what a completed import leaves.
  const copy = await openPgliteStore({ loadDataDir: template });
  await migrate(copy);
  imported = await measureImport(copy);
  await copy.close();
}, 300_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("the embedded store under faults", () => {
  test("issue 41 a second server on the same PGlite data directory refuses at once; the first keeps answering", async () => {
    expect(imported.importTables).toContain("transfers");
    const first = await startServerProcess(env);
    try {
      const started = performance.now();
      await expect(startServerProcess(env)).rejects.toThrow(
        new RegExp(`exited \\(3\\)[\\s\\S]*in use by process ${first.child.pid}`),
      );
      const refusedMs = performance.now() - started;
      // Most of that is loading the server's modules; it refuses before it opens the store.
      console.log(`second server refused after ${refusedMs.toFixed(0)} ms`);
      const client = createNodeClient({ baseUrl: first.url, token });
      expect((await client.auth.userInfo()).email).toBe(demoAccounts.user.email);
    } finally {
      await killHard(first.child);
    }
    // The first server's store is untouched by the refused one: it opens, and holds what it held.
    const store = await openPgliteStore({ dataDir: pgdataPath(dir) });
    expect(pick(await tableCounts(store), imported.importTables)).toEqual(
      pick(imported.baseline, imported.importTables),
    );
    await store.close();
  }, 180_000);

  test(`issue 41 a server killed during an import ${importKills} times (seed ${importKillSeed}) leaves all of it or none; the re-run completes`, async () => {
    // The data directory opens after every kill.
    await killDuringImport({
      env,
      token,
      imported,
      openStore: () => openPgliteStore({ dataDir: pgdataPath(dir) }),
    });
  }, 480_000);
});
