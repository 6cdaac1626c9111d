// Ingest benchmark (issue 46): sustained ingest from a local Ethereum node (anvil) by the server's
// follower, in transfers per second, with the read model brought up to date after every batch
// (settleWrites). Thousands of ether and ERC-20 transfers are mined in a few full blocks (batched
// sends with automine off), then followed from the first of them to the last, on PGlite and on a
// throwaway PostgreSQL cluster (Debian's binaries); written to the "## Ingest" section of
// docs/PERFORMANCE.md.
//   node scripts/bench/ingest.ts [scale] [transfers] [--profile [--plans]] [--store pglite|postgres]
//   scale: the world under the ingest (default: large when ~/.cache/sleuth-bench/large is free, else
//   default); transfers default 20,000; --profile prints the statements by time instead of writing.
import { existsSync } from "node:fs";
import { availableParallelism, cpus, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { ChainFollower, loadConfig, type Store, type WorldScale } from "@sleuth/server";
import { anvilFunder, deployToken, startAnvil, tokenTransferData } from "../../tests/helpers/anvil.ts";
import { startPostgresCluster } from "../../tests/helpers/postgresCluster.ts";
import { benchStoreName, largeWorldDir, openBenchStore } from "./benchStore.ts";
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
const token = await deployToken(anvil, anvilFunder, {
  name: "Bench Token",
  symbol: "BEN",
  supply: 10n ** 27n,
  owner: anvilFunder.address,
});
const firstBlock = Number(await anvil.rpc<Hex>("eth_blockNumber")) + 1;
await anvil.rpc("evm_setAutomine", [false]);
const recipient = (n: number): Hex => `0x${(0x5000 + n).toString(16).padStart(40, "0")}`;
const requests: { method: string; params: unknown[] }[] = [];
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
for (let n = 0; n < wanted; n++) {
  const from = n % 2 === 0 ? accounts[1 + ((n / 2) % 9)]! : anvilFunder.address;
  const nonce = nextNonce(from);
  requests.push({
    method: "eth_sendTransaction",
    params: [
      n % 2 === 0
        ? { from, nonce, to: recipient(n % 997), value: `0x${(1_000_000_000_000n + BigInt(n)).toString(16)}` }
        : {
            from,
            nonce,
            to: token,
            data: tokenTransferData(recipient(n % 991), 1_000_000_000_000_000n + BigInt(n)),
            gas: "0x186a0",
          },
    ],
  });
}
console.error(`sending ${wanted.toLocaleString("en-US")} transfers to anvil…`);
for (let start = 0; start < requests.length; start += 250) {
  const body = requests
    .slice(start, start + 250)
    .map((request, index) => ({ jsonrpc: "2.0", id: start + index, ...request }));
  const answer = (await (
    await fetch(anvil.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    })
  ).json()) as { error?: { message: string } }[];
  const failed = answer.find((entry) => entry.error);
  if (failed) throw new Error(`anvil refused a transfer: ${failed.error!.message}`);
  // Mine as we go: the pool stays small and the blocks full.
  await anvil.rpc("evm_mine");
}
while (Number((await anvil.rpc<{ pending: Hex }>("txpool_status")).pending) > 0) await anvil.rpc("evm_mine");
const lastBlock = Number(await anvil.rpc<Hex>("eth_blockNumber"));
console.error(`blocks ${firstBlock}..${lastBlock}`);

// The node alone: the same blocks read as the follower asks for them (each block with its
// transactions, and its receipts; four calls to an HTTP batch, a batch's blocks at once), with no
// store behind: the most any follower could take from this node on this machine.
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
  for (let from = firstBlock; from <= lastBlock; from += batchBlocks) {
    const pairs: number[][] = [];
    for (let number = from; number < Math.min(from + batchBlocks, lastBlock + 1); number += 2)
      pairs.push(number + 1 <= Math.min(from + batchBlocks - 1, lastBlock) ? [number, number + 1] : [number]);
    await Promise.all(pairs.map(call));
  }
  return (performance.now() - started) / 1000;
}
const nodeSeconds = await nodeReadSeconds();
console.error(`the node alone serves the blocks in ${nodeSeconds.toFixed(1)} s`);

