import { addressChainUrn, errorEnvelopeSchema, type SleuthClient, transactionUrn } from "@sleuth/sdk";
import {
  createApiToken,
  createUser,
  demoAccounts,
  findOrganizationByUuid,
  findUserByEmail,
  setMembership,
} from "@sleuth/server";
import { type Hex, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Anvil, anvilFunder, startAnvil } from "../helpers/anvil.ts";
import { blockOf, followerStatusUntil, nodeHead } from "../helpers/followerStatus.ts";
import { type RestartableServer, restartableServer } from "../helpers/restartableServer.ts";
import { storeKinds } from "../helpers/server.ts";

// Issue 46 "stoppable from the console's organization settings for admins": the follower a server
// started from its environment is stopped over HTTP; it writes no block past its checkpoint while
// the node goes on mining, a restarted server (same environment, same store) stays stopped, and only
// an admin of the organization may start, stop or read it. On both stores: the stop is kept there.

// A server process's start on a loaded machine takes a good part of a minute: the set-up and the
// tests that start one get four minutes, the others two.

/** Long enough for a follower polling every 20 ms to have taken a block many times over. */
const pollsLong = 1_500;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(storeKinds)("issue 46 stopping the Ethereum follower on %s", (kind) => {
  let anvil: Anvil;
  let server: RestartableServer;
  let admin: SleuthClient;
  let tokens: { admin: string; editor: string; viewer: string };
  const alice = privateKeyToAccount(generatePrivateKey());
  const bob = privateKeyToAccount(generatePrivateKey());
  const bobUrn = addressChainUrn("ethereum", bob.address.toLowerCase());
  const sent: Hex[] = [];
  let stoppedAt: number;

  async function send(value: string): Promise<{ hash: Hex; block: number }> {
    const wallet = anvil.wallet(alice);
    const hash = await wallet.sendTransaction({ to: bob.address, value: parseEther(value) });
    const receipt = await wallet.waitForTransactionReceipt({ hash });
    return { hash, block: Number(receipt.blockNumber) };
  }

  /** Bob's transfers as the API lists them, newest first (transaction URNs). */
  async function bobsTransfers(): Promise<string[]> {
    return (await admin.transfers.address({ addressChainUrn: bobUrn })).data.map((row) => row.transactionUrn);
  }

  /** What Alice sent Bob while the follower ran, as his transfers list them (newest first). */
  const sentUrns = () => sent.map((hash) => transactionUrn("ethereum", hash)).reverse();

  beforeAll(async () => {
    anvil = await startAnvil();
    const funder = anvil.wallet(anvilFunder);
    await funder.waitForTransactionReceipt({
      hash: await funder.sendTransaction({ to: alice.address, value: parseEther("10") }),
    });
    const env = {
      SLEUTH_ETHEREUM_RPC_URL: anvil.url,
      SLEUTH_ETHEREUM_FROM: "0",
      SLEUTH_ETHEREUM_CONFIRMATIONS: "0",
      SLEUTH_ETHEREUM_BATCH_BLOCKS: "3",
      SLEUTH_ETHEREUM_POLL_MS: "20",
    };
    ({ server, prepared: tokens } = await restartableServer(kind, env, async (store) => {
      const organization = await findOrganizationByUuid(store, demoAccounts.organization.uuid);
      const demoUser = await findUserByEmail(store, demoAccounts.user.email);
      const tokenOf = async (role: "editor" | "viewer") => {
        const user = await createUser(store, {
          email: `${role}-${kind}@follower.example`,
          password: `${role}-password`,
          fullName: `Follower ${role}`,
        });
        await setMembership(store, user.id, organization!.id, role);
        return (await createApiToken(store, user.id, `follower ${role}`)).token;
      };
      return {
        admin: (await createApiToken(store, demoUser!.id, "follower admin")).token,
        editor: await tokenOf("editor"),
        viewer: await tokenOf("viewer"),
      };
    }));
    admin = server.client(tokens.admin);
    sent.push((await send("1")).hash);
  }, 240_000);
  afterAll(async () => {
    await server?.dispose();
    await anvil?.stop();
  });

  test("issue 46 a member below admin gets 403 in the one error envelope for status, start and stop; the follower goes on", async () => {
    const following = await followerStatusUntil(
      admin,
      (status) => status.state === "following" && blockOf(status.checkpoint) >= 2,
    );
    expect(following.rpcUrl).toBe(`${anvil.url}/`);
    const calls = [
      ["GET", "/v1/ingest/ethereum", undefined],
      ["POST", "/v1/ingest/ethereum", { rpcUrl: "http://127.0.0.1:9/", confirmations: 0 }],
      ["POST", "/v1/ingest/ethereum/stop", undefined],
    ] as const;
    for (const role of ["editor", "viewer"] as const) {
      for (const [method, path, body] of calls) {
        const response = await fetch(`${server.url}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${tokens[role]}`,
            ...(body ? { "content-type": "application/json" } : {}),
          },
          body: body ? JSON.stringify(body) : undefined,
        });
        expect(response.status, `${role} ${method} ${path}`).toBe(403);
        const envelope = errorEnvelopeSchema.parse(await response.json());
        expect(envelope.error).toMatchObject({ code: "forbidden", message: "This needs the admin role" });
      }
    }
    // Neither the start nor the stop refused changed anything: it follows the same node still.
    const { hash, block } = await send("2");
    sent.push(hash);
    const after = await followerStatusUntil(admin, (status) => blockOf(status.checkpoint) >= block);
    expect(after).toMatchObject({ state: "following", rpcUrl: `${anvil.url}/`, lastError: null });
    expect(await bobsTransfers()).toEqual(sentUrns());
  }, 120_000);

  test("issue 46 an admin's stop holds: no block past the checkpoint is written while the node mines on", async () => {
    const stopped = await admin.ingest.stop();
    expect(stopped.state).toBe("stopped");
    stoppedAt = blockOf(stopped.checkpoint);
    expect(stoppedAt).toBeGreaterThanOrEqual(2);
    // The node goes on: a transfer to Bob and empty blocks after it.
    await send("3");
    await anvil.rpc("anvil_mine", ["0x3"]);
    expect(await nodeHead(anvil)).toBeGreaterThan(stoppedAt + 3);
    await pause(pollsLong);
    const status = await admin.ingest.status();
    expect(status.state).toBe("stopped");
    expect(status.checkpoint).toBe(String(stoppedAt));
    expect(await bobsTransfers()).toEqual(sentUrns());
  }, 120_000);

  test("issue 46 a server restarted on the same store stays stopped, and a new start takes what it missed", async () => {
    await server.stop();
    await server.start();
    admin = server.client(tokens.admin);
    const restarted = await admin.ingest.status();
    expect(restarted).toMatchObject({ state: "stopped", checkpoint: String(stoppedAt) });
    await anvil.rpc("anvil_mine", ["0x2"]);
    await pause(pollsLong);
    expect(await admin.ingest.status()).toMatchObject({ state: "stopped", checkpoint: String(stoppedAt) });
    expect(await bobsTransfers()).toHaveLength(sent.length);

    // Started again, it goes on from its checkpoint: the transfer sent while stopped arrives.
    const head = await nodeHead(anvil);
    expect((await admin.ingest.start({ rpcUrl: anvil.url, confirmations: 0 })).state).toBe("following");
    await followerStatusUntil(admin, (status) => blockOf(status.checkpoint) >= head);
    expect(await bobsTransfers()).toHaveLength(sent.length + 1);
  }, 240_000);
});
