import type { ChildProcess } from "node:child_process";
import type { IngestStatus, SleuthClient } from "@sleuth/sdk";
import { createNodeClient } from "@sleuth/sdk/node";
import { createApiToken, demoAccounts, findUserByEmail, openPostgresStore, type Store } from "@sleuth/server";
import { parseEther } from "viem";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type Anvil, anvilFunder, startAnvil } from "../helpers/anvil.ts";
import { createTestDatabase, postgresAdminUrl } from "../helpers/server.ts";
import { killHard, startServerProcess } from "../helpers/serverProcess.ts";
import { postgresTemplate } from "../helpers/storeTemplates.ts";

// Issue 46 "Past one machine": several server processes on one PostgreSQL share one follower. The
// process holding the stored lease follows; the others stand by, answer the status it stores, and
// take over when it closes; an admin's stop through any process stops the one following.

const cleanups: (() => Promise<unknown>)[] = [];
let anvil: Anvil;
let database: { url: string; drop(): Promise<void> };
let store: Store;
let token: string;

beforeAll(async () => {
  [anvil, database] = await Promise.all([
    startAnvil(),
    createTestDatabase({ template: await postgresTemplate(postgresAdminUrl(), "small") }),
  ]);
  cleanups.push(
    () => anvil.stop(),
    () => database.drop(),
  );
  store = await openPostgresStore(database.url, { max: 1 });
  cleanups.push(() => store.close());
  const userId = (await findUserByEmail(store, demoAccounts.user.email))!.id;
  token = (await createApiToken(store, userId, "follower processes")).token;
  await mine(3);
}, 120_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

/** One ether transfer a block (anvil mines each transaction at once); the node's new head. */
async function mine(blocks: number): Promise<number> {
  const funder = anvil.wallet(anvilFunder);
  for (let index = 0; index < blocks; index++) {
    const hash = await funder.sendTransaction({
      to: "0x00000000000000000000000000000000000000a1",
      value: parseEther("0.01"),
    });
    await funder.waitForTransactionReceipt({ hash });
  }
  return Number(await funder.getBlockNumber({ cacheTime: 0 }));
}

interface Process {
  child: ChildProcess;
  client: SleuthClient;
}

async function startProcess(): Promise<Process> {
  const { child, url } = await startServerProcess({
    DATABASE_URL: database.url,
    SLEUTH_ETHEREUM_POLL_MS: "20",
    SLEUTH_ETHEREUM_BATCH_BLOCKS: "2",
  });
  cleanups.push(() => killHard(child));
  return { child, client: createNodeClient({ baseUrl: url, token }) };
}

/** A graceful stop, as `pnpm start` gets from Ctrl-C or a service manager. */
function terminate(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

async function statusUntil(process: Process, done: (status: IngestStatus) => boolean) {
  for (;;) {
    const status = await process.client.ingest.status();
    if (done(status)) return status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const storedCheckpoint = async () =>
  Number(
    (await store.query<{ n: string | null }>("SELECT max(block_number)::text AS n FROM chain_blocks"))[0]!.n,
  );

test("issue 46 one follower across two processes: the other answers its status, takes over, and stops it", async () => {
  const one = await startProcess();
  let head = Number(await anvil.rpc<string>("eth_blockNumber"));
  const started = await one.client.ingest.start({ rpcUrl: anvil.url, from: 0, confirmations: 0 });
  expect(started.state).toBe("following");
  await statusUntil(one, (status) => status.checkpoint === String(head));

  // A second process on the same database stands by and answers what the following one stores.
  const two = await startProcess();
  head = await mine(2);
  const [seenByOne, seenByTwo] = await Promise.all(
    [one, two].map((process) =>
      statusUntil(process, (status) => status.checkpoint === String(head) && status.head === String(head)),
    ),
  );
  expect(seenByTwo).toMatchObject({ state: "following", checkpoint: String(head), behind: "0" });
  expect(seenByTwo!.blocksIngested).toBe(seenByOne!.blocksIngested);

  // The following process closes: the one standing by follows on from the checkpoint.
  await terminate(one.child);
  head = await mine(3);
  await statusUntil(two, (status) => status.checkpoint === String(head));
  expect(await storedCheckpoint()).toBe(head);

  // A third process stands by; an admin's stop through it stops the process following (two).
  const three = await startProcess();
  await statusUntil(three, (status) => status.state === "following");
  const stopped = await three.client.ingest.stop();
  expect(stopped.state).toBe("stopped");
  await statusUntil(two, (status) => status.state === "stopped");
  const checkpoint = await storedCheckpoint();
  await mine(3);
  // Several of the follower's polls and of the processes' looks at the stored state go by.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  expect(await storedCheckpoint()).toBe(checkpoint);
  for (const process of [two, three])
    expect(await process.client.ingest.status()).toMatchObject({
      state: "stopped",
      checkpoint: String(checkpoint),
    });
}, 180_000);
