// Follow-the-money benchmark (issue 27): server latency of the counterparty summary of the busiest
// entity (target p95 ≤ 50 ms), and for reference the busiest address's summary, an entity's
// exposure per day and its risk indicators. Results go to the "Flows" section of docs/PERFORMANCE.md,
// one subsection per world and store.
//   node scripts/bench/flows.ts                 the default world, seeded in memory
//   node scripts/bench/flows.ts large           the large world's data directory (benchStore.ts)
//   node scripts/bench/flows.ts large --postgres   a throwaway PostgreSQL cluster (or DATABASE_URL)
//   node scripts/bench/flows.ts default --rounds 100
import { availableParallelism, cpus, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { addressChainUrn, type ChainId, entityUrn } from "@sleuth/sdk";
import { type WorldScale, worldScaleSchema } from "@sleuth/server";
import { startPostgresCluster } from "../../tests/helpers/postgresCluster.ts";
import { startBenchServer } from "./benchServer.ts";
import { benchStoreName, largeWorldDir, openBenchStore } from "./benchStore.ts";
import { markdownTable, writeMeasure } from "./performanceDoc.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    "data-dir": { type: "string" },
    rounds: { type: "string", default: "200" },
    postgres: { type: "boolean", default: false },
  },
});
const scale: WorldScale = worldScaleSchema.parse(positionals[0] ?? "default");
const rounds = Number(values.rounds);
const dataDir = values["data-dir"] ?? (scale === "large" ? largeWorldDir : undefined);
// --postgres: a throwaway PostgreSQL cluster, as the tests start one, when DATABASE_URL names none.
const cluster = values.postgres && !process.env.DATABASE_URL ? await startPostgresCluster() : null;
if (cluster) {
  process.env.DATABASE_URL = cluster.url;
  // Stopped however the run ends (stop is synchronous).
  process.on("exit", () => cluster.stop());
}
const store = await openBenchStore(scale, dataDir);
const [counts] = await store.query<{ addresses: number; transfers: number; entities: number }>(
  `SELECT (SELECT count(*)::int FROM addresses) AS addresses, (SELECT count(*)::int FROM transfers) AS transfers,
          (SELECT count(*)::int FROM entities) AS entities`,
);

const bench = await startBenchServer(store);
const { client } = bench;

// The busiest subjects: most transfer rows.
const [entity] = await store.query<{ slug: string; transfers: string; addresses: number }>(
  `SELECT e.slug, s.transfers, s.addresses FROM entity_summary s JOIN entities e ON e.id = s.entity_id
   ORDER BY s.transfers DESC, e.id LIMIT 1`,
);
const [address] = await store.query<{ chain: ChainId; address: string; transfers: string }>(
  `SELECT chain, address, incoming_transfers + outgoing_transfers AS transfers FROM address_summary
   ORDER BY incoming_transfers + outgoing_transfers DESC, address_id LIMIT 1`,
);
if (!entity || !address) throw new Error("the world holds no entity or address");
const busiestEntity = entityUrn(entity.slug);
const busiestAddress = addressChainUrn(address.chain, address.address);

const kinds: { name: string; target?: number; call: () => Promise<unknown> }[] = [
  {
    name: "counterparty summary, busiest entity (first page of 30)",
    target: 50,
    call: () => client.flows.counterpartySummary("entity", { entityUrn: busiestEntity }),
  },
  {
    name: "counterparty summary, busiest entity, named entities only",
    target: 50,
    call: () =>
      client.flows.counterpartySummary("entity", {
        entityUrn: busiestEntity,
        includeNamedEntitiesOnly: true,
      }),
  },
  {
    name: "counterparty summary, busiest address",
    call: () => client.flows.counterpartySummary("address", { addressChainUrn: busiestAddress }),
  },
  {
    name: "exposure by risk per day, busiest entity",
    call: () => client.flows.riskDaily("entity", { entityUrn: busiestEntity }),
  },
  {
    name: "risk indicators with details, busiest entity",
    call: () => client.flows.riskIndicators("entity", { entityUrn: busiestEntity }),
  },
];

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
const ms = (value: number) => value.toFixed(1);

const rows: string[][] = [];
for (const kind of kinds) {
  for (let warm = 0; warm < 5; warm++) await kind.call();
  const server: number[] = [];
  const http: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    await kind.call();
    http.push(performance.now() - started);
    server.push(bench.lastServerMs());
  }
  server.sort((a, b) => a - b);
  http.sort((a, b) => a - b);
  const p95 = percentile(server, 95);
  console.error(`${kind.name}: server p50 ${ms(percentile(server, 50))} ms, p95 ${ms(p95)} ms`);
  rows.push([
    kind.name,
    ms(percentile(server, 50)),
    ms(p95),
    ms(percentile(http, 95)),
    kind.target === undefined ? "—" : p95 <= kind.target ? "yes" : "no",
  ]);
}

// One subsection per world and store of the "Flows" section.
const variant = `${scale} world${process.env.DATABASE_URL ? ", PostgreSQL" : ""}`;
const figures = [
  `${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? "unknown CPU"}), Node ${process.versions.node}, ${dataDir === largeWorldDir || !dataDir ? benchStoreName(scale) : "embedded PGlite in a data directory"}; ${counts!.addresses.toLocaleString("en-US")} addresses, ${counts!.transfers.toLocaleString("en-US")} transfer rows, ${counts!.entities.toLocaleString("en-US")} entities. Busiest entity: ${Number(entity.transfers).toLocaleString("en-US")} transfer rows over ${entity.addresses.toLocaleString("en-US")} addresses; busiest address: ${Number(address.transfers).toLocaleString("en-US")} transfer rows. 1-minute load average ${loadavg()[0]!.toFixed(1)} when the run ended.`,
  "",
  ...markdownTable(
    ["call", "server p50 (ms)", "server p95 (ms)", "round trip p95 (ms)", "p95 ≤ 50 ms"],
    rows,
    ["left", "right", "right", "right", "left"],
  ),
];
writeMeasure(
  {
    measure: "Flows",
    what: "the server's latency of the busiest entity's counterparty summary and, for reference, the busiest address's summary, an entity's exposure per day and its risk indicators.",
    how: `\`pnpm bench flows [scale] [--rounds N] [--postgres]\`. "Server" is the server's own time per request (fastify's elapsed time when the answer is handed to the socket: auth, validation, the queries, JSON); "round trip" adds the SDK call over HTTP on 127.0.0.1 with its schema check. The same subject is asked ${rounds} times after 5 warm-up calls, one request at a time.`,
    target: "(issue 27) the busiest entity's counterparty summary at server p95 ≤ 50 ms.",
  },
  { variant, figures: figures.join("\n") },
);
console.error(`docs/PERFORMANCE.md: Flows, ${variant} written`);
await bench.close();
await store.close();
