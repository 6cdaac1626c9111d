// Search benchmark (issue 5): server latency of typical palette queries, against the time the store
// spends in the same queries' SQL, and the throughput of the bulk metrics calls `sleuth batch` uses.
// Results go to the "## Search" section of docs/PERFORMANCE.md.
//   node scripts/bench/search.ts                     the default world, seeded in memory
//   node scripts/bench/search.ts large               the large world, seeded once into a data
//                                                    directory and reused (--data-dir DIR to choose)
//   node scripts/bench/search.ts default --rounds 400
import { availableParallelism, cpus, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { addressChainUrn, type ChainId, displayAddress } from "@sleuth/sdk";
import type { Queryable } from "@sleuth/server";
import {
  addressMetrics,
  addressRiskInfo,
  autocomplete,
  forgetSummaryRows,
  lookupTransactions,
  type WorldScale,
  worldScaleSchema,
} from "@sleuth/server";
import { startBenchServer } from "./benchServer.ts";
import { benchStoreName, largeWorldDir, openBenchStore } from "./benchStore.ts";
import { readPerformanceSection, writePerformanceSection } from "./performanceDoc.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { "data-dir": { type: "string" }, rounds: { type: "string", default: "200" } },
});
const scale: WorldScale = worldScaleSchema.parse(positionals[0] ?? "default");
const rounds = Number(values.rounds);
// The large world takes minutes to seed: it lives in a data directory kept for the next run.
const dataDir = values["data-dir"] ?? (scale === "large" ? largeWorldDir : undefined);
const store = await openBenchStore(scale, dataDir);
const [counts] = await store.query<{ addresses: number; transfers: number; entities: number }>(
  `SELECT (SELECT count(*)::int FROM addresses) AS addresses, (SELECT count(*)::int FROM transfers) AS transfers,
          (SELECT count(*)::int FROM entities) AS entities`,
);

const bench = await startBenchServer(store);
const { client } = bench;

// --- samples: spread over the whole store, the same on every run ---------------------------------

const addresses = await store.query<{ chain: ChainId; address: string }>(
  `SELECT chain, address FROM addresses WHERE id % greatest(1, (SELECT count(*) FROM addresses) / $1) = 0
   ORDER BY id LIMIT $1`,
  [rounds],
);
const transactions = await store.query<{ hash: string }>(
  `SELECT hash FROM transactions WHERE id % greatest(1, (SELECT count(*) FROM transactions) / $1) = 0
   ORDER BY id LIMIT $1`,
  [rounds],
);
const names = await store.query<{ name: string }>("SELECT name FROM entities ORDER BY id");
const fragments = names.flatMap(({ name }) =>
  name
    .split(/\s+/)
    .filter((word) => word.length >= 4)
    .map((word) => word.slice(0, 4).toLowerCase()),
);
const pick = <T>(list: readonly T[], index: number) => list[index % list.length]!;

interface Kind {
  name: string;
  /** The SDK call the palette makes. */
  http: (index: number) => Promise<unknown>;
  /** The server module the route runs, for timing its SQL alone. */
  direct: (db: Queryable, index: number) => Promise<unknown>;
}

const organizationId = (
  await store.query<{ id: number }>(
    "SELECT organization_id AS id FROM memberships WHERE user_id = $1 LIMIT 1",
    [bench.demoUserId],
  )
)[0]!.id;
const section = (type: Parameters<typeof autocomplete>[1], query: string) => ({
  query,
  attributionType: type,
});
const search = (type: Parameters<typeof autocomplete>[1], query: string) => ({
  http: () => client.search.autocomplete(section(type, query)),
  direct: (db: Queryable) => autocomplete(db, type, { query, limit: 20, offset: 0, organizationId }),
});
const exactAddress = (index: number) => {
  const { chain, address } = pick(addresses, index);
  // Investigators paste EVM addresses in their checksummed spelling.
  return address.startsWith("0x") ? displayAddress(chain, address) : address;
};
const palette = {
  include_fee: false,
  include_raw_tx: false,
  include_signatures: false,
  exclude_transfers: true,
};

