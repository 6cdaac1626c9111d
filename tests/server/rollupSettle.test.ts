import { readFileSync } from "node:fs";
import type { ImportFormat } from "@sleuth/sdk";
import { type ImportOptions, runImport, type Store, settleWrites } from "@sleuth/server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { expectSettledEqualsRebuilt } from "../helpers/rollupEquivalence.ts";
import { openTestStore, storeKinds } from "../helpers/server.ts";

// Issue 46: every import settles the read model for the keys it touched (settleRollups), never the
// whole store. The proof: after each unit of writes, every rollup table holds exactly what a full
// rebuild (refreshRollups) writes from the same base tables.

const fixture = (path: string) =>
  readFileSync(new URL(`../../packages/server/fixtures/${path}`, import.meta.url), "utf8");

// Units of writes in groups, each group followed by the comparison (a full rebuild per import would
// make the proof slower than it is stronger: a missed key stays missed after the next import).
const groups: readonly (readonly [string, ImportFormat, string, ImportOptions?])[][] = [
  [
    ["the 2017 ethereum-etl sample", "ethereum-etl", "raphtory-ethereum/transactions_3300000_first1000.csv"],
    ["ethereum-etl transactions of 2023", "ethereum-etl", "ethereum-etl/transactions_17173049.jsonl"],
    ["ethereum-etl token transfers of 2023", "ethereum-etl", "ethereum-etl/token_transfers_17173049.jsonl"],
  ],
  [
    ["a label list naming counterparties", "address-labels", "sleuth/address-labels.csv"],
    ["a GraphSense ActorPack", "graphsense-actorpack", "graphsense/actors/graphsense.actorpack.yaml"],
    [
      "a GraphSense TagPack with owners",
      "graphsense-tagpack",
      "graphsense/packs/exchange-wallets-bitfinexcom.yaml",
    ],
  ],
  [
    ["a token list", "token-list", "token-lists/metamask.tokenlist.json"],
    ["Coin Metrics ETH prices", "prices", "sleuth/prices/eth.csv", { source: "eth.csv" }],
    ["plain CSV prices", "prices", "sleuth/prices/prices.csv", { source: "prices.csv" }],
  ],
];

/**
 * Two unattributed Ethereum addresses of the demo world with the most unattributed addresses two
 * steps away: what they touch reaches indirect exposure several hops off.
 */
async function deepUnattributed(store: Store): Promise<string[]> {
  const rows = await store.query<{ address: string }>(
    `SELECT a.address FROM addresses a
     JOIN address_counterparty_totals n ON n.address_id = a.id
     JOIN address_counterparty_totals m ON m.address_id = n.counterparty_id
     WHERE a.chain = 'ethereum'
       AND NOT EXISTS (SELECT 1 FROM address_categories c WHERE c.address_id = a.id)
       AND NOT EXISTS (SELECT 1 FROM address_categories c WHERE c.address_id = n.counterparty_id)
     GROUP BY a.id, a.address ORDER BY count(*) DESC, a.id LIMIT 2`,
  );
  return rows.map((row) => row.address);
}

/** One ethereum-etl transaction line (the sample's layout) moving ether from one address to another. */
function etherTransfer(from: string, to: string): string {
  const [line] = fixture("ethereum-etl/transactions_17173049.jsonl").split("\n");
  const record = JSON.parse(line!) as Record<string, unknown>;
  return JSON.stringify({
    ...record,
    hash: `0x${"46".repeat(32)}`,
    from_address: from.toLowerCase(),
    to_address: to.toLowerCase(),
    value: 1e18,
    block_timestamp: Date.parse("2025-05-01T12:00:00Z") / 1000,
  });
}

