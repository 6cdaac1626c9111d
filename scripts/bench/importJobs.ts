// Import jobs benchmark (issue 46): the latency of an address summary read while a 20,000-
// transaction ethereum-etl import runs as a job, against the same read on the idle server, on
// PGlite in memory (one connection: a read waits for the applying transaction) and on a throwaway
// PostgreSQL cluster (reads on their own connections). Results go to the "## Reads during an
// import" section of docs/PERFORMANCE.md, one subsection per store. PGlite runs where
// SLEUTH_PGLITE_THREAD (the server's setting) says, in its worker thread by default.
//   node scripts/bench/importJobs.ts [transactions] [--store pglite|postgres|both]
import { availableParallelism, cpus, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { addressChainUrn, type ImportJob, isApiError } from "@sleuth/sdk";
import {
  loadConfig,
  migrate,
  openPgliteStore,
  openPostgresStore,
  type Store,
  seedDemoAccounts,
} from "@sleuth/server";
import { startPostgresCluster } from "../../tests/helpers/postgresCluster.ts";
import { syntheticAddress, syntheticEthereumEtlCsv } from "../../tests/helpers/syntheticEthereumEtl.ts";
import { startBenchServer } from "./benchServer.ts";
import { markdownTable, writeMeasure } from "./performanceDoc.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { store: { type: "string", default: "both" } },
});
const transactions = Number(positionals[0] ?? 20_000);
const idleRounds = 200;

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
const ms = (value: number) => (Number.isNaN(value) ? "—" : value.toFixed(1));

/** One store's run: the idle reads, then the reads and /healthz while the import runs. */
async function measure(store: Store, storeName: string): Promise<string> {
  await migrate(store);
  await seedDemoAccounts(store);
  const bench = await startBenchServer(store);
  const client = bench.client;
  // The address read: one the store already holds, which the import's file touches again.
  await client.imports.run("ethereum-etl", syntheticEthereumEtlCsv(2_000, 1));
  const subject = addressChainUrn("ethereum", syntheticAddress(0));

  async function timed<T>(call: () => Promise<T>): Promise<number> {
    const started = performance.now();
    await call();
    return performance.now() - started;
  }

  const readSummary = () => client.metrics.addresses([subject]);
  for (let round = 0; round < 5; round++) await readSummary();
  const idle: number[] = [];
  for (let round = 0; round < idleRounds; round++) idle.push(await timed(readSummary));

  // During the import: /healthz and the summary read asked one at a time each, side by side, while
  // the job is polled; each read is filed under the job's phase last seen when it was sent.
  const file = syntheticEthereumEtlCsv(transactions, 2);
  const importStarted = performance.now();
  const job = await client.imports.start("ethereum-etl", file);
  const during: Record<"all" | ImportJob["phase"], number[]> = {
    all: [],
    queued: [],
    reading: [],
    applying: [],
    done: [],
  };
  const health: number[] = [];
  // Reads load shedding refused (503 unavailable, after the SDK's retries): the loop is free to say
  // so while the store applies the import.
  const refused: number[] = [];
  let phase: ImportJob["phase"] = job.phase;
  let running = true;
  const readLoop = (async () => {
    while (running) {
      const sentIn = phase;
      // Every read sent while the job ran counts, the one that waited for its end too.
      const started = performance.now();
      try {
        await readSummary();
      } catch (error) {
        if (!isApiError(error) || error.code !== "unavailable") throw error;
        refused.push(performance.now() - started);
        continue;
      }
      const read = performance.now() - started;
      during.all.push(read);
      during[sentIn].push(read);
    }
  })();
  const healthLoop = (async () => {
    while (running) {
      health.push(await timed(() => fetch(`${bench.baseUrl}/healthz`)));
    }
  })();
  const done = await client.imports.wait(job.importJobUuid, (now) => {
    phase = now.phase;
  });
  running = false;
  await Promise.all([readLoop, healthLoop]);
  if (done.status === "failed") throw new Error(`the import failed: ${done.error?.message}`);
  const importMs = performance.now() - importStarted;
  await bench.close();
  await store.close();

  const row = (name: string, values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return [
      name,
      String(sorted.length),
      ms(percentile(sorted, 50)),
      ms(percentile(sorted, 95)),
      ms(sorted.at(-1) ?? Number.NaN),
    ];
  };
  const rows = [
    row("summary read, idle", idle),
    row("summary read, during the import", during.all),
    row("… sent while the file is read (staged)", [...during.queued, ...during.reading]),
    row("… sent while the import applies", during.applying),
    row("summary read refused as busy (503)", refused),
    row("/healthz, during the import", health),
  ];
  for (const line of rows) console.error(`${storeName}: ${line.join("  ")}`);
  return [
    `${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? "unknown CPU"}), Node ${process.versions.node}, ${storeName}; a ${transactions.toLocaleString("en-US")}-transaction ethereum-etl file (${(file.length / 1024 / 1024).toFixed(1)} MiB) imported as a job in ${(importMs / 1000).toFixed(1)} s, onto 2,000 transactions of the same addresses. 1-minute load average ${loadavg()[0]!.toFixed(1)} when the run ended.`,
    "",
    ...markdownTable(["request", "answers", "p50 (ms)", "p95 (ms)", "max (ms)"], rows, [
      "left",
      "right",
      "right",
      "right",
      "right",
    ]),
  ].join("\n");
}

const runs: { variant: string; figures: string }[] = [];
if (values.store !== "postgres") {
  const store = await openPgliteStore({ thread: loadConfig(process.env).pgliteThread });
  const where = store.thread === "worker" ? "in its worker thread" : "on the server's thread";
  runs.push({ variant: "PGlite", figures: await measure(store, `PGlite in memory ${where}`) });
}
if (values.store !== "pglite") {
  const cluster = await startPostgresCluster();
  try {
    runs.push({
      variant: "PostgreSQL",
      figures: await measure(await openPostgresStore(cluster.url), "PostgreSQL 15 (a throwaway cluster)"),
    });
  } finally {
    await cluster.stop();
  }
}
for (const run of runs)
  writeMeasure(
    {
      measure: "Reads during an import",
      what: "the round trip of an address summary read (`POST /trm-insights/v1/address/metrics/summary/mini/bulk` for one address the import touches) while an import job runs, against the same read on the idle server; and `/healthz` meanwhile.",
      how: `\`pnpm bench importJobs [transactions] [--store pglite|postgres|both]\`. ${idleRounds} idle reads after 5 warm-up calls, then, from the job's start to its end, summary reads one at a time and /healthz one at a time side by side, each read filed under the phase the job last reported when it was sent (a read that waits for the applying transaction may have been sent while the job still read its file).`,
      target: "(issue 46) reads answer during an import, within their usual latency; /healthz always.",
    },
    run,
  );
console.error("docs/PERFORMANCE.md: Reads during an import written");
