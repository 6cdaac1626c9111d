import { addressChainUrn, type ChainId } from "@sleuth/sdk";
import { afterAll, beforeAll, expect, test } from "vitest";
import { migrate, openPgliteStore, type Store } from "../store/index.ts";
import { seedWorld } from "../world/index.ts";
import { forgetSummaryRows, summaryRowsOfUrns, summaryWireSql } from "./summaryRows.ts";

let store: Store;
let address: { chain: ChainId; address: string; balance_usd: number };

beforeAll(async () => {
  store = await openPgliteStore();
  await migrate(store);
  await seedWorld(store, { scale: "small" });
  [address] = (await store.query<typeof address>(
    "SELECT chain, address, balance_usd FROM address_summary ORDER BY address_id LIMIT 1",
  )) as [typeof address];
}, 60_000);

afterAll(async () => {
  await store?.close();
});

const urns = () => [addressChainUrn(address.chain, address.address)];
const balanceAt = async (now: number) =>
  (await summaryRowsOfUrns(store, urns(), { now }))[0]?.row.balance_usd;
// Changed behind the rollups' back (the column, then the wire text a batch reads, as refreshRollups
// prints it), so the test sees whether the store was read again.
const raiseBalance = async () => {
  const row = [address.chain, address.address];
  await store.query(
    "UPDATE address_summary SET balance_usd = balance_usd + 1 WHERE chain = $1 AND address = $2",
    row,
  );
  await store.query(
    `UPDATE address_summary SET wire = ${summaryWireSql("address_summary")} WHERE chain = $1 AND address = $2`,
    row,
  );
};

test("000 §7 a batch's summary rows serve its next calls for five seconds, then the store is read again", async () => {
  const now = Date.now();
  const before = await balanceAt(now);
  await raiseBalance();
  expect(await balanceAt(now + 4_000)).toBe(before);
  expect(await balanceAt(now + 6_000)).toBe((before ?? 0) + 1);
});

test("000 §7 forgetting the summary rows (a rollup rebuild, an import) makes the next call read the store", async () => {
  const now = Date.now();
  const remembered = await balanceAt(now);
  await raiseBalance();
  forgetSummaryRows();
  const [stored] = await store.query<{ balance_usd: number }>(
    "SELECT balance_usd FROM address_summary WHERE chain = $1 AND address = $2",
    [address.chain, address.address],
  );
  expect(stored?.balance_usd).not.toBe(remembered);
  expect(await balanceAt(now)).toBe(stored?.balance_usd);
});

test("000 §7 the metrics call reads the store every time and leaves its rows for the risk and attribution calls after it", async () => {
  const now = Date.now();
  const metricsRead = async () =>
    (await summaryRowsOfUrns(store, urns(), { recall: false, now }))[0]?.row.balance_usd;
  const first = await metricsRead();
  await raiseBalance();
  const second = await metricsRead();
  expect(second).toBe((first ?? 0) + 1);
  await raiseBalance();
  // What the second metrics read found, not the store's newer figure.
  expect(await balanceAt(now + 1_000)).toBe(second);
});

test("000 §7 a batch reads what the rollups stored: every summary row's wire text holds its own columns' values", async () => {
  const [check] = await store.query<{ rows: number; attributed: number; differing: number }>(
    `SELECT count(*)::int AS rows,
            count(*) FILTER (WHERE tags IS NOT NULL AND risk_indicators IS NOT NULL)::int AS attributed,
            count(*) FILTER (WHERE wire <> ${summaryWireSql("address_summary")})::int AS differing
     FROM address_summary`,
  );
  expect(check?.rows).toBeGreaterThan(500);
  expect(check?.attributed).toBeGreaterThan(0);
  expect(check?.differing).toBe(0);
});
