// Rollups that follow the batch (issue 46): the same 10,000-transfer ethereum-etl import into a store
// holding a demo world and into an empty store, in one run, so the read model's cost is seen to grow
// with the batch and not with the store. Results go to the "Rollups" section of docs/PERFORMANCE.md,
// one subsection per world and store.
//   node scripts/bench/rollups.ts                  the default world, PGlite in a temporary directory
//   node scripts/bench/rollups.ts large            the large world's data directory (benchStore.ts)
//   node scripts/bench/rollups.ts default --postgres   a throwaway PostgreSQL cluster (or DATABASE_URL)
//   node scripts/bench/rollups.ts default --hot    the sample's busiest sender is the world's busiest
//                                                  address: a hot wallet with its whole history
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import {
  migrate,
  openPgliteStore,
  openPostgresStore,
  runImport,
  type Store,
  seedDemoAccounts,
  type WorldScale,
  worldScaleSchema,
} from "@sleuth/server";
import { startPostgresCluster } from "../../tests/helpers/postgresCluster.ts";
import { benchStoreName, largeWorldCluster, largeWorldSharedBuffers, openBenchStore } from "./benchStore.ts";
import { markdownTable, writeMeasure } from "./performanceDoc.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { postgres: { type: "boolean", default: false }, hot: { type: "boolean", default: false } },
});
const scale: WorldScale = worldScaleSchema.parse(positionals[0] ?? "default");
// The large world's cluster is kept between runs (benchStore.ts): it takes many minutes to seed.
const cluster =
  values.postgres && !process.env.DATABASE_URL
    ? scale === "large"
      ? await largeWorldCluster()
      : await startPostgresCluster()
    : null;
if (cluster) {
  process.env.DATABASE_URL = cluster.url;
  process.on("exit", () => cluster.stop());
}
const databaseUrl = process.env.DATABASE_URL;

// The batch: the real 2017 ethereum-etl sample (1,000 transactions) copied with fresh transaction
// hashes and, per run, fresh addresses (each sample address hashed with the run's salt), so every
// run writes rows new to a store kept between runs, with the sample's own shape of who pays whom.
const wantedTransfers = 10_000;
const sample = readFileSync(
  new URL(
    "../../packages/server/fixtures/raphtory-ethereum/transactions_3300000_first1000.csv",
    import.meta.url,
  ),
  "utf8",
);
const salt = `${Date.now()}`;
// --hot: the sample's busiest address (a mining pool's payout wallet, in about one transaction in
// seven) becomes the world's busiest Ethereum address, so every copy of the batch reaches a key with
// the world's longest history, as an exchange's hot wallet is in every block of a real chain.
const sampleHotAddress = "0xea674fdde714fd979de3edf0f56aa9716b898ec8";
let hotAddress: string | null = null;
const renamed = (address: string) =>
  hotAddress !== null && address === sampleHotAddress
    ? hotAddress
    : `0x${createHash("sha256").update(`${salt}:${address}`).digest("hex").slice(0, 40)}`;

function batchOf(copies: number): string {
  const [header, ...lines] = sample.split("\n").filter((line) => line.trim() !== "");
  const out = [header!];
  for (let copy = 0; copy < copies; copy++) {
    const prefix = `${salt.slice(-6)}${copy.toString(16).padStart(4, "0")}`;
    for (const line of lines)
      out.push(
        line
          .replace(
            /^0x[0-9a-f]{64}/,
            (hash) => `0x${createHash("sha256").update(`${prefix}${hash}`).digest("hex")}`,
          )
          .replace(/0x[0-9a-f]{40}(?![0-9a-f])/g, renamed),
      );
  }
  return `${out.join("\n")}\n`;
}

/** The world's Ethereum address with the most transfers, and how many it has. */
async function busiestAddress(store: Store): Promise<{ address: string; transfers: number }> {
  const [row] = await store.query<{ address: string; transfers: number }>(
    `SELECT address, (incoming_transfers + outgoing_transfers)::int AS transfers FROM address_summary
     WHERE chain = 'ethereum' ORDER BY incoming_transfers + outgoing_transfers DESC, address_id LIMIT 1`,
  );
  if (!row) throw new Error("the world holds no Ethereum address");
  return row;
}

async function transferCount(store: Store): Promise<number> {
  const [row] = await store.query<{ n: number }>("SELECT count(*)::int AS n FROM transfers");
  return row!.n;
}

async function timedImport(store: Store): Promise<{ seconds: number; written: number }> {
  const before = await transferCount(store);
  const started = performance.now();
  await runImport(store, "ethereum-etl", batch, { source: "bench" });
  const seconds = (performance.now() - started) / 1000;
  return { seconds, written: (await transferCount(store)) - before };
}

