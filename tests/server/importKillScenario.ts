import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createNodeClient } from "@sleuth/sdk/node";
import { runImport, type Store } from "@sleuth/server";
import { expect } from "vitest";
import { ethereumEtlFixtureDir } from "../helpers/ethereumEtlSample.ts";
import { killHard, startServerProcess } from "../helpers/serverProcess.ts";
import { changedTables, pick, seededRandom, type TableCounts, tableCounts } from "../helpers/storeCounts.ts";

// Issue 41 "Faults": the server process killed (SIGKILL, no clean-up) during an import, five times at
// moments drawn from a seed (SLEUTH_FAULT_SEED repeats a run): after each kill the store opens and
// holds the whole import or none of it, and the import re-run through a restarted server completes.
// Shared by the embedded store (pgliteFaults.test.ts) and PostgreSQL (importKillPostgres.test.ts).

export const importKills = 5;
export const importKillSeed = Number(process.env.SLEUTH_FAULT_SEED ?? Date.now() % 2 ** 31);
export const importKillFile = readFileSync(
  join(ethereumEtlFixtureDir, "transactions_17173049.jsonl"),
  "utf8",
);

/** What a completed import leaves, measured on a copy of the store the server will serve. */
export interface ImportReference {
  baseline: TableCounts;
  reference: TableCounts;
  /** The tables the import writes. */
  importTables: string[];
  /** How long the import takes in this process. */
  importMs: number;
}

/** Imports the file into `copy` (a store like the server's), counting its tables before and after. */
export async function measureImport(copy: Store): Promise<ImportReference> {
  const baseline = await tableCounts(copy);
  const started = performance.now();
  await runImport(copy, "ethereum-etl", importKillFile);
  const importMs = performance.now() - started;
  const reference = await tableCounts(copy);
  return { baseline, reference, importMs, importTables: changedTables(baseline, reference) };
}

/**
 * Starts the server on `env`, sends the import, kills the server at a random moment, and counts the
 * store's rows through `openStore` (the server is dead then: PGlite's directory opens);
 * `importKills` times, then the re-run. Logs the outcome of each kill.
 */
export async function killDuringImport(options: {
  env: Record<string, string>;
  token: string;
  imported: ImportReference;
  openStore: () => Promise<Store>;
}): Promise<void> {
  const { env, token, imported } = options;
  const counts = async (): Promise<TableCounts> => {
    const store = await options.openStore();
    try {
      return await tableCounts(store);
    } finally {
      await store.close();
    }
  };
  const random = seededRandom(importKillSeed);
  const outcomes: string[] = [];
  const whole = JSON.stringify(pick(imported.reference, imported.importTables));
  const none = JSON.stringify(pick(imported.baseline, imported.importTables));
  for (let kill = 0; kill < importKills; kill++) {
    const server = await startServerProcess(env);
    const client = createNodeClient({ baseUrl: server.url, token });
    // A moment between sending the file and well past the import's own time (over HTTP, in a fresh
    // process, it takes longer than in this one).
    const delayMs = Math.round(random() * imported.importMs * 3);
    const answer = client.imports.run("ethereum-etl", importKillFile).then(
      () => "answered",
      () => "cut off",
    );
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    await killHard(server.child);
    const found = JSON.stringify(pick(await counts(), imported.importTables));
    outcomes.push(
      `kill ${kill + 1} at ${delayMs} ms: ${found === whole ? "whole" : found === none ? "none" : "PARTIAL"} (${await answer})`,
    );
    expect(found === whole || found === none, outcomes.join("; ")).toBe(true);
  }

  const server = await startServerProcess(env);
  try {
    const client = createNodeClient({ baseUrl: server.url, token });
    const result = await client.imports.run("ethereum-etl", importKillFile);
    expect(result.skippedCount).toBe(0);
  } finally {
    await killHard(server.child);
  }
  expect(JSON.stringify(pick(await counts(), imported.importTables))).toBe(whole);
  console.log(
    `seed ${importKillSeed}, import ${imported.importMs.toFixed(0)} ms in process: ${outcomes.join("; ")}`,
  );
}
