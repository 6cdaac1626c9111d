import { readFileSync } from "node:fs";
import { assetUrn, transferUsdCents } from "@sleuth/sdk";
import type { Store } from "@sleuth/server";
import { runImport } from "@sleuth/server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { busiestAddressOf, sample2017File } from "../helpers/pricedSample.ts";
import { openTestStore, storeKinds } from "../helpers/server.ts";

// Issue 43: prices as data with a source, on both stores. The price fixtures
// (packages/server/fixtures/sleuth/prices) are written for these tests in the layouts of Coin Metrics,
// CoinGecko and a plain CSV; their values are invented, not market data.

const fixture = (path: string) =>
  readFileSync(new URL(`../../packages/server/fixtures/${path}`, import.meta.url), "utf8");

const wethUrn = assetUrn("ethereum", "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2");

async function priceRows(store: Store, symbol: string) {
  return store.query<{ day: string; usd: number; origin: string; source: string }>(
    `SELECT to_char(p.day, 'YYYY-MM-DD') AS day, p.usd, p.origin, p.source FROM asset_prices p
     JOIN assets s ON s.id = p.asset_id WHERE s.chain = 'ethereum' AND s.symbol = $1 ORDER BY p.day`,
    [symbol],
  );
}

/** The busiest address's transfers with their USD, and what the exact rule says each should be. */
async function pricedTransfers(store: Store, address: string) {
  const rows = await store.query<{
    amount_raw: string;
    decimals: number;
    usd: number | null;
    price: string | null;
  }>(
    `SELECT t.amount_raw::text, s.decimals, t.amount_usd AS usd, p.usd::numeric::text AS price
     FROM transfers t JOIN addresses a ON a.id = t.address_id JOIN assets s ON s.id = t.asset_id
     LEFT JOIN asset_prices p ON p.asset_id = t.asset_id AND p.day = (t.block_timestamp AT TIME ZONE 'UTC')::date
     WHERE a.chain = 'ethereum' AND a.address = $1`,
    [address],
  );
  return rows;
}

describe.each(storeKinds)("prices on %s", (kind) => {
  let store: Store;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    ({ store, dispose } = await openTestStore(kind));
  });
  afterAll(async () => {
    await dispose?.();
  });

  test("issue 43 Coin Metrics CSV, CoinGecko JSON and plain CSV import with their source", async () => {
    const coinMetrics = await runImport(store, "prices", fixture("sleuth/prices/eth.csv"), {
      source: "eth.csv",
    });
    expect(coinMetrics.inserted).toBe(3);
    // The last row's PriceUSD is empty, as in Coin Metrics' own files.
    expect(coinMetrics.skipped).toEqual([{ line: 5, reason: "2017-03-08: no price" }]);
    const coinGecko = await runImport(store, "prices", fixture("sleuth/prices/ethereum.json"), {
      source: "ethereum.json",
      asset: "ETH",
    });
    // Two points on 2023-05-13: the later one wins.
    expect(coinGecko.inserted).toBe(3);
    const rows = await priceRows(store, "ETH");
    expect(rows.map((row) => [row.day, row.usd, row.origin, row.source])).toEqual([
      ["2017-03-05", 19.2518336201457, "import", "eth.csv, Coin Metrics CSV"],
      ["2017-03-06", 19.7310011223344, "import", "eth.csv, Coin Metrics CSV"],
      ["2017-03-07", 19.0043, "import", "eth.csv, Coin Metrics CSV"],
      ["2023-05-11", 1837.2914551125, "import", "ethereum.json, CoinGecko market_chart JSON"],
      ["2023-05-12", 1793.0188301, "import", "ethereum.json, CoinGecko market_chart JSON"],
      ["2023-05-13", 1801.25, "import", "ethereum.json, CoinGecko market_chart JSON"],
    ]);
    const plain = await runImport(store, "prices", fixture("sleuth/prices/prices.csv"), {
      source: "prices.csv",
    });
    expect(plain.inserted).toBe(2);
    expect([...plain.skipped].sort((a, b) => a.line - b.line)).toEqual([
      { line: 4, reason: 'no asset "NOSUCHCOIN" in the store' },
      { line: 5, reason: '2023-05-02: price "-1" is not a decimal number' },
      { line: 6, reason: '"not-a-day" is not a day (YYYY-MM-DD)' },
    ]);
    expect((await priceRows(store, "USDT")).map((row) => [row.day, row.usd, row.source])).toEqual([
      ["2023-05-02", 1.0002, "prices.csv, CSV date,asset,price_usd"],
    ]);
    // Importing the same file again changes nothing.
    expect(
      (await runImport(store, "prices", fixture("sleuth/prices/eth.csv"), { source: "eth.csv" })).inserted,
    ).toBe(0);
  });

  test("issue 43 a one-asset price file without a known asset is refused whole", async () => {
    await expect(runImport(store, "prices", fixture("sleuth/prices/ethereum.json"))).rejects.toThrow(
      /needs its asset/,
    );
    await expect(
      runImport(store, "prices", fixture("sleuth/prices/eth.csv"), { asset: "NOSUCHCOIN" }),
    ).rejects.toThrow(/No asset "NOSUCHCOIN"/);
  });
});

