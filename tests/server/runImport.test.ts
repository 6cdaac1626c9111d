import { readFileSync } from "node:fs";
import type { ImportFormat } from "@sleuth/sdk";
import type { ImportOptions } from "@sleuth/server";
import { migrate, openPgliteStore, runImport, type Store } from "@sleuth/server";
import { afterAll, beforeAll, expect, test } from "vitest";

// Real public data imported together, as an investigator would: the 2017 ethereum-etl sample
// (raphtory-ethereum, first 1,000 transactions of blocks 3,300,000+), the OFAC SDN lists and
// GraphSense TagPacks and ActorPack. Fixtures: packages/server/fixtures/SOURCE.md.

const fixture = (path: string) =>
  readFileSync(new URL(`../../packages/server/fixtures/${path}`, import.meta.url), "utf8");

const imports: readonly [ImportFormat, string, ImportOptions?][] = [
  ["token-list", "token-lists/metamask.tokenlist.json"],
  ["ethereum-etl", "raphtory-ethereum/transactions_3300000_first1000.csv"],
  ["ethereum-etl", "ethereum-etl/transactions_17173049.jsonl"],
  ["ethereum-etl", "ethereum-etl/token_transfers_17173049.jsonl"],
  ["bitcoin-etl", "bitcoin-block-696394/transactions_selected.jsonl"],
  ["ofac-sdn", "ofac-sdn/sanctioned_addresses.csv"],
  ["graphsense-actorpack", "graphsense/actors/graphsense.actorpack.yaml"],
  ["graphsense-tagpack", "graphsense/packs/eosio-gambling_part2.yaml"],
  ["graphsense-tagpack", "graphsense/packs/etherscan-wordcloud-exchange.yaml"],
  ["graphsense-tagpack", "graphsense/packs/etherscan-wordcloud-miner.yaml"],
  ["graphsense-tagpack", "graphsense/packs/exchange-wallets-bitfinexcom.yaml"],
  ["graphsense-tagpack", "graphsense/packs/tornado_cash.yaml"],
  ["graphsense-tagpack", "graphsense/packs/usdt_blacklist.yaml"],
  ["cryptoscamdb", "sleuth/scam-reports.yaml"],
];

let store: Store;

beforeAll(async () => {
  store = await openPgliteStore();
  await migrate(store);
});

afterAll(async () => {
  await store?.close();
});

async function importAll(target: Store) {
  const results = [];
  for (const [format, path, options] of imports)
    results.push(await runImport(target, format, fixture(path), options));
  return results;
}

/** Everything an import writes, summed up: equal digests mean equal stores for these tests. */
async function digest(target: Store) {
  const [row] = await target.query(`SELECT
    (SELECT count(*) FROM transactions) AS transactions,
    (SELECT count(*) || ':' || coalesce(sum(amount_raw), 0) || ':' || coalesce(sum(balance_raw), 0) FROM transfers) AS transfers,
    (SELECT count(*) || ':' || count(entity_id) FROM addresses) AS addresses,
    (SELECT count(*) FROM attribution_tags) AS tags,
    (SELECT count(*) FROM entities) AS entities,
    (SELECT count(*) FROM categories) AS categories,
    (SELECT count(*) FROM assets) AS assets,
    (SELECT count(*) FROM scam_reports) AS scam_reports,
    (SELECT count(*) || ':' || coalesce(sum(instances), 0) FROM address_exposure) AS exposure,
    (SELECT count(*) FROM world_loads) AS loads`);
  return row;
}

async function exposureOf(address: string) {
  return store.query<{ key: string; outgoing: number; instances: number }>(
    `SELECT c.key, x.instances, ac.outgoing_transfers AS outgoing
     FROM address_exposure x
     JOIN addresses a ON a.id = x.address_id
     JOIN categories c ON c.id = x.category_id
     JOIN LATERAL (
       SELECT sum(k.outgoing_transfers)::int AS outgoing_transfers FROM address_counterparties k
       JOIN address_categories ck ON ck.address_id = k.counterparty_id AND ck.category_id = x.category_id
       WHERE k.address_id = a.id
     ) ac ON true
     WHERE a.chain = 'ethereum' AND a.address = $1 AND x.risk_type = 'counterparty'
     ORDER BY c.key`,
    [address],
  );
}

test("issue 3: an address that paid a tagged gambling service shows it as counterparty exposure", async () => {
  const results = await importAll(store);
  expect(results.map((result) => result.inserted).every((inserted) => inserted > 0)).toBe(true);

  // 0x885e4ca9…e8ea1 sent 1 + 1 + 1.1 + 1 + 0.5 ether to vDice (0x49fddeae…320d) in blocks
  // 3,300,236–3,300,262; GraphSense's eosio-gambling_part2.yaml tags vDice as gambling.
  const player = "0x885e4ca98d20a9826b59506d01e4c5637eee8ea1";
  expect(await exposureOf(player)).toEqual([{ key: "gambling", instances: 5, outgoing: 5 }]);
  const [paid] = await store.query<{ outgoing_raw: string; counterparty: string }>(
    `SELECT k.outgoing_raw::text, c.address AS counterparty FROM address_counterparties k
     JOIN addresses a ON a.id = k.address_id JOIN addresses c ON c.id = k.counterparty_id
     WHERE a.address = $1`,
    [player],
  );
  expect(paid).toEqual({
    outgoing_raw: "4600000000000000000",
    counterparty: "0x49fddeae0b521dab8d0c4b77e7161094f971320d",
  });

  // 0x45857089…2bfe paid Poloniex 2 (0x209c4784…18ef, tagged exchange) twice, and was paid once by
  // a mining pool that etherscan-wordcloud-miner.yaml tags.
  expect(await exposureOf("0x45857089358bc54891067319e8c0b60a5a552bfe")).toEqual([
    { key: "exchange", instances: 2, outgoing: 2 },
    { key: "miner", instances: 1, outgoing: 0 },
  ]);
}, 120_000);

