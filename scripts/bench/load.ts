// `pnpm bench load [pglite|postgres|all] [--seconds N] [--levels 50,200,500]` (issue 41): autocannon
// drives the investigators' mix (loadServers.ts) over loopback at each level of concurrent clients,
// against PGlite and against PostgreSQL with one and with two server processes. It records
// throughput, p50/p95/p99 per route, answers by status, the server's memory and event-loop delay,
// and the knee (the throughput where p95 passes 100 ms); then drives twice the knee and watches the
// memory come back. Writes docs/PERFORMANCE.md "Load"; SLEUTH_PGLITE_THREAD picks where the PGlite
// server runs its store.
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import {
  demoToken,
  driveMix,
  type LoadServer,
  type LoadSubjects,
  loadWorld,
  type MixRoute,
  mb,
  mixRoutes,
  pgliteVariant,
  quantile,
  withLoadStore,
} from "./loadServers.ts";
import { markdownTable, writeMeasure } from "./performanceDoc.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    seconds: { type: "string", default: "10" },
    levels: { type: "string", default: "50,200,500" },
  },
});
const which = positionals[0] ?? "all";
const seconds = Number(values.seconds);
const levels = values.levels.split(",").map(Number);
const kneeP95Ms = 100;
const clientTimeoutSeconds = 10;

interface LevelFigures {
  label: string;
  connections: number;
  requestsPerSecond: number;
  /** Answers that did the work (200) a second: the knee counts these, not quick refusals. */
  workedPerSecond: number;
  routes: Map<MixRoute, number[]>;
  all: number[];
  statuses: Map<string, number>;
  timeouts: number;
  peakRssMb: number;
  peakHeapMb: number;
  delayP99Ms: number;
  delayMaxMs: number;
}

/** One run of the mix against the servers: `connections` split among them, for `seconds`. */
async function drive(
  servers: LoadServer[],
  token: string,
  subjects: LoadSubjects,
  label: string,
  connections: number,
  overallRate?: number,
): Promise<LevelFigures> {
  const routes = new Map<MixRoute, number[]>(mixRoutes.map((route) => [route, []]));
  const all: number[] = [];
  const statuses = new Map<string, number>();
  const started = Date.now();
  const results = await Promise.all(
    servers.map((server) =>
      driveMix({
        server,
        token,
        subjects,
        connections: Math.max(1, Math.round(connections / servers.length)),
        seconds,
        timeoutSeconds: clientTimeoutSeconds,
        overallRate: overallRate ? Math.max(1, Math.round(overallRate / servers.length)) : undefined,
        onResponse: (route, status, latencyMs) => {
          if (route) routes.get(route)?.push(latencyMs);
          all.push(latencyMs);
          statuses.set(String(status), (statuses.get(String(status)) ?? 0) + 1);
        },
      }),
    ),
  );
  const elapsed = (Date.now() - started) / 1000;
  const total = results.reduce((sum, result) => sum + result.requests.total, 0);
  for (const list of [...routes.values(), all]) list.sort((a, b) => a - b);
  const during = servers.flatMap((server) => server.samples.filter((sample) => sample.at >= started));
  return {
    label,
    connections,
    requestsPerSecond: total / elapsed,
    workedPerSecond: (statuses.get("200") ?? 0) / elapsed,
    routes,
    all,
    statuses,
    timeouts: results.reduce((sum, result) => sum + result.timeouts, 0),
    peakRssMb: mb(
      Math.max(
        0,
        ...servers.map((server) =>
          Math.max(0, ...server.samples.filter((s) => s.at >= started).map((s) => s.rssBytes)),
        ),
      ),
    ),
    peakHeapMb: mb(Math.max(0, ...during.map((sample) => sample.heapUsedBytes))),
    delayP99Ms: Math.max(0, ...during.map((sample) => sample.delayP99Ms)),
    delayMaxMs: Math.max(0, ...during.map((sample) => sample.delayMaxMs)),
  };
}

/**
 * The throughput where p95 passes 100 ms, read between the levels (linear in p95). Throughput is the
 * answers that did work (200): counting refusals too would let the knee, and twice it, grow each
 * time refusing got cheaper, and runs would not compare.
 */
