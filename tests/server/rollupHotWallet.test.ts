import { readFileSync } from "node:fs";
import { rollBackAndSettle, runImport, type Store } from "@sleuth/server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { expectSettledEqualsRebuilt } from "../helpers/rollupEquivalence.ts";
import { openTestStore, storeKinds } from "../helpers/server.ts";

// Issue 46: an address in every batch (an exchange's hot wallet) has each batch's transfers added to
// its rollups (addedRollups.ts) instead of its history summed again; a reorganisation that removes
// some of them sums the address again. Many batches, then a roll-back and more batches: each time
// the read model must equal a full rebuild of the same base tables.

const fixture = (path: string) =>
  readFileSync(new URL(`../../packages/server/fixtures/${path}`, import.meta.url), "utf8");

const header = fixture("raphtory-ethereum/transactions_3300000_first1000.csv").split(/\r?\n/, 1)[0]!;

interface Parties {
  /** The demo world's busiest attributed Ethereum address. */
  hot: string;
  /** An address of another entity. */
  otherEntity: string;
  /** Two unattributed demo addresses with counterparties of their own. */
  plainA: string;
  plainB: string;
}

async function partiesOf(store: Store): Promise<Parties> {
  const attributed = await store.query<{ address: string; owner_slug: string }>(
    `SELECT address, owner_slug FROM address_summary
     WHERE chain = 'ethereum' AND owner_slug IS NOT NULL
     ORDER BY incoming_transfers + outgoing_transfers DESC, address_id LIMIT 20`,
  );
  const hot = attributed[0]!;
  const otherEntity = attributed.find((row) => row.owner_slug !== hot.owner_slug)!;
  const plain = await store.query<{ address: string }>(
    `SELECT s.address FROM address_summary s
     WHERE s.chain = 'ethereum' AND s.owner_slug IS NULL
       AND NOT EXISTS (SELECT 1 FROM address_categories c WHERE c.address_id = s.address_id)
     ORDER BY s.incoming_transfers + s.outgoing_transfers DESC, s.address_id LIMIT 2`,
  );
  return {
    hot: hot.address.toLowerCase(),
    otherEntity: otherEntity.address.toLowerCase(),
    plainA: plain[0]!.address.toLowerCase(),
    plainB: plain[1]!.address.toLowerCase(),
  };
}

const fresh = (batch: number, index: number) =>
  `0x46${batch.toString(16).padStart(4, "0")}${index.toString(16).padStart(34, "0")}`;

// The hot wallet's transfers a batch writes (one row each on its side).
const hotTransfersPerBatch = 6;

/**
 * One batch of eight ether transactions in the ethereum-etl transactions.csv layout, in blocks
 * `firstBlock` on. Its day cycles through days with an imported ETH price (2017-03-05 to 08: the
 * hot wallet's history is younger, so these come before it), one without (2017-03-09) and days
 * after the demo world ends.
 */
function batchCsv(parties: Parties, batch: number, firstBlock: number): string {
  const { hot, otherEntity, plainA, plainB } = parties;
  const pairs: [string, string][] = [
    [hot, fresh(batch, 0)],
    [fresh(batch, 1), hot],
    [hot, plainA],
    [plainB, hot],
    [plainA, plainB],
    [hot, otherEntity],
    [fresh(batch, 2), plainA],
    [hot, fresh(batch, 1)],
  ];
  const day =
    batch % 3 === 2
      ? Date.parse(`2025-07-${String(1 + (batch % 20)).padStart(2, "0")}T10:00:00Z`)
      : Date.parse("2017-03-05T10:00:00Z") + (batch % 5) * 86_400_000;
  const lines = pairs.map(([from, to], index) => {
    const block = firstBlock + index;
    const hash = `0x46${batch.toString(16).padStart(6, "0")}${index.toString(16).padStart(56, "0")}`;
    const blockHash = `0x${block.toString(16).padStart(64, "0")}`;
    const wei = `${BigInt(batch * 8 + index + 1) * 10n ** 16n}`;
    const time = Math.floor(day / 1000) + index * 60;
    return `${hash},${index},${blockHash},${block},${index},${from},${to},${wei},21000,20000000000,0x,${time},,,0`;
  });
  return `${[header, ...lines].join("\n")}\n`;
}

async function hotTransfers(store: Store, hot: string): Promise<number> {
  const [row] = await store.query<{ n: number }>(
    `SELECT (incoming_transfers + outgoing_transfers)::int AS n FROM address_summary
     WHERE chain = 'ethereum' AND lower(address) = $1`,
    [hot],
  );
  return row!.n;
}

describe.each(storeKinds)("rollups of a hot wallet on %s", (kind) => {
  let store: Store;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ store, dispose } = await openTestStore(kind, { world: "small" }));
  });
  afterAll(async () => {
    await dispose?.();
  });

  // Fourteen imports, a roll-back and two full rebuilds to compare with, on each store.
  test("issue 46 a hot wallet's rollups add each batch and equal a full rebuild, through a reorganisation", {
    timeout: 180_000,
  }, async () => {
    expect(
      (await runImport(store, "prices", fixture("sleuth/prices/eth.csv"), { source: "eth.csv" })).inserted,
    ).toBeGreaterThan(0);
    const parties = await partiesOf(store);
    const [blocks] = await store.query<{ next: number }>(
      "SELECT (coalesce(max(block_number), 0) + 1000)::bigint AS next FROM transactions WHERE chain = 'ethereum'",
    );
    const firstBlock = Number(blocks!.next);
    const blockOf = (batch: number) => firstBlock + batch * 10;
    const before = await hotTransfers(store, parties.hot);

    const batches = 10;
    for (let batch = 0; batch < batches; batch++) {
      const result = await runImport(store, "ethereum-etl", batchCsv(parties, batch, blockOf(batch)));
      expect(result.inserted, `batch ${batch}: ${JSON.stringify(result.skipped.slice(0, 2))}`).toBe(8);
    }
    expect(await hotTransfers(store, parties.hot)).toBe(before + batches * hotTransfersPerBatch);
    await expectSettledEqualsRebuilt(store);

    // A reorganisation drops the last three batches' blocks; two other batches take their place.
    const rolledBack = await store.transaction((tx) =>
      rollBackAndSettle(tx, "ethereum", BigInt(blockOf(batches - 3) - 1), BigInt(blockOf(batches) - 1), null),
    );
    expect(rolledBack.transfers).toBe(3 * 8 * 2);
    for (const batch of [batches, batches + 1])
      await runImport(store, "ethereum-etl", batchCsv(parties, batch, blockOf(batch - 3)));
    expect(await hotTransfers(store, parties.hot)).toBe(before + (batches - 1) * hotTransfersPerBatch);
    await expectSettledEqualsRebuilt(store);
  });
});
