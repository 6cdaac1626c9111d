// `pnpm bench soak [pglite|postgres] [--minutes N] [--rate R]` (issue 41): the investigators' mix
// (loadServers.ts) offered at the knee for an hour (by default) against one server process, with its
// memory and open handles sampled every minute and their slope fitted. The rate defaults to the knee
// `pnpm bench load` recorded for that store (for PGlite, on the thread SLEUTH_PGLITE_THREAD picks).
// Writes docs/PERFORMANCE.md "Soak".
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import {
  demoToken,
  driveMix,
  type LoadServer,
  type LoadSubjects,
  loadWorld,
  mb,
  pgliteVariant,
  quantile,
  withLoadStore,
} from "./loadServers.ts";
import { markdownTable, readMeasure, writeMeasure } from "./performanceDoc.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { minutes: { type: "string", default: "60" }, rate: { type: "string" } },
});
const store = positionals[0] === "postgres" ? "postgres" : "pglite";
const minutes = Number(values.minutes);
const storeVariant = store === "postgres" ? "PostgreSQL" : pgliteVariant();
const loadVariant = `${loadWorld} world, ${storeVariant}, one server process`;
const recordedKnee = /\*\*Knee\*\*: about (\d+) req\/s/.exec(readMeasure("Load", loadVariant))?.[1];
const rate = Number(values.rate ?? recordedKnee ?? 100);

interface Minute {
  minute: number;
  requestsPerSecond: number;
  p95Ms: number;
  errors: number;
  shed: number;
  fiveHundreds: number;
  timeouts: number;
  rssMb: number;
  heapMb: number;
  handles: number;
}

/** Least-squares slope of `y` over the minutes, per minute. */
function slope(points: { x: number; y: number }[]): number {
  const n = points.length;
  if (n < 2) return Number.NaN;
  const meanX = points.reduce((sum, point) => sum + point.x, 0) / n;
  const meanY = points.reduce((sum, point) => sum + point.y, 0) / n;
  const numerator = points.reduce((sum, point) => sum + (point.x - meanX) * (point.y - meanY), 0);
  const denominator = points.reduce((sum, point) => sum + (point.x - meanX) ** 2, 0);
  return numerator / denominator;
}

async function soak(server: LoadServer, subjects: LoadSubjects): Promise<Minute[]> {
  const token = await demoToken(server.port);
  const rows: Minute[] = [];
  for (let minute = 1; minute <= minutes; minute++) {
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    const result = await driveMix({
      server,
      token,
      subjects,
      connections: 50,
      seconds: 60,
      timeoutSeconds: 10,
      overallRate: rate,
      onResponse: (_route, status, latencyMs) => {
        latencies.push(latencyMs);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      },
    });
    latencies.sort((a, b) => a - b);
    // The clients' sockets are closed at the end of each minute: the next report counts only what
    // the server itself holds open (a leak shows there, not in the clients' connections).
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const sample = server.latest()!;
    const row: Minute = {
      minute,
      requestsPerSecond: result.requests.total / 60,
      p95Ms: quantile(latencies, 0.95),
      // Answers other than 2xx, connection errors and answers past the client's 10 s.
      errors: result.non2xx + result.errors + result.timeouts,
      shed: statuses.get(503) ?? 0,
      fiveHundreds: statuses.get(500) ?? 0,
      timeouts: result.timeouts,
      rssMb: mb(sample.rssBytes),
      heapMb: mb(sample.heapUsedBytes),
      handles: sample.handles,
    };
    rows.push(row);
    console.error(
      `minute ${minute}: ${row.requestsPerSecond.toFixed(0)} req/s, p95 ${row.p95Ms.toFixed(0)} ms, heap ${row.heapMb} MB, RSS ${row.rssMb} MB, handles ${row.handles}`,
    );
  }
  return rows;
}

const rows = await withLoadStore(store, async ({ subjects, startServer }) =>
  soak(await startServer(), subjects),
);

// The first minute warms caches and JIT: the slope is fitted from the second on.
const settled = rows.filter((row) => row.minute > 1);
const heapSlope = slope(settled.map((row) => ({ x: row.minute, y: row.heapMb })));
const rssSlope = slope(settled.map((row) => ({ x: row.minute, y: row.rssMb })));
const handleSlope = slope(settled.map((row) => ({ x: row.minute, y: row.handles })));
const flat = (value: number, limit: number) =>
  Math.abs(value) <= limit ? "flat" : value > 0 ? "growing" : "shrinking";
const variant = `${loadWorld} world, ${storeVariant}, ${minutes} min${minutes < 60 ? " (a short run, not the hour)" : ""}`;
const figures = [
  `Machine: 2 cores, shared with other sessions during the run (load average after it: ${loadavg()
    .map((value) => value.toFixed(1))
    .join(
      " / ",
    )}). ${rate} req/s offered (${values.rate ? "--rate" : recordedKnee ? "the knee `pnpm bench load` recorded for this store" : "no knee recorded: a default"}) by 50 clients, one server process.${minutes < 60 ? ` **A ${minutes}-minute run**: it shows the benchmark works and the first trend; the hour is \`pnpm bench soak ${store}\` without --minutes.` : ""}`,
  "",
  ...markdownTable(
    [
      "minute",
      "req/s",
      "p95 ms",
      "errors and timeouts",
      "of them 503",
      "500",
      "timeouts",
      "heap MB",
      "RSS MB",
      "open handles",
    ],
    rows.map((row) => [
      String(row.minute),
      row.requestsPerSecond.toFixed(0),
      row.p95Ms.toFixed(0),
      String(row.errors),
      String(row.shed),
      String(row.fiveHundreds),
      String(row.timeouts),
      String(row.heapMb),
      String(row.rssMb),
      String(row.handles),
    ]),
    ["right", "right", "right", "right", "right", "right", "right", "right", "right", "right"],
  ),
  "",
  `- **Slope from minute 2**: heap ${heapSlope.toFixed(2)} MB/min (${flat(heapSlope, 1)}), RSS ${rssSlope.toFixed(2)} MB/min (${flat(rssSlope, 2)}), open handles ${handleSlope.toFixed(2)}/min (${flat(handleSlope, 0.5)}). Flat means within ±1 MB/min of heap, ±2 MB/min of RSS and ±0.5 handles/min; over a few minutes the collector's rhythm weighs as much as any leak.`,
  "",
].join("\n");
process.stdout.write(`\n### ${variant}\n\n${figures}\n`);
writeMeasure(
  {
    measure: "Soak",
    what: "memory and open handles of one server process kept at the knee for an hour (issue 41).",
    how: "`pnpm bench soak [pglite|postgres] [--minutes N] [--rate R]`. The load benchmark's server process and mix (`scripts/bench/loadServers.ts`), offered at a fixed rate (the knee the load benchmark recorded for the store, unless --rate) in one-minute runs of autocannon back to back; 2.5 s after each minute (the clients' sockets closed) the server's own report (`scripts/bench/loadProbe.ts`) gives its heap, RSS and open handles (`process.getActiveResourcesInfo()`). The slope is a least-squares fit per minute from the second minute on.",
    target: "(issue 41) memory and open handles flat over the hour.",
  },
  { variant, figures },
);
console.error("docs/PERFORMANCE.md: Soak written");
