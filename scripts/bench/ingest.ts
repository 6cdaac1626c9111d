// Ingest benchmark (issue 46): sustained ingest from a local Ethereum node (anvil) by the server's
// follower, in transfers per second, with the read model brought up to date after every batch
// (settleWrites). Thousands of ether and ERC-20 transfers are mined in a few full blocks (batched
// sends with automine off), then followed from the first of them to the last, on PGlite and on a
// throwaway PostgreSQL cluster (Debian's binaries); written to the "## Ingest" section of
// docs/PERFORMANCE.md.
//   node scripts/bench/ingest.ts [scale] [transfers] [--profile [--plans]] [--store pglite|postgres]
//   scale: the world under the ingest (default: large when ~/.cache/sleuth-bench/large is free, else
//   default); transfers default 20,000; --profile prints the statements by time instead of writing.
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import {
  ChainFollower,
  ensureRollups,
  ethereumClient,
  loadConfig,
  migrate,
  openPgliteStore,
  openPostgresStore,
  readBlocks,
  type Store,
  type WorldScale,
} from "@sleuth/server";
import { anvilFunder, deployToken, startAnvil, tokenTransferData } from "../../tests/helpers/anvil.ts";
import { batchTransferData, deployBatchToken } from "../../tests/helpers/batchToken.ts";
import { startPostgresCluster } from "../../tests/helpers/postgresCluster.ts";
import {
  benchStoreName,
  largeWorldCluster,
  largeWorldDir,
  largeWorldPostgresDir,
  openBenchStore,
} from "./benchStore.ts";
import { markdownTable, writeMeasure } from "./performanceDoc.ts";
import { profileStatements } from "./statementProfile.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    // Prints where the store's time went, statement by statement, and writes nothing.
    profile: { type: "boolean", default: false },
    // With --profile: each write's slowest plan (EXPLAIN ANALYZE).
    plans: { type: "boolean", default: false },
    store: { type: "string", default: "both" },
    // Recipients of one batch-transfer call.
    "batch-size": { type: "string", default: "50" },
  },
});
const largeFree = existsSync(largeWorldDir) && !existsSync(`${largeWorldDir}.lock`);
const scale = (positionals[0] ?? (largeFree ? "large" : "default")) as WorldScale;
const wanted = Number(positionals[1] ?? 20_000);
const batchBlocks = loadConfig({}).follower.batchBlocks;

type Hex = `0x${string}`;
const anvil = await startAnvil(["--gas-limit", "60000000"]);
// anvil's ten unlocked accounts send without signing: eth_sendTransaction with their address.
const accounts = await anvil.rpc<Hex[]>("eth_accounts");
process.on("exit", () => anvil.process.kill("SIGKILL"));
// Interrupted, it still stops anvil and the cluster (the exit handlers), or they run on unowned.
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(130));
// Who sends what: account 0 single ERC-20 transfers (OpenZeppelin's token), accounts 1 to 4 batch
// transfers (a batch token each, minted to them), accounts 5 to 9 ether.
const singleSender = anvilFunder.address;
const batchSenders = accounts.slice(1, 5);
const etherSenders = accounts.slice(5, 10);
const token = await deployToken(anvil, anvilFunder, {
  name: "Bench Token",
  symbol: "BEN",
  supply: 10n ** 27n,
  owner: anvilFunder.address,
});
const batchTokens = new Map<Hex, Hex>();
for (const [index, sender] of batchSenders.entries())
  batchTokens.set(
    sender,
    await deployBatchToken(anvil, sender, {
      name: `Batch Token ${index + 1}`,
      symbol: `BT${index + 1}`,
      supply: 10n ** 30n,
    }),
  );
const firstBlock = Number(await anvil.rpc<Hex>("eth_blockNumber")) + 1;
await anvil.rpc("evm_setAutomine", [false]);
// Fresh recipients each run (a random prefix), drawn from a pool of 20,011: a store kept between
// runs gets new addresses as a real chain's blocks bring them, and sees some of them again.
const runPrefix = randomBytes(4).toString("hex");
const recipient = (n: number): Hex => `0x${runPrefix}${(n % 20_011).toString(16).padStart(32, "0")}`;
// Nonces given explicitly: the node would hand the requests of one HTTP batch the same one.
const nonces = new Map<string, number>();
for (const account of accounts)
  nonces.set(
    account.toLowerCase(),
    Number(await anvil.rpc<Hex>("eth_getTransactionCount", [account, "pending"])),
  );