test("issue 3: OFAC-listed addresses are sanctioned; a pack's actor owns its addresses", async () => {
  // Tornado Cash's router: on the OFAC SDN ETH list, and in GraphSense's tornado_cash.yaml (actor tornado).
  const rows = await store.query<{ key: string; label: string; entity: string | null }>(
    `SELECT c.key, t.label, e.name AS entity FROM attribution_tags t
     JOIN addresses a ON a.id = t.address_id JOIN categories c ON c.id = t.category_id
     LEFT JOIN entities e ON e.id = a.entity_id
     WHERE a.chain = 'ethereum' AND a.address = '0x8589427373d6d84e98730d7795d8f6f8731fda16' ORDER BY c.key`,
  );
  expect(rows).toEqual([
    { key: "mixing_service", label: "tornado.cash", entity: "Tornado Cash" },
    { key: "sanction", label: "OFAC SDN list", entity: "Tornado Cash" },
  ]);
  // A Tron address from the OFAC USDT list (Tether on Tron).
  const [tron] = await store.query<{ key: string }>(
    `SELECT c.key FROM attribution_tags t JOIN addresses a ON a.id = t.address_id JOIN categories c ON c.id = t.category_id
     WHERE a.chain = 'tron' AND a.address = 'TEAqwfMhXLaomXhZ8KeMhx3njGmQEDnsUR'`,
  );
  expect(tron).toEqual({ key: "sanction" });
  // `black_list` is not a GraphSense concept: kept as a category of its own.
  const [kept] = await store.query<{ origin: string; name: string }>(
    "SELECT origin, name FROM categories WHERE key = 'black_list'",
  );
  expect(kept).toEqual({ origin: "imported", name: "Black list" });
});

test("issue 3: importing the same files again changes nothing", async () => {
  const before = await digest(store);
  const results = await importAll(store);
  expect(results.map((result) => result.inserted)).toEqual(imports.map(() => 0));
  expect(await digest(store)).toEqual(before);
}, 120_000);

test("issue 3: an import that fails half-way leaves nothing written", async () => {
  const before = await digest(store);
  // The store fails on the import's last write (recording it), after every row and rollup was written.
  const failing: Store = {
    ...store,
    transaction: (fn) =>
      store.transaction((tx) =>
        fn({
          query: (sql, params) => {
            if (sql.startsWith("INSERT INTO world_loads")) throw new Error("disk full");
            return tx.query(sql, params);
          },
          exec: (sql) => tx.exec(sql),
        }),
      ),
  };
  const transactions = fixture("ethereum-etl/transactions_17173049_first40.csv").split("\n");
  // Other hashes than the imported ones, so the rows are new.
  const fresh = [
    transactions[0],
    ...transactions.slice(1).map((line) => line.replace(/^0x[0-9a-f]{4}/, "0xfeed")),
  ].join("\n");
  await expect(runImport(failing, "ethereum-etl", fresh, { batchSize: 10 })).rejects.toThrow("disk full");
  expect(await digest(store)).toEqual(before);
}, 120_000);

test("importers: a file of the wrong format is refused whole", async () => {
  const before = await digest(store);
  await expect(runImport(store, "ethereum-etl", fixture("sleuth/address-labels.csv"))).rejects.toThrow(
    /Not an ethereum-etl export/,
  );
  await expect(
    runImport(store, "bitcoin-etl", fixture("ethereum-etl/transactions_17173049.jsonl"), {
      chain: "ethereum",
    }),
  ).rejects.toThrow(/UTXO chains/);
  expect(await digest(store)).toEqual(before);
});

test("importers: a token_transfers.csv row whose transaction the store lacks is skipped and writes nothing", async () => {
  const before = await digest(store);
  // Block 483,920 is not in the store, and token_transfers.csv carries no block time.
  const result = await runImport(store, "ethereum-etl", fixture("ethereum-etl/token_transfers_483920.csv"));
  expect(result).toMatchObject({ inserted: 0, unchanged: 0, skippedCount: 2 });
  expect(result.skipped[0]).toEqual({
    line: 2,
    reason:
      "transaction 0x04cbcb236043d8fb7839e07bbc7f5eed692fb2ca55d897f1101eac3e3ad4fab8 is not in the store and the row gives no block time: import its transactions first",
  });
  expect(await digest(store)).toEqual(before);
});
