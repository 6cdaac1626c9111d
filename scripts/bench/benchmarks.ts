// Every benchmark of this folder: `pnpm bench` lists them, `pnpm bench <name> [args…]` runs
// `<name>.ts`. `measure` is the docs/PERFORMANCE.md section the benchmark writes (null: it prints its
// figures instead); `what`, `args` and `target` also head that section when the benchmark creates it.

export interface Benchmark {
  name: string;
  /** One line: what it measures. */
  what: string;
  /** Its arguments, as `pnpm bench <name>` takes them. */
  args: string;
  target: string;
  measure: string | null;
}

export const benchmarks: readonly Benchmark[] = [
  {
    name: "load",
    what: "a realistic mix at 50, 200 and 500 concurrent clients: throughput, per-route latency, the knee",
    args: "[pglite|postgres|all] [--seconds N] [--levels 50,200,500]",
    target:
      "past the knee 503 with Retry-After; at twice the knee no 500, memory back within a minute (issue 41)",
    measure: "Load",
  },
  {
    name: "soak",
    what: "an hour at the knee: memory and open handles sampled every minute, and their slope",
    args: "[pglite|postgres] [--minutes N] [--rate R]",
    target: "memory and open handles flat (issue 41)",
    measure: "Soak",
  },
  {
    name: "cliStartup",
    what: "`sleuth --version` start to exit and its peak memory, from the bundle and from the sources",
    args: "[runs]",
    target: "none set; every command pays it once",
    measure: "CLI start-up",
  },
  {
    name: "world",
    what: "rows per second generating, loading and seeding each demo world scale",
    args: "[scale …]",
    target: "none set",
    measure: "Demo world generation",
  },
  {
    name: "importers",
    what: "records per second of each importer, first and repeated import",
    args: "[world]",
    target: "none set",
    measure: "Importers",
  },
  {
    name: "search",
    what: "palette query latency on the server and the bulk calls' throughput",
    args: "[scale] [--rounds N]",
    target: "server p95 ≤ 20 ms (issue 5)",
    measure: "Search",
  },
  {
    name: "palette",
    what: "keystroke to painted results in the palette, in Chromium",
    args: "[scale] [rounds]",
    target: "p95 ≤ 100 ms (issue 5)",
    measure: "Palette",
  },
  {
    name: "batch",
    what: "`sleuth batch` end to end against one request per address, and its memory",
    args: "[scale]",
    target: "≥ 25,000 addresses/s and ≥ 50× one by one; peak memory flat in the input (issue 5)",
    measure: "Batch",
  },
  {
    name: "batchBeforeAfter",
    what: "one `sleuth batch` run of another checkout, for a side-by-side comparison (prints JSON)",
    args: "<checkout>",
    target: "none set",
    measure: null,
  },
  {
    name: "transfers",
    what: "transfer pages of the busiest address, and `sleuth transfers` end to end",
    args: "[scale] [--rounds N] [--postgres]",
    target: "first page p95 ≤ 10 ms, deepest within 1.5×; ≥ 20,000 rows/s, memory flat (issue 27)",
    measure: "Transfers",
  },
  {
    name: "flows",
    what: "counterparty summary, exposure and risk indicator latency on the server",
    args: "[scale] [--rounds N] [--postgres]",
    target: "busiest entity's counterparty summary p95 ≤ 50 ms (issue 27)",
    measure: "Flows",
  },
  {
    name: "graph",
    what: "graph layout in the worker, pan and zoom frames (graphPanZoom.ts), expand and trace",
    args: "[scale]",
    target: "layout ≤ 1 s; median frame ≤ 20 ms; expand p95 ≤ 100 ms; trace ≤ 2 s (issue 30)",
    measure: "Graph",
  },
  {
    name: "rollups",
    what: "a 10,000-transfer import into a demo world against the same into an empty store",
    args: "[scale] [--postgres] [--hot]",
    target: "into the large world ≤ 1.5× into an empty store (issue 46)",
    measure: "Rollups",
  },
  {
    name: "exports",
    what: "a 100,000-row export job against COPY of the same rows, and its memory, on both stores",
    args: "",
    target: "job ≤ 1.5× COPY; RSS growth ≤ 50 MB (issue 29)",
    measure: "Exports",
  },
  {
    name: "triage",
    what: "image scan, triage report and the triage address page in Chromium",
    args: "[scale] [rounds]",
    target: "scan ≤ 5 s; report ≤ 500 ms on the server; page ≤ 1 s (issue 33)",
    measure: "Triage",
  },
  {
    name: "prices",
    what: "re-pricing stored transfers when a year of daily prices is imported, against a plain UPDATE",
    args: "[transfers]",
    target: "re-pricing ≤ 2× a plain UPDATE of the same rows' USD, on PostgreSQL (issue 43)",
    measure: "Prices",
  },
  {
    name: "imageScan",
    what: "search by image on the rendered corpus: recall, precision, time per image, memory",
    args: "[count] [--keep]",
    target: "recall ≥ 95 %, precision 100 %, median ≤ 3 s per image, memory bounded at 4 at once (issue 42)",
    measure: "Search by image",
  },
  {
    name: "notifications",
    what: "10,000 queued e-mails and webhooks delivered through the outbox to loopback receivers",
    args: "",
    target: "none lost or doubled; delivery rate and the outbox's memory recorded (issue 40)",
    measure: "Notifications",
  },
  {
    name: "importJobs",
    what: "an address summary read's latency while a 20,000-transaction import job runs, against idle",
    args: "[transactions]",
    target: "reads answer during an import, within their usual latency; /healthz always (issue 46)",
    measure: "Reads during an import",
  },
  {
    name: "ingest",
    what: "sustained ingest from a local Ethereum node (anvil) by the follower, transfers per second; a batch into a world against into an empty store",
    args: "[scale] [transfers] [--batch-size N] [--store pglite|postgres|both|none] [--profile [--plans]]",
    target:
      "≥ 2,000 transfers/s on the large world, rollups current after each batch; a batch ≤ 1.5× into an empty store (issue 46)",
    measure: "Ingest",
  },
];

export function benchmarkNamed(name: string | undefined): Benchmark | undefined {
  return benchmarks.find((benchmark) => benchmark.name === name);
}

/** The benchmark that writes a docs/PERFORMANCE.md section, if one is registered for it. */
export function benchmarkOfMeasure(measure: string): Benchmark | undefined {
  return benchmarks.find((benchmark) => benchmark.measure === measure);
}