const nextNonce = (account: string) => {
  const nonce = nonces.get(account.toLowerCase())!;
  nonces.set(account.toLowerCase(), nonce + 1);
  return `0x${nonce.toString(16)}`;
};
// One block's transactions: `blockMix` says how many of each; a mainnet block carries 150 to 200
// transactions and a few hundred Transfer logs, many from batch senders.
const blockMix = { ether: 60, single: 60, batches: 8, batchSize: Number(values["batch-size"]) };
const perBlock = blockMix.ether + blockMix.single + blockMix.batches * blockMix.batchSize;
const salt = BigInt(`0x${randomBytes(3).toString("hex")}`);
let sent = 0;
let recipients = 0;
function blockRequests(): { method: string; params: unknown[] }[] {
  const requests: { method: string; params: unknown[] }[] = [];
  const send = (transaction: Record<string, unknown>) =>
    requests.push({ method: "eth_sendTransaction", params: [transaction] });
  for (let n = 0; n < blockMix.ether; n++) {
    const from = etherSenders[n % etherSenders.length]!;
    send({
      from,
      nonce: nextNonce(from),
      to: recipient(recipients++),
      value: `0x${(10n ** 12n + salt + BigInt(sent++)).toString(16)}`,
    });
  }
  for (let n = 0; n < blockMix.single; n++)
    send({
      from: singleSender,
      nonce: nextNonce(singleSender),
      to: token,
      data: tokenTransferData(recipient(recipients++), 10n ** 15n + salt + BigInt(sent++)),
      gas: "0x186a0",
    });
  for (let n = 0; n < blockMix.batches; n++) {
    const from = batchSenders[n % batchSenders.length]!;
    const to = Array.from({ length: blockMix.batchSize }, () => recipient(recipients++));
    send({
      from,
      nonce: nextNonce(from),
      to: batchTokens.get(from),
      data: batchTransferData(to, 10n ** 15n + salt + BigInt(sent)),
      gas: `0x${(60_000 + 4_000 * blockMix.batchSize).toString(16)}`,
    });
    sent += blockMix.batchSize;
  }
  return requests;
}
const blockCount = Math.ceil(wanted / perBlock);
console.error(
  `mining ${blockCount} blocks of ${perBlock} transfers (${blockMix.ether} ether, ${blockMix.single} single ERC-20, ${blockMix.batches} batch calls of ${blockMix.batchSize})…`,
);
for (let block = 0; block < blockCount; block++) {
  const body = blockRequests().map((request, index) => ({ jsonrpc: "2.0", id: index, ...request }));
  const answer = (await (
    await fetch(anvil.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    })
  ).json()) as { error?: { message: string } }[];
  const failed = answer.find((entry) => entry.error);
  if (failed) throw new Error(`anvil refused a transfer: ${failed.error!.message}`);
  await anvil.rpc("evm_mine");
}
while (Number((await anvil.rpc<{ pending: Hex }>("txpool_status")).pending) > 0) await anvil.rpc("evm_mine");
const lastBlock = Number(await anvil.rpc<Hex>("eth_blockNumber"));
const blockSpan = lastBlock - firstBlock + 1;
console.error(`blocks ${firstBlock}..${lastBlock}`);

/** The batches of blocks the follower takes: [first, last] of each. */
function batchRanges(): [number, number][] {
  const ranges: [number, number][] = [];
  for (let from = firstBlock; from <= lastBlock; from += batchBlocks)
    ranges.push([from, Math.min(from + batchBlocks - 1, lastBlock)]);
  return ranges;
}

