// Batch benchmark: `sleuth batch` end to end (a real CLI process against a real server over a
// seeded demo world), the same addresses looked up one request per address, and the CLI's peak
// memory for a short and a very long input. Writes its "{world}" subsection of the "Batch" section of
// docs/PERFORMANCE.md (", PostgreSQL" added when DATABASE_URL names the store).
//   node scripts/bench/batch.ts            the default world (in memory)
//   node scripts/bench/batch.ts large      the large world (kept in ~/.cache/sleuth-bench/large; the
//                                          first run seeds it, which takes minutes)
import { spawn } from "node:child_process";
import {
  closeSync,
  createReadStream,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import type { AddressInfo } from "node:net";
import { availableParallelism, cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { batchConcurrency, batchSliceLimits, ensureCliBuilt } from "@sleuth/cli";
import {
  addressChainUrn,
  bulkBatchSizes,
  type ChainId,
  chainsOfFamily,
  recognizeIdentifier,
} from "@sleuth/sdk";
import { createNodeClient } from "@sleuth/sdk/node";
import {
  buildServer,
  createApiToken,
  demoAccounts,
  findUserByEmail,
  loadConfig,
  searchConfiguration,
  type WorldScale,
  worldScaleSchema,
} from "@sleuth/server";
import { benchStoreName, openBenchStore } from "./benchStore.ts";
import { markdownTable, writeMeasure } from "./performanceDoc.ts";
import { cpuMs, peakRssKb, waitFor } from "./processStats.ts";

// `pnpm sleuth`: the bundle, built below when the sources have changed since.
const cliMain = fileURLToPath(new URL("../../packages/cli/bin/sleuth.js", import.meta.url));
// The node flags `pnpm sleuth` starts the CLI with: its bin's `#!/usr/bin/env -S node …` line, which
// pnpm's bin link follows. Read here rather than run through the link, so the heap settings below
// can be put after them.
const sleuthNodeFlags = (/^#!\/usr\/bin\/env -S node(.*)$/m.exec(readFileSync(cliMain, "utf8"))?.[1] ?? "")
  .trim()
  .split(/\s+/)
  .filter(Boolean);
const scriptPath = fileURLToPath(import.meta.url);

const listSize = 100_000;
const oneByOneSample = 2_000;
// The middle size is the throughput list's: V8's heap has settled by then, and the peak with it.
const memoryLines = [10_000, 100_000, 1_000_000] as const;
const batchRuns = 5;
// Issue 5's targets, for its "100,000 addresses": the list as an analyst pastes it, bare addresses.
// The URN list is ours, reported beside it for reference: one candidate per line, so its one-by-one
// baseline makes 3 requests an address where the pasted list's makes about 5, and the same batch
// speed shows as a smaller ratio.
const targetRate = 25_000;
const targetRatio = 50;
// "Flat" is the issue's word. Ours for it: the peak does not grow with the input, i.e. the peak for
// the longest list within this factor of the peak for the middle one (ten times shorter). The
// shortest list is reported against it too: it ends before V8 has sized its heap for the run's
// allocation rate.
const flatWithin = 1.2;

/** Node flags a `sleuth` process could be started with to bound V8's heap. */
interface HeapBound {
  flags: string[];
  /** What they bound, for the table. */
  what: string;
}

// What a flat peak would cost: V8 grows the young generation with the allocation rate (to 64 MB a
// semi-space under its defaults) and lets garbage reach about four times the live heap before a full
// collection. `sleuth` runs with V8's defaults; the table below weighs the memory each bounding
// setting would save against the throughput it would take. The first entry is `sleuth` as it runs.
const heapBounds: HeapBound[] = [
  { flags: sleuthNodeFlags, what: "as `sleuth` runs: V8's defaults" },
  {
    flags: ["--max-semi-space-size=8"],
    what: "8 MB a semi-space: the young generation held down",
  },
  {
    flags: ["--max-semi-space-size=8", "--heap-growing-percent=100"],
    what: "8 MB a semi-space, and a full collection each time the old generation doubles; no heap ceiling",
  },
  {
    // A cap far above what a batch keeps alive (the live heap stays under 40 MB); under a cap below
    // a few GB, V8 also lets the old generation grow less between full collections.
    flags: ["--max-semi-space-size=16", "--max-old-space-size=512"],
    what: "16 MB a semi-space, and the old generation capped at 512 MB, which V8 then grows by less between full collections; no heap ceiling",
  },
];
const boundRounds = 3;

// --- the one-by-one baseline, run as its own process (as the CLI is) --------------------------

/**
 * What a script without bulk calls does: for each address in turn, the same three lookups the
 * batch makes (metrics, risk, attribution), one URN per request, on every chain the address fits
 * that the server searches.
 */
async function oneByOne(baseUrl: string, token: string, file: string): Promise<void> {
  const client = createNodeClient({ baseUrl, token });
  const addresses = readFileSync(file, "utf8").trim().split("\n");
  const started = performance.now();
  // As the CLI does: the chains the server has no data on are not asked about (000 §5).
  const { excludedChains } = await client.search.configuration();
  let requests = 0;
  for (const address of addresses) {
    for (const { urn } of recognizeIdentifier(address, { excludedChains })) {
      await Promise.all([
        client.metrics.addresses([urn]),
        client.risk.addresses([urn]),
        client.attribution.addresses([urn]),
      ]);
      requests += 3;
    }
  }
  const ms = performance.now() - started;
  process.stdout.write(`${JSON.stringify({ addresses: addresses.length, requests, ms })}\n`);
}

if (process.argv[2] === "--one-by-one") {
  const [, , , baseUrl, token, file] = process.argv;
  await oneByOne(baseUrl!, token!, file!);
  process.exit(0);
}

// --- the run ------------------------------------------------------------------------------------

interface CliRun {
  ms: number;
  peakRssKb: number | null;
  /** The peak RSS so far at each poll, with the time since spawn: where the peak is reached. */
  peakSoFar: { ms: number; kb: number }[];
  /** CPU time the CLI process used (user + system), in ms. */
  cpuMs: number | null;
  code: number | null;
  stderr: string;
}

const batchArgs = (input: string) => ["batch", input, "--no-progress", "--allow-failures", "--format", "csv"];

/** `sleuth …` as a user runs it, output to a file; wall time from spawn to exit. */
async function runCli(
  env: Record<string, string>,
  args: readonly string[],
  output: string,
  nodeFlags: readonly string[] = sleuthNodeFlags,
): Promise<CliRun> {
  const out = openSync(output, "w");
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeFlags, cliMain, ...args], {
    env: { PATH: process.env.PATH ?? "", HOME: tmpdir(), ...env },
    stdio: ["ignore", out, "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  let peak: number | null = null;
  let cpu: number | null = null;
  const peakSoFar: CliRun["peakSoFar"] = [];
  // VmHWM is the peak so far and the CPU time only grows: read both until the process is gone.
  const poll = setInterval(() => {
    if (!child.pid) return;
    const rss = peakRssKb(child.pid);
    if (rss !== null) {
      peak = Math.max(peak ?? 0, rss);
      peakSoFar.push({ ms: performance.now() - started, kb: peak });
    }
    cpu = cpuMs(child.pid) ?? cpu;
  }, 50);
  const code = await waitFor(child);
  clearInterval(poll);
  closeSync(out);
  return { ms: performance.now() - started, peakRssKb: peak, peakSoFar, cpuMs: cpu, code, stderr };
}

/** `sleuth batch` over `file` (runCli), which must succeed. */
async function runBatchCli(
  env: Record<string, string>,
  file: string,
  output: string,
  nodeFlags: readonly string[] = sleuthNodeFlags,
): Promise<CliRun> {
  const run = await runCli(env, batchArgs(file), output, nodeFlags);
  if (run.code !== 0) throw new Error(`sleuth batch failed (exit ${run.code}): ${run.stderr}`);
  return run;
}

/**
 * The live heap after each full collection, from V8's --trace-gc lines (which it prints on stdout,
 * so among the CSV rows; no row starts with "[").
 */
async function liveHeapsMb(output: string): Promise<number[]> {
  const heaps: number[] = [];
  const reader = createInterface({ input: createReadStream(output), crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of reader) {
    const match = line.startsWith("[") ? /Mark-Compact [\d.]+ \([\d.]+\) -> ([\d.]+) \(/.exec(line) : null;
    if (match) heaps.push(Number(match[1]));
  }
  return heaps;
}

interface OneByOne {
  addresses: number;
  requests: number;
  ms: number;
}

/** The middle one of an odd number of runs, by `key`. */
function medianOf<T>(items: readonly T[], key: (item: T) => number): T {
  return [...items].sort((a, b) => key(a) - key(b))[Math.floor(items.length / 2)]!;
}

/** `items` in `ms`, a second. */
const perSecond = (items: number, ms: number) => (items / ms) * 1000;

/** Addresses a second of each run, in the order they ran. */
function runRates(runs: readonly { run: { ms: number } }[], addresses: number): number[] {
  return runs.map(({ run }) => perSecond(addresses, run.ms));
}

/**
 * The throughput verdict: the median decides, and the runs on the other side of the target are
 * counted, so a verdict the machine's noise could have turned says so.
 */
function rateVerdict(median: number, rates: readonly number[]): string {
  const below = rates.filter((rate) => rate < targetRate).length;
  if (median < targetRate)
    return `**not met** (${count(median)}; ${rates.length - below} of ${rates.length} runs reached it)`;
  return below === 0
    ? "met"
    : `met at the median (${count(median)}; ${below} of ${rates.length} runs fell short)`;
}

/** The verdict on the batch's speed over the one-by-one baseline. */
function ratioVerdict(rate: number, singleRate: number): string {
  const ratio = rate / singleRate;
  return ratio >= targetRatio ? "met" : `**not met** (${ratio.toFixed(0)}×)`;
}

/** Whether the peaks are within flatWithin of each other. */
function isFlat(peaks: readonly number[]): boolean {
  return Math.max(...peaks) <= Math.min(...peaks) * flatWithin;
}

interface BoundedRuns {
  bound: HeapBound;
  /** Peak RSS at each of memoryLines. */
  peaksKb: (number | null)[];
  /** The pasted list, boundRounds times. */
  runs: CliRun[];
}

/** A bound's flags as code. */
function flagsText(bound: HeapBound): string {
  return bound.flags.length > 0 ? bound.flags.map((flag) => `\`${flag}\``).join(" ") : "none";
}

const cpuSeconds = (run: CliRun) => (run.cpuMs === null ? "n/a" : seconds(run.cpuMs));

/** The heap bounds' table and what it shows: which bound keeps the peak flat, and at what speed. */
function boundsText(bounded: readonly BoundedRuns[], addresses: number): string[] {
  const measured = bounded.map((entry) => {
    const peaks = entry.peaksKb.filter((kb): kb is number => kb !== null);
    const complete = peaks.length === memoryLines.length;
    const median = medianOf(entry.runs, (run) => run.ms);
    return {
      entry,
      median,
      rate: perSecond(addresses, median.ms),
      spread: complete ? Math.max(...peaks) / Math.min(...peaks) : null,
      flat: complete && isFlat(peaks),
    };
  });
  const sleuthRate = measured[0]?.rate ?? Number.NaN;
  const flat = measured.filter(({ flat }) => flat);
  const share = (rate: number) => `${Math.round((rate / sleuthRate) * 100)}%`;
  return [
    `Under node flags that bound V8's heap (each \`sleuth batch\` started with them), the peak RSS for the same three sizes, and the pasted list's throughput: median of ${boundRounds} runs, the settings in turn each round, so the machine's drift falls on all alike (the first row's peaks are the runs above).`,
    "",
    ...markdownTable(
      [
        "node flags",
        "bounds",
        `peak RSS, ${memoryLines.map(count).join(" / ")} lines (MB)`,
        "largest ÷ smallest",
        "pasted addresses/s",
        "of `sleuth`'s",
        "CLI CPU (s)",
      ],
      measured.map(({ entry, median, rate, spread }) => [
        flagsText(entry.bound),
        entry.bound.what,
        entry.peaksKb.map((kb) => (kb === null ? "n/a" : String(Math.round(kb / 1024)))).join(" / "),
        spread === null ? "n/a" : `${spread.toFixed(2)}×`,
        count(rate),
        share(rate),
        cpuSeconds(median),
      ]),
      ["left", "left", "right", "right", "right", "right", "right"],
    ),
    "",
    flat.length > 0
      ? `All three peaks within ${flatWithin}× of each other under ${flat.map(({ entry, rate }) => `${flagsText(entry.bound)} (${share(rate)} of \`sleuth\`'s throughput)`).join("; ")}.`
      : `All three peaks within ${flatWithin}× of each other under none of these settings.`,
  ];
}

async function runOneByOne(baseUrl: string, token: string, file: string): Promise<OneByOne> {
  const child = spawn(process.execPath, [scriptPath, "--one-by-one", baseUrl, token, file], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let stdout = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
  });
  const code = await waitFor(child);
  if (code !== 0) throw new Error(`the one-by-one run failed (exit ${code})`);
  return JSON.parse(stdout) as OneByOne;
}

/** A deterministic shuffle, so every run screens the same list in the same order. */
function shuffled<T>(items: readonly T[], seed = 7): T[] {
  const copy = [...items];
  let state = seed >>> 0;
  for (let i = copy.length - 1; i > 0; i--) {
    state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    const j = state % (i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** `count` lines cycling through `list`. */
function lines(list: readonly string[], count: number): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(list[i % list.length]!);
  return `${out.join("\n")}\n`;
}

const count = (value: number) => Math.round(value).toLocaleString("en-US");
const seconds = (ms: number) => (ms / 1000).toFixed(1);
const megabytes = (kb: number | null) => (kb === null ? "n/a" : `${Math.round(kb / 1024)} MB`);

/**
 * The peak RSS a run had reached by each tenth of its time. The input streams at a steady rate, so
 * the nth tenth of the time is about the nth tenth of the lines: a peak that stops rising early
 * does not grow with the input.
 */
function peakByTenths(run: CliRun): (number | null)[] {
  return Array.from({ length: 10 }, (_, tenth) => {
    const until = (run.ms * (tenth + 1)) / 10;
    return run.peakSoFar.findLast((sample) => sample.ms <= until)?.kb ?? null;
  });
}

const scale: WorldScale = worldScaleSchema.parse(process.argv[2] ?? "default");
await ensureCliBuilt();
const work = mkdtempSync(join(tmpdir(), "sleuth-bench-batch-"));
const store = await openBenchStore(scale);
try {
  const rows = await store.query<{ address: string; chain: ChainId }>(
    "SELECT address, chain FROM addresses ORDER BY id",
  );
  // 000 §5: what `sleuth batch` leaves out, as the server tells it (chains the world has no address on).
  const { excludedChains } = await searchConfiguration(store);
  const evmSearched = chainsOfFamily("evm").filter((chain) => !excludedChains.includes(chain.id));
  // The world's addresses as an analyst pastes them, each once, cycled to the list's length.
  const distinct = shuffled([...new Set(rows.map((row) => row.address))]);
  const list = lines(distinct, listSize).trimEnd().split("\n");
  // The SDK's recognition alone, as the CLI runs it, for the CPU breakdown.
  const recognitionStarted = performance.now();
  const candidates = list.reduce(
    (sum, address) => sum + recognizeIdentifier(address, { excludedChains }).length,
    0,
  );
  const recognitionMs = performance.now() - recognitionStarted;

  // The server as `pnpm start` runs it, its per-token rate limit included: a user's batch meets it too.
  const config = loadConfig({ SLEUTH_LOG_LEVEL: "warn", SLEUTH_DEMO: "1", SLEUTH_WEB_DIST: "/nonexistent" });
  const app = await buildServer({ store, config });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const user = await findUserByEmail(store, demoAccounts.user.email);
  if (!user) throw new Error("no demo user");
  const token = (await createApiToken(store, user.id, "batch benchmark")).token;
  const env = { SLEUTH_API_URL: baseUrl, SLEUTH_TOKEN: token };

  /**
   * One list through the CLI: a warm-up run, then `batchRuns` measured runs, each followed by a
   * sample of the list one request per address against a second server without a rate limit (one
   * request per address runs into the limit at once). The machine is shared and its speed drifts from
   * minute to minute: taking the two side by side, and the median of each, keeps the drift out of
   * their ratio; the batch runs are reported with the others beside the median.
   */
  const measureList = async (name: string, items: readonly string[]) => {
    const file = join(work, `${name}.txt`);
    writeFileSync(file, `${items.join("\n")}\n`);
    const sample = join(work, `${name}-sample.txt`);
    const step = Math.floor(items.length / oneByOneSample);
    writeFileSync(
      sample,
      `${items
        .filter((_, index) => index % step === 0)
        .slice(0, oneByOneSample)
        .join("\n")}\n`,
    );
    const unlimited = await buildServer({
      store,
      config: loadConfig({
        SLEUTH_LOG_LEVEL: "warn",
        SLEUTH_WEB_DIST: "/nonexistent",
        SLEUTH_RATE_LIMIT_PER_SECOND: "1000000",
        SLEUTH_RATE_LIMIT_BURST: "1000000",
      }),
    });
    await unlimited.listen({ port: 0, host: "127.0.0.1" });
    const unlimitedUrl = `http://127.0.0.1:${(unlimited.server.address() as AddressInfo).port}`;
    console.error(
      `batch: ${count(items.length)} ${name} through the CLI, and ${count(oneByOneSample)} one by one…`,
    );
    // A first, unmeasured run of the whole list, as any server in use has had: it brings the list's
    // summary pages into the store's buffer cache and lets V8 optimise the server's hot code and
    // PGlite's WebAssembly. A warm-up over the 2,000-address sample left the first measured run
    // reading about 50,000 pages from disk, at two thirds of the others' speed.
    await runCli(env, batchArgs(file), join(work, "warm.csv"));
    const runs: { run: CliRun; serverCpuMs: number }[] = [];
    const singles: OneByOne[] = [];
    for (let attempt = 0; attempt < batchRuns; attempt++) {
      const serverCpuBefore = process.cpuUsage();
      const run = await runBatchCli(env, file, join(work, "out.csv"));
      const serverCpu = process.cpuUsage(serverCpuBefore);
      runs.push({ run, serverCpuMs: (serverCpu.user + serverCpu.system) / 1000 });
      singles.push(await runOneByOne(unlimitedUrl, token, sample));
    }
    await unlimited.close();
    const median = medianOf(runs, ({ run }) => run.ms);
    const single = medianOf(singles, ({ ms }) => ms);
    const summary = /(\d[\d,]*) inputs, (\d[\d,]*) rows: (\d[\d,]*) resolved.* in ([\d.]+) s/.exec(
      median.run.stderr,
    );
    return {
      file,
      runs,
      batch: median.run,
      serverCpuMs: median.serverCpuMs,
      summary,
      rate: perSecond(items.length, median.run.ms),
      single,
      singleRate: perSecond(single.addresses, single.ms),
      singleRates: singles.map(({ addresses, ms }) => perSecond(addresses, ms)),
    };
  };

  const pasted = await measureList("addresses", list);
  // The same world's addresses on their chains, one URN per line: what an earlier batch's `urn`
  // column or an export hands back for screening again. One candidate each, no fan-out.
  const urnList = lines(shuffled(rows.map((row) => addressChainUrn(row.chain, row.address))), listSize)
    .trimEnd()
    .split("\n");
  const qualified = await measureList("urns", urnList);
  const { batch, serverCpuMs, summary, runs } = pasted;
  const batchRate = pasted.rate;
  const singleRate = pasted.singleRate;

  // The server's share: each bulk call over one full batch of the list's URNs as the CLI sends it
  // (metrics over every candidate, risk and attribution over those metrics knows), posted raw (no SDK
  // checks in this process, which also runs the server), the answer read as text.
  const batchUrns = list
    .slice(0, bulkBatchSizes.addresses)
    .flatMap((address) => recognizeIdentifier(address, { excludedChains }).map((candidate) => candidate.urn))
    .slice(0, bulkBatchSizes.addresses);
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    return response.text();
  };
  const metricsPath = "/trm-insights/v1/address/metrics/summary/mini/bulk";
  const metricsBody = {
    addressChainUrns: batchUrns,
    includeAssetCount: false,
    includeVolumeMetrics: true,
    includeBalanceMetrics: true,
  };
  const knownUrns = (
    JSON.parse(await post(metricsPath, metricsBody)) as { data: { addressChainUrn: string }[] }
  ).data.map((item) => item.addressChainUrn);
  const calls = [
    ["address metrics", () => post(metricsPath, metricsBody)],
    [
      "address risk",
      () =>
        post("/trm-insights/v4/risk/address/risk-indicators/mini-info/bulk", { addressChainUrns: knownUrns }),
    ],
    ["address attribution", () => post("/v2/attribution/address", { addressChainUrns: knownUrns })],
  ] as const;
  const callMs: { name: string; ms: number }[] = [];
  for (const [name, call] of calls) {
    await call();
    const times: number[] = [];
    for (let repeat = 0; repeat < 7; repeat++) {
      const started = performance.now();
      await call();
      times.push(performance.now() - started);
    }
    callMs.push({ name, ms: times.sort((a, b) => a - b)[3]! });
  }
  const serverMsPerBatch = callMs.reduce((sum, call) => sum + call.ms, 0);

  // What the CLI takes before it reads a line: start-up alone.
  const startup = await runCli(env, ["--version"], join(work, "version.txt"));
  // Each size as `sleuth` runs (tracing full collections, for the live heap) and under each other
  // heap setting; then the pasted list under each setting in turn, in rounds, so the machine's drift
  // falls on all alike.
  const memory: { lines: number; run: CliRun; heaps: number[] }[] = [];
  const bounded: BoundedRuns[] = heapBounds.map((bound) => ({ bound, peaksKb: [], runs: [] }));
  for (const size of memoryLines) {
    console.error(`memory: ${count(size)} lines…`);
    const file = join(work, `lines-${size}.txt`);
    const output = join(work, `lines-${size}.csv`);
    writeFileSync(file, lines(list, size));
    for (const entry of bounded) {
      const asRun = entry === bounded[0];
      const run = await runBatchCli(
        env,
        file,
        output,
        asRun ? [...entry.bound.flags, "--trace-gc"] : entry.bound.flags,
      );
      entry.peaksKb.push(run.peakRssKb);
      if (asRun) memory.push({ lines: size, run, heaps: await liveHeapsMb(output) });
    }
    rmSync(file);
    rmSync(output);
  }
  for (let round = 0; round < boundRounds; round++)
    for (const entry of bounded)
      entry.runs.push(await runBatchCli(env, pasted.file, join(work, "bounded.csv"), entry.bound.flags));
  await app.close();

  const [small, middle, large] = memory;
  const settling = large
    ? peakByTenths(large.run)
        .map((kb) => (kb === null ? "n/a" : String(Math.round(kb / 1024))))
        .join(", ")
    : "";
  // One subsection per world and engine, so the large world on PGlite and a PostgreSQL run sit side by side.
  const variant = `${scale} world${process.env.DATABASE_URL ? ", PostgreSQL" : ""}`;
  const text = [
    `Measured by \`node scripts/bench/batch.ts [world]\` on ${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? "unknown CPU"}), Node ${process.versions.node}, ${benchStoreName(scale)}, the ${scale} demo world. Two lists of ${count(listSize)}. **Addresses as pasted**: ${distinct.length >= list.length ? `${count(list.length)} of the world's ${count(distinct.length)} distinct addresses, shuffled` : `the world's ${count(distinct.length)} distinct addresses, shuffled and cycled to ${count(list.length)}`}, bare (no \`--chain\`): an address valid on several chains is looked up on each the server searches (${(candidates / list.length).toFixed(2)} URNs per address on average: a 0x-address is a candidate on every EVM chain the store holds addresses on, ${evmSearched.length > 0 ? evmSearched.map((chain) => chain.id).join(", ") : "none"}; ${excludedChains.length > 0 ? `the ${excludedChains.length} chains it holds none on (${excludedChains.join(", ")}) are excluded, 000 §5, as GET /v1/search/configuration tells the CLI and the one-by-one script alike` : "no chain is excluded"}). **URNs**: ${rows.length >= listSize ? `${count(listSize)} of the world's ${count(rows.length)} addresses on their chains, shuffled` : `the world's ${count(rows.length)} addresses on their chains, shuffled and cycled to ${count(listSize)}`}, one URN per line, as an earlier batch's \`urn\` column or an export gives them back: one candidate each.`,
    "",
    ...markdownTable(
      ["list", "run", "addresses", "time (s)", "addresses/s", "over one by one"],
      (
        [
          ["addresses as pasted", pasted],
          ["URNs (chain-qualified)", qualified],
        ] as const
      ).flatMap(([name, measured]) => [
        [
          name,
          `\`sleuth batch\`, end to end (median of ${measured.runs.length} runs)`,
          count(listSize),
          seconds(measured.batch.ms),
          count(measured.rate),
          `**${(measured.rate / measured.singleRate).toFixed(0)}×**`,
        ],
        [
          name,
          `one request per address (${count(measured.single.addresses)} sampled, ${count(measured.single.requests)} requests, no rate limit, extrapolated; median of ${measured.singleRates.length} runs)`,
          count(listSize),
          seconds((listSize / measured.singleRate) * 1000),
          count(measured.singleRate),
          "",
        ],
      ]),
      ["left", "left", "right", "right", "right", "right"],
    ),
    "",
    `Targets (issue 5), for its list of ${count(listSize)} addresses, the addresses as pasted: ≥ ${count(targetRate)} addresses/s ${rateVerdict(batchRate, runRates(runs, list.length))}, ≥ ${targetRatio}× one by one ${ratioVerdict(batchRate, singleRate)}. The URN list, for reference: ≥ ${count(targetRate)} addresses/s ${rateVerdict(qualified.rate, runRates(qualified.runs, urnList.length))}; ${(qualified.rate / qualified.singleRate).toFixed(0)}× one by one, held to no target: its baseline makes ${(qualified.single.requests / qualified.single.addresses).toFixed(1)} requests an address where the pasted list's makes ${(pasted.single.requests / pasted.single.addresses).toFixed(1)}, so the same batch speed shows as a smaller ratio.`,
    "",
    `The runs, in the order they ran (addresses/s; each batch run was followed by a one-by-one run): addresses as pasted ${runRates(runs, list.length).map(count).join(", ")}, one by one ${pasted.singleRates.map(count).join(", ")}; URNs ${runRates(qualified.runs, urnList.length).map(count).join(", ")}, one by one ${qualified.singleRates.map(count).join(", ")}.`,
    "",
    `The CLI's own count, addresses as pasted: ${summary ? `${summary[1]} inputs, ${summary[2]} rows, ${summary[3]} resolved in ${summary[4]} s after start-up` : "not found"}; URNs: ${qualified.summary ? `${qualified.summary[1]} inputs, ${qualified.summary[2]} rows, ${qualified.summary[3]} resolved in ${qualified.summary[4]} s` : "not found"}. The URNs' CLI process used ${qualified.batch.cpuMs === null ? "n/a" : `${seconds(qualified.batch.cpuMs)} s of CPU`} and the server ${seconds(qualified.serverCpuMs)} s.`,
    "",
    "Where the time goes, addresses as pasted:",
    "",
    `- The CLI process used ${batch.cpuMs === null ? "n/a" : `${seconds(batch.cpuMs)} s of CPU (start-up, reading, recognition, the SDK's request and answer checks, JSON and CSV), a ceiling of ${count(perSecond(list.length, batch.cpuMs))} addresses/s on one core`}; the SDK's recognition alone takes ${seconds(recognitionMs)} s of it (${((recognitionMs * 1000) / list.length).toFixed(0)} µs an address).`,
    `- The server's process (the API${process.env.DATABASE_URL ? "" : " and the embedded PGlite database"}) used ${seconds(serverCpuMs)} s of CPU during the run${process.env.DATABASE_URL ? ", PostgreSQL's own processes not counted" : ""}: ${((serverCpuMs * 1000) / list.length).toFixed(0)} µs an address, against the CLI's ${batch.cpuMs === null ? "n/a" : `${((batch.cpuMs * 1000) / list.length).toFixed(0)} µs`}. On ${availableParallelism()} cores, ${count(list.length)} addresses at ${count(targetRate)} a second leave ${((availableParallelism() * 1e6) / targetRate).toFixed(0)} µs of CPU an address for everything.`,
    `- The server answers one batch of ${bulkBatchSizes.addresses} URNs (${knownUrns.length} of them known, which risk and attribution are asked about) in ${callMs.map((call) => `${call.ms.toFixed(0)} ms (${call.name})`).join(", ")} (median of 7, posted alone; risk and attribution find the rows the metrics call has just read in the server's memory, as they do in a batch): ${serverMsPerBatch.toFixed(0)} ms for the three, and the list needs ${count(Math.ceil(candidates / bulkBatchSizes.addresses))} batches, ${seconds(Math.ceil(candidates / bulkBatchSizes.addresses) * serverMsPerBatch)} s of the server's time. Both processes share the machine's ${availableParallelism()} cores.`,
    "",
    ...markdownTable(
      ["input lines", "peak RSS of the CLI", "live heap after full GCs (MB)", "full GCs", "time (s)"],
      memory.map(({ lines: size, run, heaps }) => [
        count(size),
        megabytes(run.peakRssKb),
        heaps.length > 0 ? `${Math.min(...heaps).toFixed(0)}–${Math.max(...heaps).toFixed(0)}` : "–",
        String(heaps.length),
        seconds(run.ms),
      ]),
      ["right", "right", "right", "right", "right"],
    ),
    "",
    small?.run.peakRssKb && middle?.run.peakRssKb && large?.run.peakRssKb
      ? `Over the ${count(memoryLines[2])}-line run, the peak RSS reached by each tenth of its time (about each ${count(memoryLines[2] / 10)} lines): ${settling} MB. Peak RSS for ${count(memoryLines[2])} lines is ${(large.run.peakRssKb / middle.run.peakRssKb).toFixed(2)}× that for ${count(memoryLines[1])} and ${(large.run.peakRssKb / small.run.peakRssKb).toFixed(2)}× that for ${count(memoryLines[0])}; target (issue 5), peak memory flat between ${count(memoryLines[0])} and ${count(memoryLines[2])} lines (our reading: it does not grow with the input, the ${count(memoryLines[2])}-line peak within ${flatWithin}× the ${count(memoryLines[1])}-line one): ${isFlat([middle.run.peakRssKb, large.run.peakRssKb]) ? "met" : "**not met**"}; read strictly, all three peaks within ${flatWithin}× of each other: ${isFlat([small.run.peakRssKb, middle.run.peakRssKb, large.run.peakRssKb]) ? "met" : `not met, the ${count(memoryLines[0])}-line run ending before V8 has sized its heap`}.${large.run.peakRssKb / middle.run.peakRssKb < 1.25 ? " The peak rises while V8 sizes its heap for the run's allocation rate, then stays." : ""} What the CLI keeps alive, the live heap after a full collection (V8's \`--trace-gc\`), stays within ${large.heaps.length > 0 ? `${Math.min(...large.heaps).toFixed(0)}–${Math.max(...large.heaps).toFixed(0)} MB` : "a few MB"} over the ${count(memoryLines[2])} lines: the input is read as it is needed and at most ${batchConcurrency} slices are in flight. Most of the resident size is start-up (\`sleuth --version\` alone peaks at ${megabytes(startup.peakRssKb)}: loading the SDK and its schemas) and garbage between full collections,.`
      : "Peak memory is read from /proc (Linux only).",
    "",
    ...boundsText(bounded, list.length),
    "",
  ].join("\n");

  writeMeasure(
    {
      measure: "Batch",
      what: "`sleuth batch` end to end (a real CLI process against a real server over a seeded demo world), the same addresses looked up one request per address, and the CLI's peak memory for a short and a very long input.",
      how: `\`pnpm bench batch [scale]\`. The server runs in the benchmark's process with its default per-token rate limit (${config.rateLimit.perSecond} requests a second, bursts of ${config.rateLimit.burst}), as \`pnpm start\` runs it; each \`sleuth batch\` is a separate process started as a user starts it (\`pnpm sleuth\`'s bin/sleuth.js, which runs the bundled CLI; \`--format csv\` into a file, \`--no-progress\`), timed from spawn to exit, so its start-up is included; each list is run once unmeasured first (the store's buffer cache and the server's optimised code warm, as on a server in use). Both go in slices of ${count(batchSliceLimits.address)} candidate URNs: metrics over every candidate, then risk and attribution over the URNs metrics knows, each in batches of ${bulkBatchSizes.addresses}; ${batchConcurrency} slices in flight.`,
      target:
        "(issue 5) for a list of 100,000 addresses as pasted: ≥ 25,000 addresses/s and ≥ 50× one request per address; peak memory flat between 10,000 and 1,000,000 lines.",
    },
    { variant, figures: text },
  );
  console.log(text);
} finally {
  await store.close();
  rmSync(work, { recursive: true, force: true });
}
