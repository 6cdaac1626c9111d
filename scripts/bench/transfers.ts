// Transfer table benchmark (issue 27): the server's time for a 30-row page of the busiest address,
// first page and deepest page (jump-to its earliest transfer), and `sleuth transfers` end to end:
// rows per second and peak memory, for part of the listing and for all of it.
// Results go to the "Transfers" section of docs/PERFORMANCE.md, one subsection per world and store.
//   node scripts/bench/transfers.ts              the default world, seeded in memory
//   node scripts/bench/transfers.ts large        the large world (seeded once into a data directory)
//   node scripts/bench/transfers.ts default --rounds 400
//   node scripts/bench/transfers.ts default --postgres   a throwaway PostgreSQL cluster (or DATABASE_URL)
import { spawn } from "node:child_process";
import { closeSync, openSync, readFileSync, rmSync, statSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { ensureCliBuilt } from "@sleuth/cli";
import { type WorldScale, worldScaleSchema } from "@sleuth/server";
import { startPostgresCluster } from "../../tests/helpers/postgresCluster.ts";
import { insertSyntheticTransfers } from "../../tests/helpers/syntheticTransfers.ts";
import { startBenchServer } from "./benchServer.ts";
import { benchStoreName, openBenchStore } from "./benchStore.ts";
import { markdownTable, writeMeasure } from "./performanceDoc.ts";
import { cpuMs, peakRssKb, waitFor } from "./processStats.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { rounds: { type: "string", default: "300" }, postgres: { type: "boolean", default: false } },
});
const scale: WorldScale = worldScaleSchema.parse(positionals[0] ?? "default");
const rounds = Number(values.rounds);
const bulkRows = 100_000;
// --postgres: a throwaway PostgreSQL cluster, as the tests start one, when DATABASE_URL names none.
const cluster = values.postgres && !process.env.DATABASE_URL ? await startPostgresCluster() : null;
if (cluster) {
  process.env.DATABASE_URL = cluster.url;
  // Stopped however the run ends (stop is synchronous).
  process.on("exit", () => cluster.stop());
}
const store = await openBenchStore(scale);

const bench = await startBenchServer(store);
const { baseUrl, token, client } = bench;

// The synthetic address below (bulkAddress) is kept apart: the busiest is the world's own.
const bulkAddress = `0x${"b7".repeat(20)}`;
const [busiest] = await store.query<{
  urn: string;
  chain: string;
  rows: string;
  earliest: string;
  transfers: string;
}>(
  `SELECT 'urn:sleuth:address:' || a.chain || ':' || a.address AS urn, a.chain, b.n::text AS rows,
     (SELECT 'urn:sleuth:transaction:' || x.chain || ':' || x.hash FROM transfers t JOIN transactions x ON x.id = t.transaction_id
      WHERE t.address_id = a.id ORDER BY t.block_timestamp, t.id LIMIT 1) AS earliest,
     (SELECT count(*)::text FROM transfers) AS transfers
   FROM (SELECT address_id, count(*) AS n FROM transfers GROUP BY address_id ORDER BY n DESC, address_id LIMIT 2) b
   JOIN addresses a ON a.id = b.address_id
   WHERE a.address <> $1
   ORDER BY b.n DESC, b.address_id LIMIT 1`,
  [bulkAddress],
);
if (!busiest) throw new Error("no transfers in the store");
console.error(`busiest address ${busiest.urn}: ${busiest.rows} transfer rows`);

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

async function serverTimes(
  name: string,
  call: () => Promise<unknown>,
  count = rounds,
): Promise<{ name: string; times: number[] }> {
  for (let index = 0; index < 20; index += 1) await call(); // warm-up
  const times: number[] = [];
  for (let index = 0; index < count; index += 1) {
    await call();
    times.push(bench.lastServerMs());
  }
  times.sort((a, b) => a - b);
  console.error(
    `${name}: server p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms`,
  );
  return { name, times };
}

