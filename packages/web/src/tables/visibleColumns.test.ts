import { describe, expect, test } from "vitest";
import { isColumnShown, visibleColumns, withColumnShown } from "./visibleColumns.ts";

const ids = (columns: readonly { id: string }[]) => columns.map((column) => column.id);

describe("000 §3 table config", () => {
  test("000 §3 no preference shows every column the view offers", () => {
    expect(ids(visibleColumns("holdings", undefined))).toEqual(["asset", "balance", "usd"]);
    expect(ids(visibleColumns("transfers", {}, ["time", "transaction", "asset"]))).toEqual([
      "time",
      "transaction",
      "asset",
    ]);
  });

  test("000 §3 the kept columns show in table order, with the fixed link column always", () => {
    const config = { counterparties: { columns: ["total", "category"] } };
    expect(ids(visibleColumns("counterparties", config))).toEqual(["counterparty", "category", "total"]);
  });

  test("000 §3 a preference keeping nothing this view offers shows every column", () => {
    const config = { transfers: { columns: ["categories"] } };
    expect(ids(visibleColumns("transfers", config, ["time", "transaction", "usd"]))).toEqual([
      "time",
      "transaction",
      "usd",
    ]);
  });

  test("000 §3 hiding a column keeps the other tables and the column order", () => {
    const config = { cases: { columns: ["name", "owner"] } };
    const next = withColumnShown(config, "holdings", "usd", false);
    expect(next).toEqual({
      cases: { columns: ["name", "owner"] },
      holdings: { columns: ["asset", "balance"] },
    });
    expect(withColumnShown(next, "holdings", "usd", true).holdings?.columns).toEqual([
      "asset",
      "balance",
      "usd",
    ]);
    expect(isColumnShown(next, "holdings", "usd")).toBe(false);
    expect(isColumnShown(next, "holdings", "asset")).toBe(true);
  });
});
