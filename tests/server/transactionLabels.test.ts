import { readFileSync } from "node:fs";
import {
  addressChainUrn,
  missingCounterpartyText,
  type SleuthClient,
  type TransactionRow,
} from "@sleuth/sdk";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestServer, storeKinds, type TestServer } from "../helpers/server.ts";

// Issue 39: only a mint is labelled "Minted". The real Bitcoin block 696,394 (its selected
// transactions, packages/server/fixtures/bitcoin-block-696394) holds the coinbase and payouts whose
// inputs the export gives without addresses: their outputs have no sender either, but nothing was
// minted. An ERC-20 mint comes from the zero address (ethereum has no coinbase).

const fixture = (path: string) =>
  readFileSync(new URL(`../../packages/server/fixtures/${path}`, import.meta.url), "utf8");

const coinbaseHash = "07f8b22fa9a3b32e20b59bb90727de05fb634749519ebcb6a887aeaf2c7eb041";
// Spends one output created before the block: the export gives that input without an address.
const payoutHash = "a06d148efd4eaf32f71e8f06f7cc30f09a9cf25766724c8334d2b5af1f671c73";
const tokenMintHash = "0xf9ce089241db57d1fd65743b14f60f36e065ec27f7ad1bd7a45b8c990f87b64e";
const tokenMintReceiver = "0x3813ba8de772451b5459559011540f5bfc19432d";

const labelsOf = (row: TransactionRow | undefined) =>
  (row?.to ?? []).map((party) => party.transfer_labels.map((label) => label.display_name));

describe.each(storeKinds)("transfer labels of real transactions on %s", (kind) => {
  let server: TestServer;
  let client: SleuthClient;

  beforeAll(async () => {
    server = await startTestServer({ store: kind });
    client = server.client({
      token: await server.tokenFor(server.demo.user.email),
      organizationUuid: server.demo.organization.uuid,
    });
    await client.imports.run("bitcoin-etl", fixture("bitcoin-block-696394/transactions_selected.jsonl"));
    await client.imports.run("ethereum-etl", fixture("ethereum-etl/token_transfers_17173049.jsonl"));
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  const lookup = async (hash: string, chain: string) =>
    (await client.search.transactions({ tx_hashes: [hash] })).find((row) => row.chain === chain);

  test("issue 39 a coinbase's outputs are minted; a payout from inputs without addresses has an unknown sender", async () => {
    const coinbase = await lookup(coinbaseHash, "bitcoin");
    expect(coinbase?.from).toEqual([]);
    expect(labelsOf(coinbase).length).toBeGreaterThan(0);
    expect(labelsOf(coinbase).every((names) => names.includes("Minted"))).toBe(true);

    const payout = await lookup(payoutHash, "bitcoin");
    expect(payout?.from).toEqual([]);
    expect(labelsOf(payout)).toHaveLength(5);
    for (const names of labelsOf(payout)) {
      expect(names).toContain("Unknown sender");
      expect(names).not.toContain("Minted");
    }
    const [label] = payout!.to![0]!.transfer_labels;
    expect(label).toMatchObject({ kind: "unknown_sender", value: null });
  });

  test("issue 39 in transfer tables only a payout from inputs without addresses has an unknown sender", async () => {
    const rowsOf = async (hash: string) => {
      const receiver = (await lookup(hash, "bitcoin"))!.to![0]!.address;
      const page = await client.transfers.address({
        addressChainUrn: addressChainUrn("bitcoin", receiver),
        pageSize: 100,
      });
      return page.data.filter((row) => row.transactionUrn.endsWith(hash));
    };
    const minted = await rowsOf(coinbaseHash);
    expect(minted.length).toBeGreaterThan(0);
    for (const row of minted) {
      expect(row.counterpartyAddressChainUrns).toEqual([]);
      expect(row.senderUnknown).toBeUndefined();
      expect(missingCounterpartyText(row)).toBe("None (minted)");
    }
    const paid = await rowsOf(payoutHash);
    expect(paid.length).toBeGreaterThan(0);
    for (const row of paid) {
      expect(row).toMatchObject({
        direction: "incoming",
        counterpartyAddressChainUrns: [],
        senderUnknown: true,
      });
      expect(missingCounterpartyText(row)).toContain("Unknown sender");
    }
  });

  test("issue 39 a token minted from the zero address is labelled minted", async () => {
    const mint = await lookup(tokenMintHash, "ethereum");
    const receiver = mint?.to?.find((party) => party.address === tokenMintReceiver);
    expect(receiver?.transfer_labels.map((label) => label.kind)).toContain("mint");
  });

  test("issue 39 a party nobody owns carries its best label and the label's source once one is imported", async () => {
    const before = await lookup(tokenMintHash, "ethereum");
    expect(before?.to?.find((party) => party.address === tokenMintReceiver)?.addressLabel).toBeNull();
    await client.imports.run(
      "address-labels",
      `address,label,category,chain\n${tokenMintReceiver},Mint Receiver,gambling,ethereum\n`,
      {
        source: "receivers.csv",
      },
    );
    const after = await lookup(tokenMintHash, "ethereum");
    expect(after?.to?.find((party) => party.address === tokenMintReceiver)?.addressLabel).toEqual({
      label: "Mint Receiver",
      source: "receivers.csv",
    });
  });

  test("issue 39 importing a file again records the coinbase flag of transactions imported before it", async () => {
    // A store imported before the flag was kept: nothing recorded, so the old reading (minted).
    await server.store.query("UPDATE transactions SET coinbase = NULL WHERE chain = 'bitcoin'");
    expect(labelsOf(await lookup(payoutHash, "bitcoin"))[0]).toContain("Minted");
    await client.imports.run("bitcoin-etl", fixture("bitcoin-block-696394/transactions_selected.jsonl"));
    const flags = await server.store.query<{ hash: string; coinbase: boolean | null }>(
      "SELECT hash, coinbase FROM transactions WHERE chain = 'bitcoin' AND hash = ANY($1::text[]) ORDER BY hash",
      [[coinbaseHash, payoutHash]],
    );
    expect(flags).toEqual([
      { hash: coinbaseHash, coinbase: true },
      { hash: payoutHash, coinbase: false },
    ]);
    expect(labelsOf(await lookup(payoutHash, "bitcoin"))[0]).toContain("Unknown sender");
  });
});
