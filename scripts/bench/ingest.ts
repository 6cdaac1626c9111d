// Ingest benchmark (issue 46): sustained ingest from a local Ethereum node (anvil) by the server's
// follower, in transfers per second, with the read model brought up to date after every batch
// (settleWrites). A few thousand ether and ERC-20 transfers are mined in a few full blocks (batched
// sends with automine off), then followed from the first of them to the last, on PGlite and on a
// throwaway PostgreSQL cluster (Debian's binaries); written to the "## Ingest" section of
// docs/PERFORMANCE.md.
//   node scripts/bench/ingest.ts [scale] [transfers]   scale: the world under the ingest (default:
//                                                       large when ~/.cache/sleuth-bench/large is free,
//                                                       else default); transfers default 4,000
import { existsSync } from "node:fs";
import { availableParallelism, cpus, loadavg } from "node:os";
import { join } from "node:path";
import { ChainFollower, type Store, type WorldScale } from "@sleuth/server";
import { anvilFunder, deployToken, startAnvil, tokenTransferData } from "../../tests/helpers/anvil.ts";
import { startPostgresCluster } from "../../tests/helpers/postgresCluster.ts";
import { benchStoreName, largeWorldDir, openBenchStore } from "./benchStore.ts";
import { markdownTable, writeMeasure } from "./performanceDoc.ts";

const largeFree = existsSync(largeWorldDir) && !existsSync(`${largeWorldDir}.lock`);
const scale = (process.argv[2] ?? (largeFree ? "large" : "default")) as WorldScale;
const wanted = Number(process.argv[3] ?? 4_000);

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

interface Run {
  store: string;
  blocks: number;
  transfers: number;
  seconds: number;
}

async function follow(store: Store, name: string): Promise<Run> {
  const follower = new ChainFollower(store, null, { batchBlocks: 5, pollMs: 20 });
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
    await new Promise((resolve) => setTimeout(resolve, 50));
    status = await follower.status();
  }
  const seconds = (performance.now() - started) / 1000;
  await follower.close();
  const run = { store: name, blocks: status.blocksIngested, transfers: status.transfersIngested, seconds };
  console.error(`${name}: ${run.transfers} transfers in ${seconds.toFixed(1)} s`);
  return run;
}

const runs: Run[] = [];
{
  delete process.env.DATABASE_URL;
  const store = await openBenchStore(scale);
  runs.push(await follow(store, benchStoreName(scale)));
  await store.close();
}
{
  const cluster = await startPostgresCluster();
  process.on("exit", () => cluster.stop());
  process.env.DATABASE_URL = cluster.url;
  const pgScale: WorldScale = scale === "large" ? "default" : scale;
  const store = await openBenchStore(pgScale);
  runs.push(await follow(store, `PostgreSQL 15 (throwaway cluster), ${pgScale} world`));
  await store.close();
  delete process.env.DATABASE_URL;
}

const cpu = `${availableParallelism()} × ${cpus()[0]?.model.trim() ?? "CPU"}`;
writeMeasure(
  {
    measure: "Ingest",
    what: "sustained ingest from a local Ethereum node (anvil) by the server's follower, in transfers per second, the read model current after every batch",
    how: "`pnpm bench ingest [scale] [transfers]`: anvil mines the transfers (half ether, half ERC-20, batched `eth_sendTransaction` with automine off, so blocks are full); the follower (`packages/server/src/follower`) reads them in batches of 5 blocks (about 1,250 transfers) through viem and writes each batch in one transaction ending with `settleWrites`; timed from start to the last block in the store. A transfer is one value movement.",
    target: "≥ 2,000 transfers/s on the large world, rollups current after each batch (issue 46)",
  },
  {
    variant: `${scale} world`,
    figures: `${markdownTable(
      ["store", "blocks", "transfers", "seconds", "transfers/s", "blocks/s"],
      runs.map((run) => [
        run.store,
        String(run.blocks),
        run.transfers.toLocaleString("en-US"),
        run.seconds.toFixed(1),
        Math.round(run.transfers / run.seconds).toLocaleString("en-US"),
        (run.blocks / run.seconds).toFixed(2),
      ]),
      ["left", "right", "right", "right", "right", "right"],
    ).join(
      "\n",
    )}\n\nMachine: ${cpu}, load average ${loadavg()[0]!.toFixed(1)} at the end (shared with other work).${scale === "large" ? "" : ` The large world (${join("~", ".cache", "sleuth-bench", "large")}) was not free for this run: measured on the ${scale} world.`} Each batch ends with \`settleWrites\`, which on this branch rebuilds the whole read model (\`refreshRollups\`); the incremental rollups of issue 46 replace that step, and this benchmark measures the same path after them.`,
  },
);
process.exit(0);