describe.each(storeKinds)("rollups that follow the batch on %s", (kind) => {
  let store: Store;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ store, dispose } = await openTestStore(kind, { world: "small" }));
  });
  afterAll(async () => {
    await dispose?.();
  });

  // Eleven imports and five full rebuilds to compare with, on each store: the proof takes its time.
  test("issue 46 each import settles every rollup to what a full rebuild writes", {
    timeout: 300_000,
  }, async () => {
    for (const group of groups) {
      for (const [what, format, path, options] of group)
        expect((await runImport(store, format, fixture(path), options)).inserted, what).toBeGreaterThan(0);
      await expectSettledEqualsRebuilt(store);
    }
    // Demo addresses deep in unattributed paths: a transfer between two of them, then a label on one.
    const [first, second] = await deepUnattributed(store);
    expect(second).toBeDefined();
    const deep: [string, ImportFormat, string][] = [
      ["a transfer between unattributed demo addresses", "ethereum-etl", etherTransfer(first!, second!)],
      [
        "a label on an unattributed demo address",
        "address-labels",
        `address,label,category,chain\n${first},Seized wallet,mixer,ethereum\n`,
      ],
    ];
    for (const [what, format, text] of deep) {
      expect((await runImport(store, format, text)).inserted, what).toBeGreaterThan(0);
      await expectSettledEqualsRebuilt(store);
    }
    // Issue 43: the imported transfer has no USD price (no imported ETH price that day); the label
    // made its sender a mixer, so the receiver's exposure counts it as unpriced instead of $0.
    const [exposure] = await store.query<{ instances: number; unpriced: number }>(
      `SELECT x.instances, x.unpriced FROM address_exposure x
       JOIN addresses a ON a.id = x.address_id
       JOIN address_categories c ON c.category_id = x.category_id
       JOIN addresses labelled ON labelled.id = c.address_id
       WHERE a.chain = 'ethereum' AND a.address = $1 AND labelled.chain = 'ethereum' AND labelled.address = $2
         AND x.risk_type = 'counterparty'`,
      [second, first],
    );
    expect(exposure?.unpriced).toBeGreaterThan(0);
    expect(exposure!.unpriced).toBeLessThanOrEqual(exposure!.instances);
    // The imports reached the read model: the sample's addresses have summaries with USD prices.
    const [priced] = await store.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM address_summary WHERE incoming_usd > 0 AND chain = 'ethereum' AND address LIKE '0x%'",
    );
    expect(priced!.n).toBeGreaterThan(0);
  });

  test("issue 46 an address moved from one entity to another settles both entities and its counterparties", {
    timeout: 60_000,
  }, async () => {
    // A demo address with the most counterparties among those an entity owns, moved to another entity.
    const [moved] = await store.query<{ id: number; entity_id: number; counterparties: number }>(
      `SELECT a.id, a.entity_id, count(*)::int AS counterparties
       FROM addresses a JOIN address_counterparty_totals c ON c.address_id = a.id
       WHERE a.entity_id IS NOT NULL GROUP BY a.id ORDER BY count(*) DESC, a.id LIMIT 1`,
    );
    const [other] = await store.query<{ id: number }>(
      "SELECT id FROM entities WHERE id <> $1 AND category_id <> (SELECT category_id FROM entities WHERE id = $1) ORDER BY id LIMIT 1",
      [moved!.entity_id],
    );
    expect(moved!.counterparties).toBeGreaterThan(1);
    const before = await store.query<{ entity_id: number; addresses: number }>(
      "SELECT entity_id, addresses FROM entity_summary WHERE entity_id = ANY($1::int[]) ORDER BY entity_id",
      [[moved!.entity_id, other!.id]],
    );
    await store.transaction(async (tx) => {
      await tx.query("UPDATE addresses SET entity_id = $2 WHERE id = $1", [moved!.id, other!.id]);
      await settleWrites(
        tx,
        { addressIds: new Set(), attribution: false, attributedAddressIds: new Set([Number(moved!.id)]) },
        null,
      );
    });
    const after = await store.query<{ entity_id: number; addresses: number }>(
      "SELECT entity_id, addresses FROM entity_summary WHERE entity_id = ANY($1::int[]) ORDER BY entity_id",
      [[moved!.entity_id, other!.id]],
    );
    const count = (rows: typeof before, id: number) =>
      Number(rows.find((row) => row.entity_id === id)!.addresses);
    expect(count(after, moved!.entity_id)).toBe(count(before, moved!.entity_id) - 1);
    expect(count(after, other!.id)).toBe(count(before, other!.id) + 1);
    await expectSettledEqualsRebuilt(store);
  });
});