// The empty store first: the same engine, a fresh database (PostgreSQL) or data directory (PGlite).
const emptyDir = databaseUrl ? null : mkdtempSync(join(tmpdir(), "sleuth-rollups-bench-"));
let emptyStore: Store;
let dropEmpty = async () => {};
if (databaseUrl) {
  const admin = await openPostgresStore(databaseUrl);
  const name = `rollups_bench_${salt}`;
  await admin.exec(`CREATE DATABASE ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  emptyStore = await openPostgresStore(url.toString());
  dropEmpty = async () => {
    await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  };
} else {
  emptyStore = await openPgliteStore({
    dataDir: emptyDir!,
    ...(scale === "large" ? { sharedBuffers: largeWorldSharedBuffers } : {}),
  });
}
await migrate(emptyStore);
await seedDemoAccounts(emptyStore);

const worldStore = await openBenchStore(scale);
const worldTransfers = await transferCount(worldStore);
const hot = values.hot ? await busiestAddress(worldStore) : null;
hotAddress = hot?.address.toLowerCase() ?? null;
// The sample writes about 1,800 transfer rows a copy: enough copies for the wanted rows.
const batch = batchOf(Math.ceil(wantedTransfers / 1_800));
const batchLines = batch.split("\n").filter((line) => line.trim() !== "").length - 1;
const hotLines = batch.split("\n").filter((line) => hotAddress !== null && line.includes(hotAddress)).length;
if (hot)
  console.error(`hot wallet ${hot.address}: ${hot.transfers} transfers in the world, in ${hotLines} lines`);
console.error(
  `store holds ${worldTransfers.toLocaleString("en-US")} transfer rows; batch of ${batchLines} transactions`,
);

const empty = await timedImport(emptyStore);
console.error(`empty store: ${empty.written} transfer rows in ${empty.seconds.toFixed(1)} s`);
const world = await timedImport(worldStore);
console.error(`${scale} world: ${world.written} transfer rows in ${world.seconds.toFixed(1)} s`);
if (hot) {
  // The batch reached the hot wallet's own key, not a new address spelled otherwise.
  const after = await busiestAddress(worldStore);
  if (after.address !== hot.address || after.transfers <= hot.transfers)
    throw new Error(`the batch did not reach the hot wallet ${hot.address}`);
}
const ratio = world.seconds / empty.seconds;

await emptyStore.close();
await dropEmpty();
if (emptyDir) rmSync(emptyDir, { recursive: true, force: true });
await worldStore.close();

const count = (value: number) => value.toLocaleString("en-US");
const variant = `${scale} world${databaseUrl ? ", PostgreSQL" : ""}${hot ? ", hot wallet" : ""}`;
const figures = [
  `${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? "unknown CPU"}), Node ${process.versions.node}, ${databaseUrl ? `PostgreSQL (${scale === "large" ? "the large world's kept cluster" : "a throwaway cluster"} or DATABASE_URL; the empty store a fresh database of it)` : `${benchStoreName(scale)}; the empty store a fresh PGlite data directory`}. The batch: ${count(batchLines)} transactions of the 2017 ethereum-etl sample (${Math.ceil(wantedTransfers / 1_800)} copies with fresh hashes and, per run, fresh addresses), ${count(world.written)} transfer rows. The world held ${count(worldTransfers)} transfer rows before.${hot ? ` Hot wallet: the sample's busiest address is the world's busiest Ethereum address (${count(hot.transfers)} transfers before), in ${count(hotLines)} of the batch's transactions.` : ""} The machine (2 cores) is shared by eight sessions' builds, tests and benchmarks: 1-minute load average ${loadavg()[0]!.toFixed(1)} when the run ended; both imports ran under it, one after the other.${scale === "large" ? "" : " Measured on the default world: the large world (5,000,001 transfers) did not seed in the time this machine had to give."}`,
  "",
  ...markdownTable(
    ["store", "transfer rows before", "rows written", "import with rollups (s)"],
    [
      ["empty", "0", count(empty.written), empty.seconds.toFixed(1)],
      [`${scale} world`, count(worldTransfers), count(world.written), world.seconds.toFixed(1)],
    ],
    ["left", "right", "right", "right"],
  ),
  "",
  `Into the ${scale} world the import took ${ratio.toFixed(2)}× its time into the empty store; target ≤ 1.5×: ${ratio <= 1.5 ? "met" : "**not met**"}.`,
];
writeMeasure(
  {
    measure: "Rollups",
    what: "an import batch of 10,000 transfer rows into a store holding a demo world against the same batch into an empty store, the rollups settled in the import's transaction (issue 46).",
    how: "`pnpm bench rollups [scale] [--postgres] [--hot]` (`--hot`: the sample's busiest address is the world's busiest Ethereum address, a key with the longest history in every copy of the batch). The whole `runImport` is timed (parsing, writing, running balances, the rollups of the keys the batch touched, detector alerts), the empty store first, in one run.",
    target: "(issue 46) into the large world at most 1.5× the time into an empty store.",
  },
  { variant, figures: figures.join("\n") },
);
console.error(`docs/PERFORMANCE.md: Rollups, ${variant} written`);
