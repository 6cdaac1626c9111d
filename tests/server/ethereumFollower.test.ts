import { readFileSync } from "node:fs";
import { type IngestStatus, type SleuthClient, transactionUrn } from "@sleuth/sdk";
import { runImport } from "@sleuth/server";
import { type Hex, parseEther, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  type Anvil,
  anvilFunder,
  deployToken,
  ethereumEtlLines,
  startAnvil,
  tokenAbi,
} from "../helpers/anvil.ts";
import { batchTransferData, deployBatchToken } from "../helpers/batchToken.ts";
import { ethereumEtlFixtureDir } from "../helpers/ethereumEtlSample.ts";
import { ledgerRows } from "../helpers/ledgerRows.ts";
import { openTestStore, startTestServer, storeKinds, type TestServer } from "../helpers/server.ts";

// Issue 46 "Done when": the follower against a real local Ethereum node (anvil), on both stores (on
// PostgreSQL its batches take the advisory lock several server processes share). Each store
// follows the same node twice (the reorganisation), so the file runs for a while; the set-up (a node,
// a server, two tokens deployed and five transfers mined) and the first follow, whose batches settle
// the rollups of every address they write, get two minutes each on a loaded machine.

async function waitFor(client: SleuthClient, done: (status: IngestStatus) => boolean): Promise<IngestStatus> {
  for (;;) {
    const status = await client.ingest.status();
    if (done(status)) return status;
    if (status.lastError) throw new Error(`follower: ${status.lastError}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Real mainnet transactions of block 17,173,049: history imported from a file, far above anvil's. */
const mainnetSample = readFileSync(`${ethereumEtlFixtureDir}transactions_17173049.jsonl`, "utf8");

/** What ethereum-etl's export of blocks 0..to (and `alsoImported`), imported into a fresh store, writes. */
async function importedRows(anvil: Anvil, to: number, alsoImported?: string) {
  const { store, dispose } = await openTestStore("pglite");
  try {
    const result = await runImport(store, "ethereum-etl", await ethereumEtlLines(anvil, 0, to));
    expect(result.skippedCount).toBe(0);
    if (alsoImported) await runImport(store, "ethereum-etl", alsoImported);
    return await ledgerRows(store);
  } finally {
    await dispose();
  }
}

describe.each(storeKinds)("issue 46 following an Ethereum node (anvil) on %s", (kind) => {
  let anvil: Anvil;
  let server: TestServer;
  let admin: SleuthClient;
  const alice = privateKeyToAccount(generatePrivateKey());
  const bob = privateKeyToAccount(generatePrivateKey());
  const carol = privateKeyToAccount(generatePrivateKey());
  const sent: Record<string, Hex> = {};
  let token: Hex;
  let head: number;

  beforeAll(async () => {
    [anvil, server] = await Promise.all([
      startAnvil(),
      startTestServer({
        store: kind,
        env: { SLEUTH_ETHEREUM_POLL_MS: "20", SLEUTH_ETHEREUM_BATCH_BLOCKS: "3" },
      }),
    ]);
    const token_ = await server.tokenFor(server.demo.user.email);
    admin = server.client({ token: token_, organizationUuid: server.demo.organization.uuid });
    const funder = anvil.wallet(anvilFunder);
    for (const account of [alice, bob]) {
      const hash = await funder.sendTransaction({ to: account.address, value: parseEther("10") });
      await funder.waitForTransactionReceipt({ hash });
    }
    token = await deployToken(anvil, anvilFunder, {
      name: "Sleuth Test Token",
      symbol: "STT",
      supply: parseUnits("1000000", 18),
      owner: alice.address,
    });
    // One transaction, many Transfer logs (a disperse-style batch sender), from a second token.
    const batchToken = await deployBatchToken(anvil, anvilFunder.address, {
      name: "Sleuth Batch Token",
      symbol: "SBT",
      supply: parseUnits("1000000", 18),
    });
    const batchHash = await anvil.rpc<Hex>("eth_sendTransaction", [
      {
        from: anvilFunder.address,
        to: batchToken,
        data: batchTransferData(
          [carol.address, privateKeyToAccount(generatePrivateKey()).address, alice.address],
          parseUnits("7", 18),
        ),
      },
    ]);
    await anvil.wallet(anvilFunder).waitForTransactionReceipt({ hash: batchHash });
    const a = anvil.wallet(alice);
    const b = anvil.wallet(bob);
    sent.aliceEther = await a.sendTransaction({ to: bob.address, value: parseEther("1") });
    sent.aliceToken = await a.writeContract({
      address: token,
      abi: tokenAbi,
      functionName: "transfer",
      args: [bob.address, parseUnits("500", 18)],
    });
    sent.bobToken = await b.writeContract({
      address: token,
      abi: tokenAbi,
      functionName: "transfer",
      args: [carol.address, parseUnits("200", 18)],
    });
    sent.bobEther = await b.sendTransaction({ to: carol.address, value: parseEther("0.25") });
    for (const hash of Object.values(sent)) await a.waitForTransactionReceipt({ hash });
    head = Number(await a.getBlockNumber({ cacheTime: 0 }));
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await anvil?.stop();
  });

  test("issue 46 followed blocks make the rows the ethereum-etl import of those blocks makes", async () => {
    const bobUrn = `urn:sleuth:address:ethereum:${bob.address.toLowerCase()}`;
    const detector = await admin.detectors.create({ addressUrn: bobUrn, name: "bob" });
    const started = await admin.ingest.start({ rpcUrl: anvil.url, from: 0, to: head, confirmations: 0 });
    expect(started.state).toBe("following");
    const status = await waitFor(admin, (current) => current.state === "done");
    expect(status.checkpoint).toBe(String(head));
    expect(status.transfersIngested).toBeGreaterThanOrEqual(10);
    expect(await ledgerRows(server.store)).toEqual(await importedRows(anvil, head));

    // The token's metadata was read from the contract and stored.
    const [asset] = await server.store.query("SELECT symbol, decimals FROM assets WHERE contract = $1", [
      token.toLowerCase(),
    ]);
    expect(asset).toEqual({ symbol: "STT", decimals: 18 });
    const [batchAsset] = await server.store.query(
      "SELECT symbol, decimals, (SELECT count(*)::int FROM transfers t WHERE t.asset_id = a.id) AS rows FROM assets a WHERE symbol = 'SBT'",
    );
    // The mint and three recipients of one call: two rows each (001 §3), the mint's one.
    expect(batchAsset).toEqual({ symbol: "SBT", decimals: 18, rows: 7 });

    // 001 §3 Bob's transfers as `sleuth transfers` and the console list them, with balances.
    const page = await admin.transfers.address({ addressChainUrn: bobUrn });
    const rows = page.data.map((row) => [
      row.transactionUrn,
      row.asset,
      row.relevantAmountRaw,
      row.runningBalanceRaw,
    ]);
    expect(rows).toEqual([
      [transactionUrn("ethereum", sent.bobEther!), "ETH", "-0.25", "10.75"],
      [transactionUrn("ethereum", sent.bobToken!), "STT", "-200", "300"],
      [transactionUrn("ethereum", sent.aliceToken!), "STT", "500", "500"],
      [transactionUrn("ethereum", sent.aliceEther!), "ETH", "1", "11"],
      expect.arrayContaining(["ETH", "10", "10"]),
    ]);

    // 002 §4: the detector on Bob raised an alert for each of his transfers with the batch.
    const alerts = await admin.detectors.alerts({ detectorUuid: detector.uuid });
    expect(alerts).toHaveLength(5);

    // Issue 43 and issue 46: every followed address is valued as imported evidence, and its first
    // and last activity are those of its transfers, whether the batch inserted the address with them
    // or updated it.
    const followed = await server.store.query<{ wrong: number; rows: number }>(
      `SELECT count(*) FILTER (WHERE NOT a.has_imported_transfers OR a.first_active IS DISTINCT FROM s.first_at
           OR a.last_active IS DISTINCT FROM s.last_at)::int AS wrong, count(*)::int AS rows
       FROM addresses a JOIN (SELECT address_id, min(block_timestamp) AS first_at, max(block_timestamp) AS last_at
         FROM transfers GROUP BY address_id) s ON s.address_id = a.id
       WHERE EXISTS (SELECT 1 FROM transfers t JOIN import_movements m ON m.transaction_id = t.transaction_id
         WHERE t.address_id = a.id)`,
    );
    expect(followed).toEqual([{ wrong: 0, rows: expect.any(Number) }]);
    expect(followed[0]!.rows).toBeGreaterThanOrEqual(5);
  }, 120_000);

  test("issue 46 a reorganisation replaces the orphaned blocks' rows with the new ones and keeps imported history", async () => {
    // History imported from a file at mainnet heights, above every block of the node: not the
    // node's to roll back.
    const sample = await runImport(server.store, "ethereum-etl", mainnetSample);
    expect(sample.skippedCount).toBe(0);
    const sampleHashes = (
      await server.store.query<{ hash: string }>(
        "SELECT hash FROM transactions WHERE block_number = 17173049",
      )
    ).map((row) => row.hash);
    expect(sampleHashes.length).toBeGreaterThan(100);
    const before = await admin.detectors.alerts();
    // The last two blocks (Bob's token and ether transfers to Carol) give way to one from the funder.
    await anvil.rpc("anvil_reorg", [
      2,
      [[{ from: anvilFunder.address, to: carol.address, value: "0x16345785d8a0000" }, 0]],
    ]);
    const newHead = Number(await anvil.rpc<Hex>("eth_blockNumber"));
    const [replacement] = (
      await anvil.rpc<{ transactions: Hex[] }>("eth_getBlockByNumber", [
        `0x${(head - 1).toString(16)}`,
        false,
      ])
    ).transactions;
    expect(replacement).toBeDefined();
    await admin.ingest.start({ rpcUrl: anvil.url, to: newHead, confirmations: 0 });
    const status = await waitFor(admin, (current) => current.state === "done");
    expect(status.reorgs).toBe(1);
    expect(status.checkpoint).toBe(String(newHead));
    const hashes = (await server.store.query<{ hash: string }>("SELECT hash FROM transactions")).map(
      (r) => r.hash,
    );
    expect(hashes).not.toContain(sent.bobToken);
    expect(hashes).not.toContain(sent.bobEther);
    expect(hashes).toContain(replacement);
    expect(hashes).toEqual(expect.arrayContaining(sampleHashes));
    expect(await ledgerRows(server.store)).toEqual(await importedRows(anvil, newHead, mainnetSample));
    // The alerts on the orphaned transfers went with them.
    expect((await admin.detectors.alerts()).length).toBe(before.length - 2);
  });
});
