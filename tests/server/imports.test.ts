import { readFileSync } from "node:fs";
// The importers are not re-exported by @sleuth/server's entry point yet.
import type { ImportFormat } from "@sleuth/sdk";
import type { Store } from "@sleuth/server";
import { type ImportOptions, runImport } from "@sleuth/server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openTestStore, storeKinds } from "../helpers/server.ts";

// The importers on both engines (the unit tests beside them run on PGlite only): real public data
// imported together, and the exposure an investigator expects. Fixtures: packages/server/fixtures.

const fixture = (path: string) =>
  readFileSync(new URL(`../../packages/server/fixtures/${path}`, import.meta.url), "utf8");

const imports: readonly [ImportFormat, string, ImportOptions?][] = [
  ["ethereum-etl", "raphtory-ethereum/transactions_3300000_first1000.csv"],
  ["ethereum-etl", "ethereum-etl/token_transfers_17173049.jsonl"],
  ["bitcoin-etl", "bitcoin-block-696394/transactions_selected.jsonl"],
  ["ofac-sdn", "ofac-sdn/sanctioned_addresses_USDT.txt", { asset: "USDT" }],
  ["graphsense-actorpack", "graphsense/actors/graphsense.actorpack.yaml"],
  ["graphsense-tagpack", "graphsense/packs/eosio-gambling_part2.yaml"],
  ["graphsense-tagpack", "graphsense/packs/exchange-wallets-bitfinexcom.yaml"],
  ["cryptoscamdb", "sleuth/scam-reports.yaml"],
  ["token-list", "token-lists/metamask.tokenlist.json"],
];

async function counts(store: Store) {
  const [row] = await store.query(`SELECT
    (SELECT count(*)::int FROM transactions) AS transactions,
    (SELECT count(*) || ':' || coalesce(sum(amount_raw), 0) || ':' || coalesce(sum(balance_raw), 0) FROM transfers) AS transfers,
    (SELECT count(*)::int FROM attribution_tags) AS tags,
    (SELECT count(*)::int FROM entities) AS entities,
    (SELECT count(*)::int FROM scam_report_addresses) AS scam_addresses,
    (SELECT count(*) || ':' || coalesce(sum(instances), 0) FROM address_exposure) AS exposure`);
  return row;
}

describe.each(storeKinds)("imports on %s", (kind) => {
  let store: Store;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    ({ store, dispose } = await openTestStore(kind));
  });
  afterAll(async () => {
    await dispose?.();
  });

  test("issue 3: the 2017 ethereum-etl sample with GraphSense packs shows a gambler's exposure to vDice", async () => {
    for (const [format, path, options] of imports) {
      const result = await runImport(store, format, fixture(path), options);
      expect(result.inserted, `${format} ${path}`).toBeGreaterThan(0);
    }
    // 0x885e4ca9…e8ea1 paid vDice (0x49fddeae…320d, "vDice, Gambling" in eosio-gambling_part2.yaml)
    // five times in blocks 3,300,236–3,300,262, 4.6 ether in all.
    const rows = await store.query<{ key: string; instances: number; outgoing_raw: string }>(
      `SELECT c.key, x.instances, k.outgoing_raw::text AS outgoing_raw
       FROM address_exposure x
       JOIN addresses a ON a.id = x.address_id
       JOIN categories c ON c.id = x.category_id
       JOIN address_counterparties k ON k.address_id = a.id
       JOIN addresses v ON v.id = k.counterparty_id AND v.address = '0x49fddeae0b521dab8d0c4b77e7161094f971320d'
       WHERE a.chain = 'ethereum' AND a.address = '0x885e4ca98d20a9826b59506d01e4c5637eee8ea1' AND x.risk_type = 'counterparty'`,
    );
    expect(rows).toEqual([{ key: "gambling", instances: 5, outgoing_raw: "4600000000000000000" }]);
    // bitfinex's BTC hot wallet (exchange-wallets-bitfinexcom.yaml, actor bitfinex) received in block 696,394.
    const [hot] = await store.query<{ entity: string; received: string }>(
      `SELECT e.name AS entity, sum(t.amount_raw)::text AS received FROM addresses a
       JOIN entities e ON e.id = a.entity_id JOIN transfers t ON t.address_id = a.id AND t.direction = 'incoming'
       WHERE a.chain = 'bitcoin' AND a.address = '1Kr6QSydW9bFQG1mXiPNNu6WpJGmUa9i1g' GROUP BY e.name`,
    );
    expect(hot?.entity).toBe("Bitfinex");
    expect(BigInt(hot?.received ?? "0")).toBeGreaterThan(0n);
  }, 120_000);

  test("issue 3: importing the same files again changes nothing", async () => {
    const before = await counts(store);
    for (const [format, path, options] of imports) {
      expect((await runImport(store, format, fixture(path), options)).inserted).toBe(0);
    }
    expect(await counts(store)).toEqual(before);
  }, 120_000);
});