interface Run {
  store: string;
  blocks: number;
  transfers: number;
  seconds: number;
  /** Time spent in the store's statements (the rest: the node, and JavaScript between them). */
  storeSeconds: number;
}

async function follow(inner: Store, name: string): Promise<Run> {
  const profile = profileStatements(inner, values.plans);
  const store = profile.store;
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
    await new Promise((resolve) => setTimeout(resolve, 250));
    status = await follower.status();
  }
  const seconds = (performance.now() - started) / 1000;
  await follower.close();
  const run = {
    store: name,
    blocks: status.blocksIngested,
    transfers: status.transfersIngested,
    seconds,
    storeSeconds: profile.totalMs() / 1000,
  };
  console.error(`${name}: ${run.transfers} transfers in ${seconds.toFixed(1)} s`);
  if (values.profile) console.error(profile.report(values.plans ? 12 : 25));
  return run;
}

const runs: Run[] = [];
if (values.store !== "postgres") {
  delete process.env.DATABASE_URL;
  const store = await openBenchStore(scale);
  runs.push(await follow(store, benchStoreName(scale)));
  await store.close();
}
if (values.store !== "pglite") {
  const cluster = await startPostgresCluster();
  process.on("exit", () => cluster.stop());
  process.env.DATABASE_URL = cluster.url;
  const pgScale: WorldScale = scale === "large" ? "default" : scale;
  const store = await openBenchStore(pgScale);
  runs.push(await follow(store, `PostgreSQL 15 (throwaway cluster), ${pgScale} world`));
  await store.close();
  delete process.env.DATABASE_URL;
}

if (values.profile) process.exit(0);
const cpu = `${availableParallelism()} × ${cpus()[0]?.model.trim() ?? "CPU"}`;
const perSecond = (transfers: number, seconds: number) =>
  Math.round(transfers / seconds).toLocaleString("en-US");
const total = runs[0]?.transfers ?? wanted;
writeMeasure(
  {
    measure: "Ingest",
    what: "sustained ingest from a local Ethereum node (anvil) by the server's follower, in transfers per second, the read model current after every batch",
    how: '`pnpm bench ingest [scale] [transfers] [--profile [--plans]]`: anvil mines the transfers (half ether, half ERC-20, batched `eth_sendTransaction` with automine off, 250 a block); the follower (`packages/server/src/follower`) reads them through viem in batches of the server\'s default `SLEUTH_ETHEREUM_BATCH_BLOCKS`, reading the next batch while it writes one, and writes each batch in one transaction ending with `settleWrites` (the rollups of the keys it touched); timed from start to the last block in the store. "Store" is the time in the store\'s statements. "The node alone" reads the same blocks with no store behind. A transfer is one value movement. `--profile` prints the statements by time, `--plans` their plans (EXPLAIN ANALYZE).',
    target: "≥ 2,000 transfers/s on the large world, rollups current after each batch (issue 46)",
  },
  {
    variant: `${scale} world`,
    figures: `${markdownTable(
      ["store", "blocks", "transfers", "seconds", "store (s)", "transfers/s", "blocks/s"],
      [
        ...runs.map((run) => [
          run.store,
          String(run.blocks),
          run.transfers.toLocaleString("en-US"),
          run.seconds.toFixed(1),
          run.storeSeconds.toFixed(1),
          perSecond(run.transfers, run.seconds),
          (run.blocks / run.seconds).toFixed(2),
        ]),
        [
          "the node alone (anvil, the same blocks, no store)",
          String(lastBlock - firstBlock + 1),
          total.toLocaleString("en-US"),
          nodeSeconds.toFixed(1),
          "–",
          perSecond(total, nodeSeconds),
          ((lastBlock - firstBlock + 1) / nodeSeconds).toFixed(2),
        ],
      ],
      ["left", "right", "right", "right", "right", "right", "right"],
    ).join(
      "\n",
    )}\n\nMachine: ${cpu}, shared with six other sessions' builds and tests; 1-minute load average ${loadavg()[0]!.toFixed(1)} at the end.${scale === "large" ? "" : ` Measured on the ${scale} world: the large world (5,000,001 transfers) did not seed in the time this machine had to give.`} Batches of ${batchBlocks} blocks.`,
  },
);
process.exit(0);
