import { copyRows, openPgliteStore, type Store, withBulkTransaction } from "@sleuth/server";
import { afterAll, beforeAll, expect, test } from "vitest";

let store: Store;

beforeAll(async () => {
  store = await openPgliteStore();
  await store.exec(
    "CREATE TABLE copied (id bigint, label text, amount numeric(78, 0), details jsonb, flag boolean)",
  );
});

afterAll(async () => {
  await store?.close();
});

test("issue 3: COPY keeps text, NULL, JSON and amounts above 2^64 exactly", async () => {
  const amount = 2n ** 200n + 7n;
  await copyRows(
    store,
    "copied",
    ["id", "label", "amount", "details", "flag"],
    [
      [1, 'tab\there, line\nbreak, back\\slash, quote "', amount, { note: "a\tb" }, true],
      [2, null, 0n, null, false],
    ],
  );
  const rows = await store.query<{
    id: number;
    label: string | null;
    amount: string;
    details: unknown;
    flag: boolean;
  }>("SELECT id, label, amount::text AS amount, details, flag FROM copied ORDER BY id");
  expect(rows).toEqual([
    {
      id: 1,
      label: 'tab\there, line\nbreak, back\\slash, quote "',
      amount: amount.toString(),
      details: { note: "a\tb" },
      flag: true,
    },
    { id: 2, label: null, amount: "0", details: null, flag: false },
  ]);
});

test("issue 3: a failed bulk load leaves nothing half-written", async () => {
  await expect(
    withBulkTransaction(store, async (session) => {
      await session.copyRows("copied", ["id", "label"], [[10, "kept?"]]);
      throw new Error("load failed");
    }),
  ).rejects.toThrow("load failed");
  expect(await store.query("SELECT 1 FROM copied WHERE id = 10")).toEqual([]);
});