function kneeOf(figures: LevelFigures[]): { rps: number; note: string } {
  const p95 = (level: LevelFigures) => quantile(level.all, 0.95);
  const sorted = [...figures].sort((a, b) => a.connections - b.connections);
  if (p95(sorted[0]!) > kneeP95Ms)
    return {
      rps: sorted[0]!.workedPerSecond,
      note: `p95 is past ${kneeP95Ms} ms already at ${sorted[0]!.connections} clients: the knee is at most this`,
    };
  for (let index = 1; index < sorted.length; index++) {
    const below = sorted[index - 1]!;
    const above = sorted[index]!;
    if (p95(above) > kneeP95Ms) {
      const share = (kneeP95Ms - p95(below)) / (p95(above) - p95(below));
      const rps = below.workedPerSecond + share * (above.workedPerSecond - below.workedPerSecond);
      return { rps, note: `between ${below.connections} and ${above.connections} clients` };
    }
  }
  const last = sorted.at(-1)!;
  return {
    rps: last.workedPerSecond,
    note: `p95 stays under ${kneeP95Ms} ms up to ${last.connections} clients: the knee is past this`,
  };
}

/** Waits up to a minute for the servers' heap to come back near where it was before the load. */
async function recovery(
  servers: LoadServer[],
  baselineHeap: number,
): Promise<{ seconds: number | null; heapMb: number; rssMb: number }> {
  const started = Date.now();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const heap = servers.reduce((sum, server) => sum + (server.latest()?.heapUsedBytes ?? 0), 0);
    const rss = servers.reduce((sum, server) => sum + (server.latest()?.rssBytes ?? 0), 0);
    const waited = (Date.now() - started) / 1000;
    if (heap <= baselineHeap * 1.2 + 16 * 1024 * 1024)
      return { seconds: waited, heapMb: mb(heap), rssMb: mb(rss) };
    if (waited >= 60) return { seconds: null, heapMb: mb(heap), rssMb: mb(rss) };
  }
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(value < 10 ? 1 : 0) : "–");

interface StoreRun {
  variant: string;
  figures: string;
}

async function measure(variant: string, servers: LoadServer[], subjects: LoadSubjects): Promise<StoreRun> {
  const token = await demoToken(servers[0]!.port);
  console.error(`${variant}: warming up`);
  await drive(servers, token, subjects, "warm-up", 20);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const baselineHeap = servers.reduce((sum, server) => sum + (server.latest()?.heapUsedBytes ?? 0), 0);
  const baselineRss = servers.reduce((sum, server) => sum + (server.latest()?.rssBytes ?? 0), 0);
  const figures: LevelFigures[] = [];
  for (const connections of levels) {
    console.error(`${variant}: ${connections} clients for ${seconds} s`);
    figures.push(await drive(servers, token, subjects, `${connections} clients`, connections));
  }
  const knee = kneeOf(figures);
  console.error(`${variant}: twice the knee (${Math.round(2 * knee.rps)} req/s)`);
  const overload = await drive(servers, token, subjects, "twice the knee", Math.max(...levels), 2 * knee.rps);
  const back = await recovery(servers, baselineHeap);
  const load = loadavg()
    .map((value) => value.toFixed(1))
    .join(" / ");

  const levelRows = [...figures, overload].map((level) => [
    level.label,
    level.requestsPerSecond.toFixed(0),
    level.workedPerSecond.toFixed(0),
    ms(quantile(level.all, 0.5)),
    ms(quantile(level.all, 0.95)),
    ms(quantile(level.all, 0.99)),
    [...level.statuses]
      .sort()
      .map(([status, count]) => `${status}: ${count}`)
      .join(", ") + (level.timeouts ? `, timeouts: ${level.timeouts}` : ""),
    String(level.peakRssMb),
    String(level.peakHeapMb),
    ms(level.delayP99Ms),
    ms(level.delayMaxMs),
  ]);
  const routeRows = mixRoutes.map((route) => [
    route,
    ...figures.flatMap((level) => {
      const list = level.routes.get(route)!;
      return [`${ms(quantile(list, 0.5))} / ${ms(quantile(list, 0.95))} / ${ms(quantile(list, 0.99))}`];
    }),
  ]);
  const fiveHundreds = [...figures, overload].reduce(
    (sum, level) => sum + (level.statuses.get("500") ?? 0),
    0,
  );
  const shed = overload.statuses.get("503") ?? 0;
  const text = [
    `Machine: 2 cores, shared with other sessions during the run (load average after it: ${load}). ${seconds} s per level; the server${servers.length > 1 ? "s" : ""} ran with load shedding on (defaults), the rate limit lifted.`,
    "",
    ...markdownTable(
      [
        "level",
        "req/s",
        "200/s",
        "p50 ms",
        "p95 ms",
        "p99 ms",
        "answers",
        "peak RSS MB",
        "peak heap MB",
        "loop delay p99 ms",
        "loop delay max ms",
      ],
      levelRows,
      ["left", "right", "right", "right", "right", "right", "left", "right", "right", "right", "right"],
    ),
    "",
    "Per route, p50 / p95 / p99 ms at each level:",
    "",
    ...markdownTable(["route", ...figures.map((level) => level.label)], routeRows, [
      "left",
      ...figures.map(() => "right" as const),
    ]),
    "",
    `- **Knee**: about ${knee.rps.toFixed(0)} req/s that did work (200) (${knee.note}).`,
    `- **Twice the knee** (${(2 * knee.rps).toFixed(0)} req/s offered, ${Math.max(...levels)} clients): ${overload.requestsPerSecond.toFixed(0)} req/s answered, ${shed} shed with 503 and Retry-After, ${overload.statuses.get("500") ?? 0} answered 500, ${overload.timeouts} timed out past the client's ${clientTimeoutSeconds} s.`,
    `- **500s over the whole run**: ${fiveHundreds}.`,
    `- **Memory after**: heap before the levels ${mb(baselineHeap)} MB (RSS ${mb(baselineRss)} MB); ${back.seconds === null ? `not back within a minute (heap ${back.heapMb} MB, RSS ${back.rssMb} MB)` : `back within ${back.seconds.toFixed(0)} s of the overload's end (heap ${back.heapMb} MB, RSS ${back.rssMb} MB)`}.`,
    "",
  ].join("\n");
  return { variant, figures: text };
}

