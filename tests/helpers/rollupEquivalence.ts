import { refreshRollups, type Store } from "@sleuth/server";
import { expect } from "vitest";

// Issue 46: the read model a unit of writes settles (settleRollups, addedRollups) must equal what a
// full rebuild (refreshRollups) writes from the same base tables, table by table, row for row.

/** Every table the rollups write, and what they copy onto the base tables. */
const rollupContent: Readonly<Record<string, string>> = {
  address_categories: "SELECT * FROM address_categories",
  address_balances: "SELECT * FROM address_balances",
  address_daily_flows: "SELECT * FROM address_daily_flows",
  entity_daily_flows: "SELECT * FROM entity_daily_flows",
  address_counterparties: "SELECT * FROM address_counterparties",
  address_counterparty_totals: "SELECT * FROM address_counterparty_totals",
  entity_counterparty_totals: "SELECT * FROM entity_counterparty_totals",
  entity_counterparties: "SELECT * FROM entity_counterparties",
  address_category_daily: "SELECT * FROM address_category_daily",
  entity_category_daily: "SELECT * FROM entity_category_daily",
  address_exposure: "SELECT * FROM address_exposure",
  entity_exposure: "SELECT * FROM entity_exposure",
  address_summary: "SELECT * FROM address_summary",
  entity_summary: "SELECT * FROM entity_summary",
  chain_summary: "SELECT * FROM chain_summary",
  "addresses (first and last active)": "SELECT id, first_active, last_active FROM addresses",
  "transfers (owners)": "SELECT id, entity_id, counterparty_entity_id FROM transfers",
};

// Sums of the same doubles in another order may differ in the last bits; twelve significant digits
// tell every real difference apart.
const steady = (value: unknown): unknown => {
  if (typeof value === "number" && !Number.isInteger(value)) return Number(value.toPrecision(12));
  if (typeof value === "string")
    return value.replace(/\d+\.\d{12,}/g, (n) => String(Number(Number(n).toPrecision(12))));
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(steady);
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, steady(inner)]));
  return value;
};

/** Each rollup table's rows, as sorted lines. */
async function dump(store: Store): Promise<Record<string, string[]>> {
  const tables: Record<string, string[]> = {};
  for (const [table, sql] of Object.entries(rollupContent)) {
    const rows = await store.query(sql);
    tables[table] = rows.map((row) => JSON.stringify(steady(row))).sort();
  }
  return tables;
}

/** A row's fields that differ from the other's. */
function fieldsApart(settled: string, rebuilt: string): Record<string, [unknown, unknown]> {
  const a = JSON.parse(settled) as Record<string, unknown>;
  const b = JSON.parse(rebuilt) as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(b)
      .filter((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]))
      .map((key) => [key, [a[key], b[key]]]),
  );
}

/** The tables whose content differs between the two dumps, with the first differing lines of each. */
function differences(settled: Record<string, string[]>, rebuilt: Record<string, string[]>) {
  const found: Record<string, unknown> = {};
  for (const table of Object.keys(rebuilt)) {
    const a = new Set(settled[table]);
    const b = new Set(rebuilt[table]);
    const onlySettled = [...a].filter((line) => !b.has(line));
    const onlyRebuilt = [...b].filter((line) => !a.has(line));
    if (onlySettled.length + onlyRebuilt.length === 0 && settled[table]!.length === rebuilt[table]!.length)
      continue;
    found[table] = {
      rows: b.size,
      onlySettled: onlySettled.length,
      onlyRebuilt: onlyRebuilt.slice(0, 2),
      // The same key (first column) on both sides: which fields differ.
      apart: onlyRebuilt.slice(0, 3).map((line) => {
        const key = JSON.stringify(Object.values(JSON.parse(line) as object)[0]);
        const other = onlySettled.find(
          (candidate) => JSON.stringify(Object.values(JSON.parse(candidate) as object)[0]) === key,
        );
        return other ? fieldsApart(other, line) : "missing";
      }),
    };
  }
  return found;
}

/** The settled rollups, then a full rebuild from the same base tables: no table may differ. */
export async function expectSettledEqualsRebuilt(store: Store): Promise<void> {
  const settled = await dump(store);
  await refreshRollups(store, { owners: true });
  const rebuilt = await dump(store);
  expect(differences(settled, rebuilt)).toEqual({});
}