type Timed = { name: string; call: () => Promise<unknown> };

/** serverTimes for several requests at once: warmed up together, then one of each per round. */
async function interleavedServerTimes<const Calls extends readonly Timed[]>(
  calls: Calls,
): Promise<{ [Position in keyof Calls]: { name: string; times: number[] } }> {
  for (let index = 0; index < 20; index += 1) for (const { call } of calls) await call(); // warm-up
  const measured = calls.map(({ name }) => ({ name, times: [] as number[] }));
  for (let index = 0; index < rounds; index += 1) {
    for (const [position, { call }] of calls.entries()) {
      await call();
      measured[position]!.times.push(bench.lastServerMs());
    }
  }
  for (const { name, times } of measured) {
    times.sort((a, b) => a - b);
    console.error(
      `${name}: server p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms`,
    );
  }
  return measured as { [Position in keyof Calls]: { name: string; times: number[] } };
}

const firstPage = await client.transfers.address({ addressChainUrn: busiest.urn });

// --- an address with the issue's 100,000 transfers ------------------------------------------------

// The demo worlds spread their transfers thinner: one synthetic address holds the issue's count.
const [bulkKnown] = await store.query("SELECT 1 FROM addresses WHERE chain = 'ethereum' AND address = $1", [
  bulkAddress,
]);
const bulkUrn = bulkKnown
  ? `urn:sleuth:address:ethereum:${bulkAddress}`
  : (await insertSyntheticTransfers(store, { count: bulkRows, address: bulkAddress })).addressChainUrn;
const [bulkEarliest] = await store.query<{ urn: string }>(
  `SELECT 'urn:sleuth:transaction:' || x.chain || ':' || x.hash AS urn
   FROM transfers t JOIN transactions x ON x.id = t.transaction_id JOIN addresses a ON a.id = t.address_id
   WHERE a.chain = 'ethereum' AND a.address = $1 ORDER BY t.block_timestamp, t.id LIMIT 1`,
  [bulkAddress],
);
// Every 30-row page is measured in the same rounds, one request of each in turn, so the server's
// warm-up and the machine's background work fall on all of them alike (ratios in one run).
const [first, deepest, usd, second, bulkFirst, bulkDeepest] = await interleavedServerTimes([
  { name: "first page", call: () => client.transfers.address({ addressChainUrn: busiest.urn }) },
  {
    name: "deepest page (jump-to the earliest transfer)",
    call: () =>
      client.transfers.address({
        addressChainUrn: busiest.urn,
        jumpTo: { transactionUrn: busiest.earliest },
      }),
  },
  {
    name: "first page by USD amount",
    call: () =>
      client.transfers.address({
        addressChainUrn: busiest.urn,
        sort: { column: "usdAmount", direction: "desc" },
      }),
  },
  {
    name: "second page (next cursor)",
    call: () =>
      client.transfers.address({
        addressChainUrn: busiest.urn,
        after: firstPage.meta.nextCursor ?? undefined,
      }),
  },
  {
    name: `first page, ${bulkRows.toLocaleString("en-US")}-transfer address`,
    call: () => client.transfers.address({ addressChainUrn: bulkUrn }),
  },
  {
    name: `deepest page, ${bulkRows.toLocaleString("en-US")}-transfer address`,
    call: () =>
      client.transfers.address({ addressChainUrn: bulkUrn, jumpTo: { transactionUrn: bulkEarliest!.urn } }),
  },
]);

// The page `sleuth transfers` reads: 1,000 rows along the cursor, timed on the server alone.
const bulkFirstLarge = await client.transfers.address({ addressChainUrn: bulkUrn, pageSize: 1000 });
const bulkLarge = await serverTimes(
  "1,000-row page (next cursor)",
  () =>
    client.transfers.address({
      addressChainUrn: bulkUrn,
      pageSize: 1000,
      after: bulkFirstLarge.meta.nextCursor ?? undefined,
    }),
  Math.max(20, Math.floor(rounds / 5)),
);