const kinds: Kind[] = [
  {
    name: "exact address",
    http: (index) => search("address", exactAddress(index)).http(),
    direct: (db, index) => search("address", exactAddress(index)).direct(db),
  },
  {
    name: "address prefix (6 characters)",
    http: (index) => search("address", pick(addresses, index).address.slice(0, 6)).http(),
    direct: (db, index) => search("address", pick(addresses, index).address.slice(0, 6)).direct(db),
  },
  {
    name: "entity name fragment (4 letters)",
    http: (index) => search("entity", pick(fragments, index)).http(),
    direct: (db, index) => search("entity", pick(fragments, index)).direct(db),
  },
  {
    name: "transaction hash (palette row)",
    http: (index) => client.search.transactions({ ...palette, tx_hashes: [pick(transactions, index).hash] }),
    direct: (db, index) =>
      lookupTransactions(db, { ...palette, tx_hashes: [pick(transactions, index).hash] }),
  },
  {
    name: "transaction hash (full 002 §3 rows)",
    http: (index) =>
      client.search.transactions({
        ...palette,
        include_fee: true,
        exclude_transfers: false,
        tx_hashes: [pick(transactions, index).hash],
      }),
    direct: (db, index) =>
      lookupTransactions(db, {
        ...palette,
        include_fee: true,
        exclude_transfers: false,
        tx_hashes: [pick(transactions, index).hash],
      }),
  },
];

/** A Queryable that adds up the time its statements take: the store's own time for a call. */
function timed(db: Queryable): { db: Queryable; elapsed: () => number; reset: () => void } {
  let total = 0;
  return {
    db: {
      async query(sql, params) {
        const started = performance.now();
        try {
          return await db.query(sql, params);
        } finally {
          total += performance.now() - started;
        }
      },
      exec: (sql) => db.exec(sql),
    },
    elapsed: () => total,
    reset: () => {
      total = 0;
    },
  };
}
// One wrapper for every direct call: its clock is reset before each.
const clock = timed(store);

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

interface Measured {
  name: string;
  http: number[];
  server: number[];
  sql: number[];
}

const measured: Measured[] = [];
for (const kind of kinds) {
  for (let index = 0; index < 20; index += 1) {
    await kind.http(index); // warm-up
    await kind.direct(clock.db, index);
  }
  const http: number[] = [];
  const server: number[] = [];
  const sql: number[] = [];
  for (let index = 0; index < rounds; index += 1) {
    const started = performance.now();
    await kind.http(index);
    http.push(performance.now() - started);
    server.push(bench.lastServerMs());
    clock.reset();
    await kind.direct(clock.db, index);
    sql.push(clock.elapsed());
  }
  for (const list of [http, server, sql]) list.sort((a, b) => a - b);
  measured.push({ name: kind.name, http, server, sql });
  console.error(
    `${kind.name}: server p50 ${percentile(server, 50).toFixed(1)} ms, p95 ${percentile(server, 95).toFixed(1)} ms; round trip p95 ${percentile(http, 95).toFixed(1)} ms`,
  );
}

// --- bulk throughput: 900-address batches, as `sleuth batch` sends them ----------------------------

const bulkUrns = (
  await store.query<{ chain: ChainId; address: string }>(
    "SELECT chain, address FROM addresses ORDER BY id LIMIT 18000",
  )
).map((row) => addressChainUrn(row.chain, row.address));
async function throughput(name: string, run: () => Promise<{ success: boolean }>) {
  await run(); // warm-up
  // The warm-up's summary rows would answer the measured run from the server's memory: forgotten, each
  // batch's first call reads the store as a new batch's does (the call after it still finds them).
  forgetSummaryRows();
  const started = performance.now();
  const result = await run();
  const ms = performance.now() - started;
  if (!result.success) throw new Error(`${name}: a batch failed`);
  console.error(`${name}: ${Math.round((bulkUrns.length / ms) * 1000)} addresses/s`);
  return { name, ms };
}
const bulk = [
  await throughput("address metrics mini bulk", () => client.metrics.addresses(bulkUrns)),
  await throughput("address risk mini-info bulk", () => client.risk.addresses(bulkUrns)),
  await throughput("both, one after the other per batch", async () => {
    const metrics = await client.metrics.addresses(bulkUrns);
    const risk = await client.risk.addresses(bulkUrns);
    return { success: metrics.success && risk.success };
  }),
  await throughput("both, side by side", async () => {
    const [metrics, risk] = await Promise.all([
      client.metrics.addresses(bulkUrns),
      client.risk.addresses(bulkUrns),
    ]);
    return { success: metrics.success && risk.success };
  }),
];
const directBatch = clock;
directBatch.reset();
forgetSummaryRows();
const batchStarted = performance.now();
for (let start = 0; start < bulkUrns.length; start += 900) {
  const batch = bulkUrns.slice(start, start + 900);
  await addressMetrics(directBatch.db, batch, {
    includeAssetCount: true,
    includeVolumeMetrics: true,
    includeBalanceMetrics: true,
  });
  await addressRiskInfo(directBatch.db, batch);
}
const directBatchMs = performance.now() - batchStarted;