describe.each(storeKinds)("re-pricing on %s", (kind) => {
  let store: Store;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    ({ store, dispose } = await openTestStore(kind));
  });
  afterAll(async () => {
    await dispose?.();
  });

  test("issue 43 prices arriving after the 2017 sample re-price its transfers and rollups to the cent", async () => {
    await runImport(store, "ethereum-etl", readFileSync(sample2017File, "utf8"));
    const busiest = busiestAddressOf(sample2017File);
    const before = await pricedTransfers(store, busiest);
    expect(before.length).toBeGreaterThan(100);
    expect(before.every((row) => row.usd === null)).toBe(true);
    const [unpriced] = await store.query<{ usd: number; unpriced: number }>(
      `SELECT s.incoming_usd + s.outgoing_usd AS usd, (s.incoming_unpriced + s.outgoing_unpriced)::int AS unpriced
       FROM address_summary s WHERE s.chain = 'ethereum' AND s.address = $1`,
      [busiest],
    );
    expect(unpriced).toEqual({ usd: 0, unpriced: before.length });

    await runImport(store, "prices", fixture("sleuth/prices/eth.csv"), { source: "eth.csv" });
    const after = await pricedTransfers(store, busiest);
    let cents = 0n;
    for (const row of after) {
      const expected = transferUsdCents(BigInt(row.amount_raw), row.decimals, row.price!);
      expect(Math.round(row.usd! * 100)).toBe(Number(expected));
      cents += expected;
    }
    const [summary] = await store.query<{ usd: number; unpriced: number }>(
      `SELECT s.incoming_usd + s.outgoing_usd AS usd, (s.incoming_unpriced + s.outgoing_unpriced)::int AS unpriced
       FROM address_summary s WHERE s.chain = 'ethereum' AND s.address = $1`,
      [busiest],
    );
    expect(Math.round(summary!.usd * 100)).toBe(Number(cents));
    expect(summary!.unpriced).toBe(0);
  });

  test("issue 43 token decimals imported later re-apply to stored transfers", async () => {
    await runImport(store, "ethereum-etl", fixture("ethereum-etl/token_transfers_17173049.jsonl"));
    await runImport(store, "prices", `date,asset,price_usd\n2023-05-02,${wethUrn},1870.5\n`);
    const raw = await store.query<{ amount_raw: string; usd: number }>(
      `SELECT t.amount_raw::text, t.amount_usd AS usd FROM transfers t JOIN assets s ON s.id = t.asset_id
       WHERE s.urn = $1 ORDER BY t.id LIMIT 1`,
      [wethUrn],
    );
    // Until a token list names its decimals, WETH moves in raw units (decimals 0).
    expect(raw[0]!.usd).toBe(Number(transferUsdCents(BigInt(raw[0]!.amount_raw), 0, "1870.5")) / 100);
    await runImport(store, "token-list", fixture("token-lists/metamask.tokenlist.json"));
    const [scaled] = await store.query<{ usd: number; symbol: string }>(
      `SELECT t.amount_usd AS usd, s.symbol FROM transfers t JOIN assets s ON s.id = t.asset_id
       WHERE s.urn = $1 ORDER BY t.id LIMIT 1`,
      [wethUrn],
    );
    expect(scaled!.symbol).toBe("WETH");
    expect(scaled!.usd).toBe(Number(transferUsdCents(BigInt(raw[0]!.amount_raw), 18, "1870.5")) / 100);
  });
});

describe.each(storeKinds)("the demo world's prices on %s", (kind) => {
  let store: Store;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    ({ store, dispose } = await openTestStore(kind, { world: "small" }));
  }, 120_000);
  afterAll(async () => {
    await dispose?.();
  });

  test("issue 43 a demo-world store that imports a real 2023 block prices nothing from the demo walk", async () => {
    // The small world's walk starts later than the block's day: give that day a demo price, as a
    // longer world has, written the way the world writes its prices (no origin or source named).
    await store.query(
      `INSERT INTO asset_prices (asset_id, day, usd)
       SELECT id, '2023-05-02', 1200 FROM assets WHERE chain = 'ethereum' AND contract = 'native'
       ON CONFLICT DO NOTHING`,
    );
    const demo = await priceRows(store, "ETH");
    expect(demo.find((row) => row.day === "2023-05-02")).toMatchObject({
      origin: "demo",
      source: "demo world",
    });
    await runImport(store, "ethereum-etl", fixture("ethereum-etl/transactions_17173049.jsonl"));
    const imported = `SELECT count(*)::int AS transfers, count(t.amount_usd)::int AS priced FROM transfers t
      WHERE EXISTS (SELECT 1 FROM import_movements m WHERE m.transaction_id = t.transaction_id)`;
    const [before] = await store.query<{ transfers: number; priced: number }>(imported);
    expect(before!.transfers).toBeGreaterThan(0);
    expect(before!.priced).toBe(0);
    // An imported price replaces the demo price of its day and prices the imported transfers.
    await runImport(store, "prices", fixture("sleuth/prices/prices.csv"), { source: "prices.csv" });
    const [after] = await store.query<{ transfers: number; priced: number }>(imported);
    expect(after!.priced).toBeGreaterThan(0);
    expect((await priceRows(store, "ETH")).find((row) => row.day === "2023-05-02")).toMatchObject({
      usd: 1871.12345,
      origin: "import",
      source: "prices.csv, CSV date,asset,price_usd",
    });
  }, 120_000);
});