// The node alone: the same blocks asked for as the follower asks (each block with its transactions,
// and its receipts with their logs; the calls of a batch's blocks at once, four to an HTTP call),
// answers parsed and nothing else: the most any follower could take from this node on this machine.
async function nodeReadSeconds(): Promise<number> {
  const started = performance.now();
  const call = async (numbers: number[]) => {
    const body = numbers.flatMap((number) => [
      {
        jsonrpc: "2.0",
        id: number * 2,
        method: "eth_getBlockByNumber",
        params: [`0x${number.toString(16)}`, true],
      },
      {
        jsonrpc: "2.0",
        id: number * 2 + 1,
        method: "eth_getBlockReceipts",
        params: [`0x${number.toString(16)}`],
      },
    ]);
    const response = await fetch(anvil.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    await response.json();
  };
  for (const [from, to] of batchRanges()) {
    const pairs: number[][] = [];
    for (let number = from; number <= to; number += 2)
      pairs.push(number + 1 <= to ? [number, number + 1] : [number]);
    await Promise.all(pairs.map(call));
  }
  return (performance.now() - started) / 1000;
}

// The follower's reader alone (readBlocks: viem's calls, formatting and the Transfer logs made
// ethereum-etl items), batch after batch with no store behind: what the reading path costs.
async function readerSeconds(): Promise<{ seconds: number; transfers: number }> {
  const client = ethereumClient(anvil.url);
  const started = performance.now();
  let transfers = 0;
  for (const [from, to] of batchRanges())
    for (const block of await readBlocks(client, BigInt(from), BigInt(to)))
      for (const item of block.items)
        if (item.type === "token_transfer" || (item.type === "transaction" && item.value !== "0"))
          transfers++;
  return { seconds: (performance.now() - started) / 1000, transfers };
}

const nodeSeconds = await nodeReadSeconds();
console.error(`the node alone serves the blocks in ${nodeSeconds.toFixed(1)} s`);
const reader = await readerSeconds();
console.error(`the follower's reader alone reads them in ${reader.seconds.toFixed(1)} s`);

interface Run {
  store: string;
  /** Transfer rows the store held before. */
  before: number;
  blocks: number;
  transfers: number;
  seconds: number;
  /** Time spent in the store's statements (the rest: the node, and JavaScript between them). */
  storeSeconds: number;
  /** Each batch's transaction, in seconds: its writes and the rollups of what it touched. */
  batchSeconds: number[];
}

async function transferRows(store: Store): Promise<number> {
  const [row] = await store.query<{ n: number }>("SELECT count(*)::int AS n FROM transfers");
  return row!.n;
}

async function follow(inner: Store, name: string): Promise<Run> {
  // A store kept between runs still holds the last run's checkpoint: each run follows a new anvil.
  await inner.query("DELETE FROM chain_blocks WHERE chain = 'ethereum'");
  await inner.query("DELETE FROM chain_follows WHERE chain = 'ethereum'");
  const before = await transferRows(inner);
  const profile = profileStatements(inner, values.plans);
  const transactionMs: number[] = [];
  const store: Store = {
    ...profile.store,
    transaction: async (fn) => {
      const started = performance.now();
      try {
        return await profile.store.transaction(fn);
      } finally {
        transactionMs.push(performance.now() - started);
      }
    },
  };
  // The server's own batch size (SLEUTH_ETHEREUM_BATCH_BLOCKS' default): a follower behind the node
  // takes that many blocks a transaction.
  const follower = new ChainFollower(store, null, { batchBlocks, pollMs: 20 });
  const started = performance.now();
  await follower.start({
    rpcUrl: anvil.url,
    from: BigInt(firstBlock),
    to: BigInt(lastBlock),
    confirmations: 0,
  });
  let status = await follower.status();
  while (status.state !== "done") {
    if (status.lastError) console.error(`follower: ${status.lastError}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    status = await follower.status();
  }
  const seconds = (performance.now() - started) / 1000;
  await follower.close();
  const run = {
    store: name,
    before,
    blocks: status.blocksIngested,
    transfers: status.transfersIngested,
    seconds,
    storeSeconds: profile.totalMs() / 1000,
    // The first transaction stores the reference data, before any block.
    batchSeconds: transactionMs.slice(1).map((ms) => ms / 1000),
  };
  console.error(
    `${name}: ${run.transfers} transfers in ${seconds.toFixed(1)} s; batches ${run.batchSeconds.map((s) => s.toFixed(1)).join(", ")} s`,
  );
  if (values.profile) console.error(profile.report(values.plans ? 12 : 25));
  return run;
}

const runs: Run[] = [];
/** Pairs of runs on one engine: the empty store first, then the world, in one run of the benchmark. */
const comparisons: { engine: string; empty: Run; world: Run }[] = [];
if (values.store === "pglite" || values.store === "both") {
  delete process.env.DATABASE_URL;
  if (scale === "large" && !largeFree)
    console.error(
      `PGlite skipped: the large world is not seeded in ${largeWorldDir} (pnpm bench world large)`,
    );
  else {
    const emptyDir = mkdtempSync(join(tmpdir(), "sleuth-ingest-bench-"));
    const empty = await openPgliteStore({ dataDir: emptyDir });
    await migrate(empty);
    await ensureRollups(empty);
    const emptyRun = await follow(empty, "embedded PGlite, an empty store");
    await empty.close();
    rmSync(emptyDir, { recursive: true, force: true });
    const store = await openBenchStore(scale);
    const worldRun = await follow(store, `${benchStoreName(scale)}, the ${scale} world`);
    await store.close();
    runs.push(emptyRun, worldRun);
    comparisons.push({ engine: "PGlite", empty: emptyRun, world: worldRun });
  }
}
if (values.store === "postgres" || values.store === "both") {
  // The large world's cluster is kept between runs (it takes minutes to seed); others are throwaway.
  const cluster = scale === "large" ? await largeWorldCluster() : await startPostgresCluster();
  process.on("exit", () => cluster.stop());
  const admin = await openPostgresStore(cluster.url);
  await admin.exec("DROP DATABASE IF EXISTS ingest_bench_empty WITH (FORCE)");
  await admin.exec("CREATE DATABASE ingest_bench_empty");
  const emptyUrl = new URL(cluster.url);
  emptyUrl.pathname = "/ingest_bench_empty";
  const empty = await openPostgresStore(emptyUrl.toString());
  await migrate(empty);
  await ensureRollups(empty);
  const kind = `PostgreSQL 15 (${scale === "large" ? "kept" : "throwaway"} cluster)`;
  const emptyRun = await follow(empty, `${kind}, an empty database`);
  await empty.close();
  await admin.exec("DROP DATABASE ingest_bench_empty WITH (FORCE)");
  await admin.close();
  process.env.DATABASE_URL = cluster.url;
  const store = await openBenchStore(scale);
  const worldRun = await follow(store, `${kind}, the ${scale} world`);
  await store.close();
  delete process.env.DATABASE_URL;
  runs.push(emptyRun, worldRun);
  comparisons.push({ engine: "PostgreSQL", empty: emptyRun, world: worldRun });
}

if (values.profile || runs.length === 0) process.exit(0);
const cpu = `${availableParallelism()} × ${cpus()[0]?.model.trim() ?? "CPU"}`;
const count = (value: number) => Math.round(value).toLocaleString("en-US");
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.floor((sorted.length - 1) / 2)]!;
};
const total = runs[0]!.transfers;
const load = loadavg()[0]!.toFixed(1);
const ratios = comparisons.map(
  ({ engine, empty, world }) =>
    `${engine}: a batch into the ${scale} world took ${(median(world.batchSeconds) / median(empty.batchSeconds)).toFixed(2)}× a batch into the empty store (median batch transaction), and the whole follow ${(world.seconds / empty.seconds).toFixed(2)}× (target ≤ 1.5×).`,
);
writeMeasure(
  {
    measure: "Ingest",
    what: "sustained ingest from a local Ethereum node (anvil) by the server's follower, in transfers per second, the read model current after every batch; a batch into a world against the same into an empty store",
    how: `\`pnpm bench ingest [scale] [transfers] [--batch-size N] [--store pglite|postgres|both|none] [--profile [--plans]]\`. anvil mines blocks shaped like mainnet's busy ones: each holds 60 ether transfers, 60 single ERC-20 transfers (OpenZeppelin's token) and 8 calls of a batch token that emit 50 Transfer logs each (\`tests/helpers/batchToken.ts\`, disperse-style), 128 transactions and 520 transfers, to fresh recipients each run. The follower (\`packages/server/src/follower\`) reads them through viem, a block with its transactions and its receipts with their logs (two calls a block; \`eth_getLogs\` would not spare the receipts, which carry each transaction's fee and status), in batches of the server's default \`SLEUTH_ETHEREUM_BATCH_BLOCKS\`, reading the next batch while it writes one; each batch is one transaction ending with \`settleWrites\` (the rollups of the keys it touched). Each engine follows the same blocks into an empty store first, then into the world. Timed from start to the last block in the store; "store" is the time in the store's statements, "batch" the median batch transaction. "The node alone" asks anvil for the same blocks as the follower does and only parses the answers; "the reader alone" is the follower's own reading path (\`readBlocks\`) with no store. A transfer is one value movement. \`--profile\` prints the statements by time, \`--plans\` their plans (EXPLAIN ANALYZE). The large world's PostgreSQL cluster is kept in ${largeWorldPostgresDir} between runs.`,
    target:
      "≥ 2,000 transfers/s on the large world, rollups current after each batch; a batch into the large world ≤ 1.5× into an empty store (issue 46)",
  },
  {
    variant: `${scale} world`,
    figures: `${markdownTable(
      [
        "store",
        "transfer rows before",
        "blocks",
        "transfers",
        "seconds",
        "store (s)",
        "batch (s)",
        "transfers/s",
      ],
      [
        ...runs.map((run) => [
          run.store,
          count(run.before),
          String(run.blocks),
          count(run.transfers),
          run.seconds.toFixed(1),
          run.storeSeconds.toFixed(1),
          median(run.batchSeconds).toFixed(1),
          count(run.transfers / run.seconds),
        ]),
        [
          "the follower's reader alone (viem, no store)",
          "–",
          String(blockSpan),
          count(reader.transfers),
          reader.seconds.toFixed(1),
          "–",
          "–",
          count(reader.transfers / reader.seconds),
        ],
        [
          "the node alone (anvil, the same calls, answers parsed)",
          "–",
          String(blockSpan),
          count(total),
          nodeSeconds.toFixed(1),
          "–",
          "–",
          count(total / nodeSeconds),
        ],
      ],
      ["left", "right", "right", "right", "right", "right", "right", "right"],
    ).join(
      "\n",
    )}\n\n${ratios.join(" ")}\n\nMachine: ${cpu}; 1-minute load average ${load} at the end. Batches of ${batchBlocks} blocks (${count(batchBlocks * perBlock)} transfers).`,
  },
);
process.exit(0);
