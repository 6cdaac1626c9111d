import { addressChainUrn, type SleuthClient, transactionUrn } from "@sleuth/sdk";
import { type Hex, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Anvil, anvilFunder, startAnvil } from "../helpers/anvil.ts";
import { blockOf, followerStatusUntil, nodeHead } from "../helpers/followerStatus.ts";
import { type RpcCounter, startRpcCounter } from "../helpers/rpcCounter.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

// Issue 46 "blocks are taken only past the confirmation depth": with `confirmations: N` the
// follower leaves the node's last N blocks out of the store (its checkpoint is the head less N), and
// takes them once N more blocks are mined. The node is a real anvil behind a counting proxy, so the
// test knows the follower asked the head again (and could have taken more) before it looks.

const depth = 3;

describe("issue 46 the follower's confirmation depth", () => {
  let anvil: Anvil;
  let proxy: RpcCounter;
  let server: TestServer;
  let admin: SleuthClient;
  const alice = privateKeyToAccount(generatePrivateKey());
  const bob = privateKeyToAccount(generatePrivateKey());
  /** Alice's transfers to Bob, one a block, oldest first. */
  const sent: { hash: Hex; block: number }[] = [];
  let head: number;

  /** Waits until the follower has asked the node its head `times` more times. */
  async function headAskedAgain(times: number): Promise<void> {
    const headPolls = () => proxy.count((call) => call.method === "eth_blockNumber");
    const target = headPolls() + times;
    while (headPolls() < target) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  async function bobsTransfers(): Promise<string[]> {
    const page = await admin.transfers.address({
      addressChainUrn: addressChainUrn("ethereum", bob.address.toLowerCase()),
    });
    return page.data.map((row) => row.transactionUrn);
  }
  const urnsOf = (transfers: typeof sent) =>
    transfers.map((transfer) => transactionUrn("ethereum", transfer.hash)).reverse();

  beforeAll(async () => {
    [anvil, server] = await Promise.all([
      startAnvil(),
      startTestServer({ store: "pglite", env: { SLEUTH_ETHEREUM_POLL_MS: "20" } }),
    ]);
    proxy = await startRpcCounter(anvil.url);
    admin = server.client({ token: await server.tokenFor(server.demo.user.email) });
    const funder = anvil.wallet(anvilFunder);
    await funder.waitForTransactionReceipt({
      hash: await funder.sendTransaction({ to: alice.address, value: parseEther("20") }),
    });
    const wallet = anvil.wallet(alice);
    for (let index = 1; index <= 5; index++) {
      const hash = await wallet.sendTransaction({ to: bob.address, value: parseEther(String(index)) });
      const receipt = await wallet.waitForTransactionReceipt({ hash });
      sent.push({ hash, block: Number(receipt.blockNumber) });
    }
    head = await nodeHead(anvil);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
    await anvil?.stop();
  });

  test("issue 46 with confirmations N the last N blocks of the head stay out of the store", async () => {
    const started = await admin.ingest.start({ rpcUrl: proxy.url, from: 0, confirmations: depth });
    expect(started).toMatchObject({ state: "following", confirmations: depth });
    await followerStatusUntil(
      admin,
      (status) => blockOf(status.head) === head && blockOf(status.checkpoint) >= head - depth,
    );
    // It asked the head again, more than once, and took no further block.
    await headAskedAgain(3);
    const status = await admin.ingest.status();
    expect(status).toMatchObject({
      state: "following",
      head: String(head),
      checkpoint: String(head - depth),
      behind: String(depth),
    });
    expect(await bobsTransfers()).toEqual(urnsOf(sent.filter((transfer) => transfer.block <= head - depth)));
    expect(sent.filter((transfer) => transfer.block > head - depth)).toHaveLength(depth);
  }, 120_000);

  test("issue 46 once N more blocks are mined, the blocks held back are taken, and no more", async () => {
    await anvil.rpc("anvil_mine", [`0x${depth.toString(16)}`]);
    await followerStatusUntil(admin, (status) => blockOf(status.checkpoint) >= head);
    await headAskedAgain(3);
    expect(await admin.ingest.status()).toMatchObject({
      head: String(head + depth),
      checkpoint: String(head),
      behind: String(depth),
      lastError: null,
    });
    expect(await bobsTransfers()).toEqual(urnsOf(sent));
  }, 120_000);
});