await bench.close();
await store.close();

// --- docs/PERFORMANCE.md -------------------------------------------------------------------------

const ms = (value: number) => value.toFixed(1);
function table(headings: readonly string[], rows: readonly string[][]): string[] {
  const widths = headings.map((heading, column) =>
    Math.max(3, heading.length, ...rows.map((row) => (row[column] ?? "").length)),
  );
  const line = (row: readonly string[]) =>
    `| ${row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(" | ")} |`;
  const rule = `| ${widths.map((width, column) => (column === 0 ? "-".repeat(width) : `${"-".repeat(width - 1)}:`)).join(" | ")} |`;
  return [line(headings), rule, ...rows.map(line)];
}

const latencyRows = measured.map((m) => [
  m.name,
  ms(percentile(m.server, 50)),
  ms(percentile(m.server, 95)),
  ms(percentile(m.http, 50)),
  ms(percentile(m.http, 95)),
  ms(percentile(m.sql, 50)),
  ms(percentile(m.sql, 95)),
  `${(percentile(m.server, 50) / Math.max(0.01, percentile(m.sql, 50))).toFixed(1)}×`,
  percentile(m.server, 95) <= 20 ? "yes" : "no",
]);
const bulkRows = bulk.map((b) => [
  b.name,
  Math.round((bulkUrns.length / b.ms) * 1000).toLocaleString("en-US"),
]);
bulkRows.push([
  "both, store's own time (SQL only)",
  Math.round((bulkUrns.length / directBatch.elapsed()) * 1000).toLocaleString("en-US"),
]);

// The section keeps one subsection per scale; a run replaces its own scale's and keeps the others.
const intro = [
  "## Search",
  "",
  'Measured by `node scripts/bench/search.ts [scale]`. "Server" is the server\'s own time per request (fastify\'s elapsed time when the answer is handed to the socket: auth, validation, the queries, JSON); "round trip" adds the SDK call over HTTP on 127.0.0.1 (got, the answer\'s schema check), with client, server and PGlite sharing one Node process as in `pnpm start`; "store" is the time the same call\'s SQL statements take when the route\'s module runs them directly right after the request (so on pages it already read), and the ratio compares the medians. Queries run one at a time, spread over the whole store, so most read pages no earlier query read; an address or entity hit reads its figures from its one row in a rollup (`address_summary`, `entity_summary`). The bulk rows send 900-address batches through the SDK, one batch in flight per call, both calls of a `sleuth batch` pass one after the other, then side by side (PGlite runs one statement at a time, so side by side only interleaves them). Target: server p95 ≤ 20 ms.',
  "",
].join("\n");
const subsection = [
  `### ${scale} world`,
  "",
  `${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? "unknown CPU"}), Node ${process.versions.node}, ${dataDir === largeWorldDir || !dataDir ? benchStoreName(scale) : "embedded PGlite in a data directory"}; ${counts!.addresses.toLocaleString("en-US")} addresses, ${counts!.transfers.toLocaleString("en-US")} transfer rows, ${counts!.entities.toLocaleString("en-US")} entities; ${rounds} queries of each kind; 1-minute load average ${loadavg()[0]!.toFixed(1)} when the run ended (other work on the machine shows in the p95 column).`,
  "",
  ...table(
    [
      "palette query",
      "server p50 (ms)",
      "server p95 (ms)",
      "round trip p50 (ms)",
      "round trip p95 (ms)",
      "store p50 (ms)",
      "store p95 (ms)",
      "server / store",
      "p95 ≤ 20 ms",
    ],
    latencyRows,
  ),
  "",
  `${bulkUrns.length.toLocaleString("en-US")} addresses; the store alone answers both calls' SQL for them in ${(directBatchMs / 1000).toFixed(2)} s.`,
  "",
  ...table(["bulk call", "addresses/s"], bulkRows),
  "",
].join("\n");

const previous = readPerformanceSection("## Search");
const kept = new Map<string, string>();
for (const part of previous.split(/\n(?=### )/).slice(1)) {
  const name = /^### (\w+) world/.exec(part)?.[1];
  if (name) kept.set(name, `${part.trimEnd()}\n`);
}
kept.set(scale, subsection);
const text = [intro, ...worldScaleSchema.options.flatMap((name) => kept.get(name) ?? [])].join("\n");
writePerformanceSection("## Search", text);
console.log(text);
