import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { IngestStatus, SleuthClient } from "@sleuth/sdk";
import { createNodeClient } from "@sleuth/sdk/node";
import {
  createApiToken,
  demoAccounts,
  findUserByEmail,
  migrate,
  openPgliteStore,
  pgdataPath,
  runImport,
} from "@sleuth/server";
import { type Hex, parseEther, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, expect, test } from "vitest";
import {
  type Anvil,
  anvilFunder,
  deployToken,
  ethereumEtlLines,
  startAnvil,
  tokenAbi,
} from "../helpers/anvil.ts";
import { ledgerRows } from "../helpers/ledgerRows.ts";
import { openTestStore } from "../helpers/server.ts";
import { killHard, startServerProcess } from "../helpers/serverProcess.ts";
import { pgliteTemplate } from "../helpers/storeTemplates.ts";

// Issue 46: the server following a node is killed (SIGKILL, no clean-up) mid-range; restarted on
// the same store it goes on from its checkpoint, and the store ends with the rows of one
// uninterrupted reading of the same blocks (the ethereum-etl import of them, which the follower's
// uninterrupted run equals: ethereumFollower.test.ts), no block missing and none twice.

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

async function statusUntil(client: SleuthClient, done: (status: IngestStatus) => boolean) {
  for (;;) {
    // null while the restarted server is not listening yet.
    const status = await client.ingest.status().catch(() => null);
    if (status && done(status)) return status;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test("issue 46 a follower killed mid-range resumes from its checkpoint with no gap and no duplicate", async () => {
  const anvil: Anvil = await startAnvil();
  cleanups.push(() => anvil.stop());
  const alice = privateKeyToAccount(generatePrivateKey());
  const bob = privateKeyToAccount(generatePrivateKey());
  const funder = anvil.wallet(anvilFunder);
  await funder.waitForTransactionReceipt({
    hash: await funder.sendTransaction({ to: alice.address, value: parseEther("50") }),
  });
  const token = await deployToken(anvil, anvilFunder, {
    name: "Crash Token",
    symbol: "CRT",
    supply: parseUnits("1000", 18),
    owner: alice.address,
  });
  const a = anvil.wallet(alice);
  let last: Hex = "0x";
  for (let index = 1; index <= 16; index++) {
    last =
      index % 2 === 0
        ? await a.sendTransaction({ to: bob.address, value: parseEther(String(index / 100)) })
        : await a.writeContract({
            address: token,
            abi: tokenAbi,
            functionName: "transfer",
            args: [bob.address, parseUnits(String(index), 18)],
          });
    await a.waitForTransactionReceipt({ hash: last });
  }
  const head = Number(await a.getBlockNumber({ cacheTime: 0 }));

  const dir = await mkdtemp(join(tmpdir(), "sleuth-follow-crash-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const prepared = await openPgliteStore({
    dataDir: pgdataPath(dir),
    loadDataDir: await pgliteTemplate(undefined),
  });
  await migrate(prepared);
  const user = await findUserByEmail(prepared, demoAccounts.user.email);
  const { token: apiToken } = await createApiToken(prepared, user?.id ?? 0, "follow crash test");
  await prepared.close();

  const env = {
    SLEUTH_DATA_DIR: dir,
    SLEUTH_ETHEREUM_RPC_URL: anvil.url,
    SLEUTH_ETHEREUM_FROM: "0",
    SLEUTH_ETHEREUM_TO: String(head),
    SLEUTH_ETHEREUM_CONFIRMATIONS: "0",
    // One block a batch: eighteen batches, so the kill lands mid-range even when status answers late.
    SLEUTH_ETHEREUM_BATCH_BLOCKS: "1",
    SLEUTH_ETHEREUM_POLL_MS: "20",
  };
  let server = await startServerProcess(env);
  cleanups.push(() => killHard(server.child));
  const first = await statusUntil(
    createNodeClient({ baseUrl: server.url, token: apiToken }),
    (status) => BigInt(status.checkpoint ?? "-1") >= 4n,
  );
  await killHard(server.child);
  expect(Number(first.checkpoint)).toBeLessThan(head);

  server = await startServerProcess(env);
  const resumed = await statusUntil(
    createNodeClient({ baseUrl: server.url, token: apiToken }),
    (status) => status.state === "done",
  );
  expect(resumed.checkpoint).toBe(String(head));
  expect(resumed.lastError).toBeNull();
  await killHard(server.child);

  const store = await openPgliteStore({ dataDir: pgdataPath(dir) });
  const followed = await ledgerRows(store);
  await store.close();
  const { store: reference, dispose } = await openTestStore("pglite");
  await runImport(reference, "ethereum-etl", await ethereumEtlLines(anvil, 0, head));
  const imported = await ledgerRows(reference);
  await dispose();
  // Funding (two rows), the mint (one) and sixteen transfers of two rows each.
  expect(followed.transfers.length).toBe(35);
  expect(followed).toEqual(imported);
}, 300_000);
