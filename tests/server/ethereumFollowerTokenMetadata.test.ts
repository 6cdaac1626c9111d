import { addressChainUrn, type SleuthClient } from "@sleuth/sdk";
import { createApiToken, demoAccounts, findUserByEmail } from "@sleuth/server";
import { type Hex, parseEther, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Anvil, anvilFunder, deployToken, startAnvil, tokenAbi } from "../helpers/anvil.ts";
import { followerStatusUntil, nodeHead } from "../helpers/followerStatus.ts";
import { type RestartableServer, restartableServer } from "../helpers/restartableServer.ts";
import { contractCall, type RpcCounter, startRpcCounter } from "../helpers/rpcCounter.ts";
import { storeKinds } from "../helpers/server.ts";

// Issue 46 "Token metadata (symbol, decimals) is read from the contract once and stored": the
// follower reads a real node (anvil) through a proxy that counts its calls; the token's symbol()
// and decimals() are asked once, however many batches move the token afterwards, in this server
// process or in one restarted on the same store. On both stores: the metadata is kept there.

// A server process's start on a loaded machine takes a good part of a minute: the set-up and the
// tests that start one get four minutes, the others two.

const symbolSelector = "0x95d89b41";
const decimalsSelector = "0x313ce567";

describe.each(storeKinds)("issue 46 token metadata read once on %s", (kind) => {
  let anvil: Anvil;
  let proxy: RpcCounter;
  let server: RestartableServer;
  let adminToken: string;
  let admin: SleuthClient;
  let token: Hex;
  const alice = privateKeyToAccount(generatePrivateKey());
  const bob = privateKeyToAccount(generatePrivateKey());
  let amount = 0;

  /** Two token transfers from Alice to Bob (a block each), then the node's head. */
  async function sendTokens(): Promise<number> {
    const wallet = anvil.wallet(alice);
    for (let index = 0; index < 2; index++) {
      amount++;
      const hash = await wallet.writeContract({
        address: token,
        abi: tokenAbi,
        functionName: "transfer",
        args: [bob.address, parseUnits(String(amount), 18)],
      });
      await wallet.waitForTransactionReceipt({ hash });
    }
    return nodeHead(anvil);
  }

  /** Follows blocks up to `to` and waits until they are in the store. */
  async function followTo(to: number): Promise<void> {
    await admin.ingest.start({ rpcUrl: proxy.url, from: 0, to, confirmations: 0 });
    await followerStatusUntil(admin, (status) => status.state === "done" && status.checkpoint === String(to));
  }

  const metadataReads = () => ({
    symbol: proxy.count(contractCall(token, symbolSelector)),
    decimals: proxy.count(contractCall(token, decimalsSelector)),
  });

  /** Bob's token transfers as the API lists them: symbol and amount in whole tokens, oldest first. */
  async function bobsTokenTransfers(): Promise<[string, string][]> {
    const page = await admin.transfers.address({
      addressChainUrn: addressChainUrn("ethereum", bob.address.toLowerCase()),
    });
    return page.data.map((row): [string, string] => [row.asset, row.relevantAmountRaw]).reverse();
  }
  const expectedTransfers = () =>
    Array.from({ length: amount }, (_, index): [string, string] => ["MDT", String(index + 1)]);

  beforeAll(async () => {
    anvil = await startAnvil();
    proxy = await startRpcCounter(anvil.url);
    const funder = anvil.wallet(anvilFunder);
    await funder.waitForTransactionReceipt({
      hash: await funder.sendTransaction({ to: alice.address, value: parseEther("10") }),
    });
    token = await deployToken(anvil, anvilFunder, {
      name: "Metadata Token",
      symbol: "MDT",
      supply: parseUnits("1000", 18),
      owner: alice.address,
    });
    // A batch a block: the token moves in several batches of one follow.
    const env = { SLEUTH_ETHEREUM_POLL_MS: "20", SLEUTH_ETHEREUM_BATCH_BLOCKS: "1" };
    ({ server, prepared: adminToken } = await restartableServer(kind, env, async (store) => {
      const user = await findUserByEmail(store, demoAccounts.user.email);
      return (await createApiToken(store, user!.id, "metadata test")).token;
    }));
    admin = server.client(adminToken);
  }, 240_000);
  afterAll(async () => {
    await server?.dispose();
    await proxy?.close();
    await anvil?.stop();
  });

  test("issue 46 a token's symbol and decimals are read once, however many batches move it", async () => {
    await followTo(await sendTokens());
    expect(metadataReads()).toEqual({ symbol: 1, decimals: 1 });
    // Stored and used: Bob's transfers show the symbol, and amounts in whole tokens (18 decimals).
    expect(await bobsTokenTransfers()).toEqual(expectedTransfers());

    await followTo(await sendTokens());
    expect(metadataReads()).toEqual({ symbol: 1, decimals: 1 });
    expect(await bobsTokenTransfers()).toEqual(expectedTransfers());
  }, 120_000);

  test("issue 46 a server restarted on the same store does not read a stored token's metadata again", async () => {
    await server.stop();
    await server.start();
    admin = server.client(adminToken);
    await followTo(await sendTokens());
    expect(metadataReads()).toEqual({ symbol: 1, decimals: 1 });
    expect(await bobsTokenTransfers()).toEqual(expectedTransfers());
  }, 240_000);
});