const runs: StoreRun[] = [];
if (which === "pglite" || which === "all") {
  await withLoadStore("pglite", async ({ subjects, startServer }) => {
    const server = await startServer();
    runs.push(
      await measure(`${loadWorld} world, ${pgliteVariant()}, one server process`, [server], subjects),
    );
  });
}
if (which === "postgres" || which === "all") {
  await withLoadStore("postgres", async ({ subjects, startServer }) => {
    const first = await startServer();
    runs.push(await measure(`${loadWorld} world, PostgreSQL, one server process`, [first], subjects));
    const second = await startServer();
    runs.push(
      await measure(`${loadWorld} world, PostgreSQL, two server processes`, [first, second], subjects),
    );
  });
}

for (const run of runs) {
  process.stdout.write(`\n### ${run.variant}\n\n${run.figures}\n`);
  writeMeasure(
    {
      measure: "Load",
      what: "throughput and latency of a realistic mix under 50, 200 and 500 concurrent clients, the knee, and what twice the knee does (issue 41).",
      how: "`pnpm bench load [pglite|postgres|all] [--seconds N] [--levels 50,200,500]`. Real server processes (`packages/server/src/main.ts`, `scripts/bench/loadProbe.ts` reporting memory and event-loop delay each second) over the default world; autocannon in the benchmark's process drives every connection through an investigator's session over 127.0.0.1: two palette searches with typed prefixes of real addresses and entity names, the address's summary, its first and next transfer page along the cursor, its counterparties, another search, an entity's summary, a graph expand and the console's job poll. With two processes the clients are split between them. Latency is autocannon's per answer (a request's send to its last byte); the knee is the throughput of answers that did work (200) where p95 passes 100 ms, read linearly between levels (refusals left out, so a cheaper refusal does not move it). Then twice that rate is offered with the most clients, and the heap is watched for a minute.",
      target:
        "(issue 41) past the knee the server sheds (503 with Retry-After) rather than queueing; at twice the knee no 500, no wait past the client's 10 s, memory back to its level within a minute.",
    },
    run,
  );
}
console.error("docs/PERFORMANCE.md: Load written");
