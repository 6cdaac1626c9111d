import { readFileSync } from "node:fs";
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
  runImport,
} from "@sleuth/server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ethereumEtlFixtureDir } from "../helpers/ethereumEtlSample.ts";
import { killHard, startServerProcess } from "../helpers/serverProcess.ts";
import { changedTables, pick, seededRandom, type TableCounts, tableCounts } from "../helpers/storeCounts.ts";
import { pgliteTemplate } from "../helpers/storeTemplates.ts";

// Issue 41 "Faults" on the embedded store: the server process owns a PGlite data directory as
// `pnpm start` does. A second server on the same directory refuses; a server killed (SIGKILL) during
// an import leaves a directory that opens and holds the whole import or none of it.
// One data directory and a server process started seven times: each start loads the whole server
// (seconds; far more on a loaded machine), which is why this file takes minutes, not seconds.

const seed = Number(process.env.SLEUTH_FAULT_SEED ?? Date.now() % 2 ** 31);
const kills = 5;
const file = readFileSync(join(ethereumEtlFixtureDir, "transactions_17173049.jsonl"), "utf8");

let dir: string;
let env: Record<string, string>;
let token: string;
let baseline: TableCounts;
let reference: TableCounts;
let importTables: string[];
let importMs: number;

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
  baseline = await tableCounts(copy);
  const started = performance.now();
  await runImport(copy, "ethereum-etl", file);
  importMs = performance.now() - started;
  reference = await tableCounts(copy);
  await copy.close();
  importTables = changedTables(baseline, reference);
}, 300_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("the embedded store under faults", () => {
  test("issue 41 a second server on the same PGlite data directory refuses at once; the first keeps answering", async () => {
    expect(importTables).toContain("transfers");
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
    expect(pick(await tableCounts(store), importTables)).toEqual(pick(baseline, importTables));
    await store.close();
  }, 180_000);

  test(`issue 41 a server killed during an import ${kills} times (seed ${seed}) leaves all of it or none; the re-run completes`, async () => {
    const random = seededRandom(seed);
    const outcomes: string[] = [];
    for (let kill = 0; kill < kills; kill++) {
      const server = await startServerProcess(env);
      const client = createNodeClient({ baseUrl: server.url, token });
      // A moment between sending the file and well past the import's own time (over HTTP, in a fresh
      // process, it takes longer than in this one).
      const delayMs = Math.round(random() * importMs * 3);
      const answer = client.imports.run("ethereum-etl", file).then(
        () => "answered",
        () => "cut off",
      );
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      await killHard(server.child);
      // The data directory opens after the kill, and holds the whole import or none of it.
      const after = await openPgliteStore({ dataDir: pgdataPath(dir) });
      const counts = pick(await tableCounts(after), importTables);
      await after.close();
      const whole = JSON.stringify(counts) === JSON.stringify(pick(reference, importTables));
      const none = JSON.stringify(counts) === JSON.stringify(pick(baseline, importTables));
      outcomes.push(
        `kill ${kill + 1} at ${delayMs} ms: ${whole ? "whole" : none ? "none" : "PARTIAL"} (${await answer})`,
      );
      expect(whole || none, outcomes.join("; ")).toBe(true);
    }
    console.log(`seed ${seed}, import ${importMs.toFixed(0)} ms in process: ${outcomes.join("; ")}`);

    const server = await startServerProcess(env);
    try {
      const client = createNodeClient({ baseUrl: server.url, token });
      const result = await client.imports.run("ethereum-etl", file);
      expect(result.skippedCount).toBe(0);
    } finally {
      await killHard(server.child);
    }
    const final = await openPgliteStore({ dataDir: pgdataPath(dir) });
    expect(pick(await tableCounts(final), importTables)).toEqual(pick(reference, importTables));
    await final.close();
  }, 480_000);
});