// --- sleuth transfers end to end ------------------------------------------------------------------

await ensureCliBuilt();
const cliMain = fileURLToPath(new URL("../../packages/cli/bin/sleuth.js", import.meta.url));
const nodeFlags = (/^#!\/usr\/bin\/env -S node(.*)$/m.exec(readFileSync(cliMain, "utf8"))?.[1] ?? "")
  .trim()
  .split(/\s+/)
  .filter(Boolean);

/** The most the CLI process holds at any point, written by liveHeapSampler.ts. */
const liveHeapFlags = [
  "--expose-gc",
  "--import",
  fileURLToPath(new URL("./liveHeapSampler.ts", import.meta.url)),
];

function readHeld(file: string): number | null {
  try {
    return Number(readFileSync(file, "utf8"));
  } catch {
    return null;
  } finally {
    rmSync(file, { force: true });
  }
}

interface CliRun {
  limit: number | null;
  rows: number;
  ms: number;
  peakRssKb: number | null;
  /** The most JavaScript heap in use after a full collection, sampled in a run of its own (bytes). */
  heldBytes: number | null;
  /** CPU time of the CLI process and of this process (the server) during the run. */
  cliCpuMs: number | null;
  serverCpuMs: number;
  bytes: number;
}

/** `sleuth transfers` as a user runs it; with `sampleHeap`, under liveHeapSampler.ts instead. */
async function runTransfers(limit: number | null, format: string, sampleHeap = false): Promise<CliRun> {
  const output = join(tmpdir(), `sleuth-bench-transfers-${process.pid}.${format}`);
  const heapFile = sampleHeap ? join(tmpdir(), `sleuth-bench-transfers-${process.pid}.heap`) : null;
  if (heapFile) rmSync(heapFile, { force: true });
  const out = openSync(output, "w");
  const args = ["transfers", bulkUrn, "--format", format, ...(limit ? ["--limit", String(limit)] : [])];
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [...nodeFlags, ...(heapFile ? liveHeapFlags : []), cliMain, ...args],
    {
      env: {
        PATH: process.env.PATH ?? "",
        HOME: tmpdir(),
        SLEUTH_API_URL: baseUrl,
        SLEUTH_TOKEN: token,
        ...(heapFile ? { SLEUTH_BENCH_HEAP_FILE: heapFile } : {}),
      },
      stdio: ["ignore", out, "pipe"],
    },
  );
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  let peak: number | null = null;
  let cliCpu: number | null = null;
  const serverCpu = process.cpuUsage();
  const poll = setInterval(() => {
    const rss = child.pid ? peakRssKb(child.pid) : null;
    if (rss !== null) peak = Math.max(peak ?? 0, rss);
    cliCpu = (child.pid ? cpuMs(child.pid) : null) ?? cliCpu;
  }, 20);
  const code = await waitFor(child);
  clearInterval(poll);
  const serverUsage = process.cpuUsage(serverCpu);
  closeSync(out);
  const ms = performance.now() - started;
  if (code !== 0) throw new Error(`sleuth transfers failed (exit ${code}): ${stderr}`);
  const text = readFileSync(output, "utf8");
  const rows =
    format === "ndjson"
      ? text.split("\n").filter(Boolean).length
      : text.split("\r\n").filter(Boolean).length - 1;
  return {
    limit,
    rows,
    ms,
    peakRssKb: peak,
    heldBytes: heapFile ? readHeld(heapFile) : null,
    cliCpuMs: cliCpu,
    serverCpuMs: (serverUsage.user + serverUsage.system) / 1000,
    bytes: statSync(output).size,
  };
}

