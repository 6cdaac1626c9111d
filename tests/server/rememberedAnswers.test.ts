import { addressChainUrn, type ChainId } from "@sleuth/sdk";
import type { Store } from "@sleuth/server";
import {
  forgetSummaryRows,
  summaryAnswersOfUrns,
  summaryAnswersText,
  summaryRowOf,
  summaryValuesSql,
} from "@sleuth/server";
import { afterAll, beforeAll, expect, test } from "vitest";
import { openTestStore } from "../helpers/server.ts";

let store: Store;
let dispose: () => Promise<void>;
let address: { chain: ChainId; address: string };

beforeAll(async () => {
  ({ store, dispose } = await openTestStore("pglite", { world: "small" }));
  [address] = (await store.query<typeof address>(
    "SELECT chain, address FROM address_summary ORDER BY address_id LIMIT 1",
  )) as [typeof address];
});

afterAll(async () => {
  await dispose?.();
});

// Every summary row's values, as refreshRollups reads them to print its answers.
const valuesSql = summaryValuesSql("address_summary");

const urns = () => [addressChainUrn(address.chain, address.address)];
const balanceOf = (answers: { balance: string } | undefined) =>
  answers ? (JSON.parse(`{${answers.balance}}`) as { balanceAmountUsd: number }).balanceAmountUsd : undefined;
const balanceAt = async (now: number) =>
  balanceOf((await summaryAnswersOfUrns(store, urns(), { now }))[0]?.answers);
// Changed behind the rollups' back (the column, then the answers printed from it, as refreshRollups
// prints them), so the test sees whether the store was read again.
const raiseBalance = async () => {
  const key = [address.chain, address.address];
  const [row] = await store.query<{ values: string }>(
    `SELECT ${valuesSql} AS values FROM address_summary WHERE chain = $1 AND address = $2`,
    key,
  );
  const values = summaryRowOf(JSON.parse(row!.values) as unknown[]);
  values.balance_usd = (values.balance_usd ?? 0) + 1;
  await store.query(
    "UPDATE address_summary SET balance_usd = $3, answers = $4 WHERE chain = $1 AND address = $2",
    [...key, values.balance_usd, summaryAnswersText(values)],
  );
};

test("000 §7 a batch's summary rows serve its next calls for five seconds, then the store is read again", async () => {
  const now = Date.now();
  const before = await balanceAt(now);
  await raiseBalance();
  expect(await balanceAt(now + 4_000)).toBe(before);
  expect(await balanceAt(now + 6_000)).toBeCloseTo((before ?? 0) + 1, 2);
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
  // The answers print the balance in cents (000 §3).
  expect(remembered).not.toBeCloseTo(stored!.balance_usd, 2);
  expect(await balanceAt(now)).toBeCloseTo(stored!.balance_usd, 2);
});

test("000 §7 the metrics call reads the store every time and leaves its rows for the risk and attribution calls after it", async () => {
  const now = Date.now();
  const metricsRead = async () =>
    balanceOf((await summaryAnswersOfUrns(store, urns(), { recall: false, now }))[0]?.answers);
  const first = await metricsRead();
  await raiseBalance();
  const second = await metricsRead();
  expect(second).toBeCloseTo((first ?? 0) + 1, 2);
  await raiseBalance();
  // What the second metrics read found, not the store's newer figure.
  expect(await balanceAt(now + 1_000)).toBe(second);
});

test("000 §7 a batch reads what the rollups stored: every summary row's answers are printed from its own columns", async () => {
  const rows = await store.query<{ values: string; answers: string; attributed: boolean }>(
    `SELECT ${valuesSql} AS values, answers, tags IS NOT NULL AND risk_indicators IS NOT NULL AS attributed
     FROM address_summary`,
  );
  expect(rows.length).toBeGreaterThan(500);
  expect(rows.some((row) => row.attributed)).toBe(true);
  const differing = rows.filter(
    (row) => summaryAnswersText(summaryRowOf(JSON.parse(row.values) as unknown[])) !== row.answers,
  );
  expect(differing).toEqual([]);
});