const total = bulkRows;
/** "Flat": the most the CLI holds over all the rows at most this many times the most over a tenth. */
const flatGrowth = 1.1;
const cliRuns: { format: string; run: CliRun }[] = [];
for (const format of ["csv", "ndjson"]) {
  await runTransfers(1000, format); // warm-up: the server's pages in cache, Node's code compiled
  for (const limit of [Math.max(1, Math.floor(total / 10)), null]) {
    const run = await runTransfers(limit, format);
    run.heldBytes = (await runTransfers(limit, format, true)).heldBytes;
    cliRuns.push({ format, run });
    console.error(
      `sleuth transfers --format ${format}${limit ? ` --limit ${limit}` : ""}: ${run.rows} rows in ${run.ms.toFixed(0)} ms (${Math.round((run.rows / run.ms) * 1000)} rows/s), peak RSS ${((run.peakRssKb ?? 0) / 1024).toFixed(0)} MB, live heap at most ${((run.heldBytes ?? 0) / 1048576).toFixed(1)} MB`,
    );
  }
}

await bench.close();
await store.close();

// --- docs/PERFORMANCE.md -------------------------------------------------------------------------

const ms = (value: number) => value.toFixed(2);
const pageRows = [first, second, deepest, usd, bulkFirst, bulkDeepest].map((m) => [
  m.name,
  ms(percentile(m.times, 50)),
  ms(percentile(m.times, 95)),
  percentile(m.times, 95) <= 10 ? "yes" : "no",
]);
const deepRatio = percentile(deepest.times, 95) / percentile(first.times, 95);
const bulkDeepRatio = percentile(bulkDeepest.times, 95) / percentile(bulkFirst.times, 95);
/** Targets per format: rows per second over all the rows, and the peak for all of them against a tenth. */
const cliVerdicts = ["csv", "ndjson"].map((format) => {
  const runs = cliRuns.filter((entry) => entry.format === format).map((entry) => entry.run);
  const all = runs.find((run) => run.limit === null);
  const tenth = runs.find((run) => run.limit !== null);
  if (!all || !tenth) return `${format}: not run`;
  const rate = (all.rows / all.ms) * 1000;
  const held = (all.heldBytes ?? Number.NaN) / (tenth.heldBytes ?? Number.NaN);
  const peak = (all.peakRssKb ?? Number.NaN) / (tenth.peakRssKb ?? Number.NaN);
  return `${format}: ${Math.round(rate).toLocaleString("en-US")} rows/s for all the rows (≥ 20,000: ${rate >= 20_000 ? "met" : "missed"}); live heap at most ${held.toFixed(2)}× that of a tenth (flat, ≤ ${flatGrowth.toFixed(2)}×: ${held <= flatGrowth ? "met" : "missed"}); peak RSS ${peak.toFixed(2)}× the peak for a tenth.`;
});
const cliRows = cliRuns.map(({ format, run }) => [
  format,
  run.limit === null ? "all" : run.limit.toLocaleString("en-US"),
  run.rows.toLocaleString("en-US"),
  (run.ms / 1000).toFixed(2),
  Math.round((run.rows / run.ms) * 1000).toLocaleString("en-US"),
  run.peakRssKb === null ? "?" : (run.peakRssKb / 1024).toFixed(0),
  run.heldBytes === null ? "?" : (run.heldBytes / 1048576).toFixed(1),
  run.cliCpuMs === null ? "?" : (run.cliCpuMs / 1000).toFixed(2),
  (run.serverCpuMs / 1000).toFixed(2),
]);
// One subsection per world and store of the "Transfers" section.
const variant = `${scale} world${process.env.DATABASE_URL ? ", PostgreSQL" : ""}`;
const figures = [
  `${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? "unknown CPU"}), Node ${process.versions.node}, ${cluster ? "PostgreSQL (a throwaway cluster, as the tests start one: fsync off)" : benchStoreName(scale)}; ${Number(busiest.transfers).toLocaleString("en-US")} transfer rows in the store, the busiest address (${busiest.chain}) holds ${Number(busiest.rows).toLocaleString("en-US")}; ${rounds} requests of each page; 1-minute load average ${loadavg()[0]!.toFixed(1)} when the run ended.`,
  "",
  ...markdownTable(["30-row page", "server p50 (ms)", "server p95 (ms)", "p95 ≤ 10 ms"], pageRows, [
    "left",
    "right",
    "right",
    "right",
  ]),
  "",
  `A 1,000-row page of the JSON route, as \`sleuth transfers\` pages (1,000 rows of the ${bulkRows.toLocaleString("en-US")}-transfer address, along the cursor): server p50 ${ms(percentile(bulkLarge.times, 50))} ms, p95 ${ms(percentile(bulkLarge.times, 95))} ms.`,
  "",
  `Deepest page p95 / first page p95: ${deepRatio.toFixed(2)}× for the busiest address, ${bulkDeepRatio.toFixed(2)}× for the ${bulkRows.toLocaleString("en-US")}-transfer one (target ≤ 1.5×: ${Math.max(deepRatio, bulkDeepRatio) <= 1.5 ? "met" : "missed"}).`,
  "",
  ...markdownTable(
    [
      "`sleuth transfers` format",
      "--limit",
      "rows",
      "seconds",
      "rows/s",
      "peak RSS (MB)",
      "live heap, most (MB)",
      "CLI CPU (s)",
      "server CPU (s)",
    ],
    cliRows,
    ["left", "right", "right", "right", "right", "right", "right", "right", "right"],
  ),
  "",
  ...cliVerdicts.flatMap((verdict) => [`- ${verdict}`]),
  "",
  `\`sleuth transfers\` lists one synthetic Ethereum address holding ${bulkRows.toLocaleString("en-US")} transfers (one a minute, each its own transaction, added to the world by \`tests/helpers/syntheticTransfers.ts\`; the last two page rows above are its pages). CPU is the CLI process's user and system time and the server's (this process's) over the same run, each side on its own: the CLI parses, checks (the SDK's row schema) and writes each row as it arrives while the server reads the next page (its answer is pulled by the socket), so the slower side sets the pace. "Live heap, most" is the most JavaScript heap the CLI held at any point: in a second run of the same command, \`scripts/bench/liveHeapSampler.ts\` (loaded with \`--expose-gc\`) runs a full collection every 250 ms and at the end and keeps the most still in use; "flat" compares it for a tenth of the listing and for all of it. Times and peak RSS come from the first run, without it. The peak RSS also counts garbage V8 has not collected yet, and V8 sizes its heap by how fast the process allocates, so it grows with the run's length while what the CLI holds does not (docs/PERFORMANCE.md, Transfers, "Why the peak RSS grows with the rows"). A run includes the process's start. Read every figure against the load average above.`,
  "",
].join("\n");
writeMeasure(
  {
    measure: "Transfers",
    what: "the server's time for 30-row transfer pages of the busiest address, first to deepest, and `sleuth transfers` end to end: rows per second and memory.",
    how: "`pnpm bench transfers [scale] [--rounds N] [--postgres]`. \"Server\" is the server's own time per request (fastify's elapsed time when the answer is handed to the socket), for 30-row pages of the busiest address through the SDK over HTTP on 127.0.0.1; the deepest page is a jump-to the address's earliest transfer; the 30-row pages are measured in the same rounds, one request of each in turn, after 20 of each to warm up. `sleuth transfers` runs as a user runs it (the bundle, its bin's node flags), against the same server in this process, output to a file, after one warm-up run; it reads every 1,000-row page in one NDJSON answer (`/v1/transfer-rows/address`), a row at a time.",
    target:
      "(issue 27) first page p95 ≤ 10 ms, deepest page p95 within 1.5× of the first, `sleuth transfers` ≥ 20,000 rows/s with memory not growing with the rows.",
  },
  { variant, figures },
);
console.error(`docs/PERFORMANCE.md: Transfers, ${variant} written`);
