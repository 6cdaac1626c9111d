import {
  addressChainUrn,
  entityUrn,
  exportCsvHeaderLine,
  exportCsvText,
  toCsvRecords,
  transferCsvRow,
} from "@sleuth/sdk";
import {
  addressScope,
  csvNumberCellSql,
  csvTextCellSql,
  entityScope,
  exportText,
  type Store,
  type TransferScope,
  transferCsvPages,
  transferRowPages,
  transferRowSource,
} from "@sleuth/server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { awkward, generator, insertAwkwardTransfers } from "../helpers/awkwardTransfers.ts";
import { openTestStore, storeKinds } from "../helpers/server.ts";

// Issue 29: the transfer export streams CSV text the store writes itself (transferCsvSql.ts). These
// tests hold it byte for byte to the JavaScript path — transferCsvRow's 001 §3 rows through the
// SDK's writer (papaparse with the formula neutralisation, 001 §4) — over rows made to be awkward
// in every column that can vary: formula-leading cells, quotes, commas, line breaks, BOMs, spaces
// at either end, unicode, empty and missing values, the separators the page statement packs fields
// with, tiny and huge amounts, every USD spelling JavaScript has. Both stores.

/** Doubles of every magnitude and bit pattern, and the edges of Number#toString's notations. */
function manyDoubles(count: number): number[] {
  const random = generator(53);
  const view = new DataView(new ArrayBuffer(8));
  const values = [
    1e21,
    9.999999999999999e20,
    1e-6,
    1e-6 * (1 - Number.EPSILON),
    2 ** 52,
    2 ** 53,
    2 ** 53 + 2,
  ];
  values.push(Number.MAX_VALUE, Number.MIN_VALUE, Number.EPSILON, Number.NaN, Infinity, -Infinity);
  while (values.length < count) {
    view.setUint32(0, Math.floor(random() * 2 ** 32));
    view.setUint32(4, Math.floor(random() * 2 ** 32));
    const bits = view.getFloat64(0);
    const scaled = (random() - 0.5) * 10 ** Math.floor(random() * 50 - 20);
    const integer = Math.round(random() * 2 ** Math.floor(53 + random() * 30));
    values.push(bits, scaled, integer, -integer);
  }
  return values;
}

/** A cell as the SDK's writer writes it, alone on its record. */
const javascriptCell = (value: string | number) => toCsvRecords([{ v: value }], ["v"], { header: false });

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

describe.each(storeKinds)("the store's transfer CSV on %s (issue 29)", (kind) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let scopes: TransferScope[];
  const viewer = { organizationId: 1, userId: 1 };

  beforeAll(async () => {
    ({ store, dispose } = await openTestStore(kind));
    const world = await insertAwkwardTransfers(store);
    scopes = [
      await addressScope(store, addressChainUrn("ethereum", world.address)),
      await entityScope(store, entityUrn(world.entitySlug)),
    ];
  });
  afterAll(async () => {
    await dispose?.();
  });

  /** The JavaScript path: the table's rows through transferCsvRow and the SDK's writer. */
  const javascriptText = async (
    scope: TransferScope,
    window: { offset: number; limit: number },
    size: number,
  ) =>
    (await collect(transferRowPages(store, { scope, filters: {}, viewer, window, pageRows: size })))
      .map(
        (rows) =>
          `${exportCsvText("ADDRESS_TRANSFERS_CSV", rows.map(transferCsvRow), { header: false })}\r\n`,
      )
      .join("");
  const storeText = async (scope: TransferScope, window: { offset: number; limit: number }, size: number) =>
    (await collect(transferCsvPages(store, { scope, filters: {}, viewer, window, pageRows: size })))
      .map((page) => page.text)
      .join("");

  test("001 §3 §4 awkward transfer rows: the store's CSV is byte-identical to transferCsvRow through papaparse", async () => {
    for (const scope of scopes) {
      const window = { offset: 0, limit: 100_000 };
      const expected = await javascriptText(scope, window, 5_000);
      expect(expected.split("\r\n").length).toBeGreaterThan(300);
      const actual = await storeText(scope, window, 5_000);
      expect(Buffer.from(actual, "utf8").equals(Buffer.from(expected, "utf8")), scope.kind).toBe(true);
      expect(actual).toBe(expected);
    }
  });

  test("001 §4 a text cell as the store spells it is the SDK writer's cell, for thousands of awkward texts", async () => {
    const random = generator(4);
    const alphabet = [
      "=",
      "+",
      "-",
      "@",
      "\t",
      "\r",
      "\n",
      '"',
      ",",
      " ",
      "\ufeff",
      "0",
      "5",
      ".",
      "a",
      "é",
      "🚀",
      "'",
    ];
    const texts = [...awkward];
    while (texts.length < 3_000) {
      const length = Math.floor(random() * 6);
      texts.push(Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join(""));
    }
    const rows = await store.query<{ cell: string }>(
      `SELECT ${csvTextCellSql("v")} AS cell FROM unnest($1::text[]) WITH ORDINALITY AS u(v, n) ORDER BY n`,
      [texts],
    );
    expect(rows.map((row) => row.cell)).toEqual(texts.map(javascriptCell));
  });

  test("001 §3 a USD amount as the store spells it is Number#toString's, for thousands of doubles", async () => {
    const values = manyDoubles(4_000);
    const rows = await store.query<{ cell: string }>(
      `SELECT ${csvNumberCellSql("v")} AS cell FROM unnest($1::float8[]) WITH ORDINALITY AS u(v, n) ORDER BY n`,
      [values.map(String)],
    );
    expect(rows.map((row) => row.cell)).toEqual(values.map(javascriptCell));
  });

  test("001 §4 formula-leading cells come out neutralised and quoted in the store's CSV", async () => {
    const text = await storeText(scopes[0] as TransferScope, { offset: 0, limit: 100_000 }, 5_000);
    expect(text).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(text).toContain(`"'@SUM(A1)"`);
    expect(text).toContain(`"'\tTab"`);
    expect(text).toContain(`"'+1"`);
    expect(text).toContain(",-2.5,");
  });

  test("001 §9 pages cut anywhere, ties included, and a window: the same bytes a page at a time", async () => {
    for (const scope of scopes) {
      for (const [window, size] of [
        [{ offset: 0, limit: 100_000 }, 7],
        [{ offset: 13, limit: 101 }, 10],
        [{ offset: 250, limit: 100 }, 3],
      ] as const) {
        const pages = await collect(
          transferCsvPages(store, { scope, filters: {}, viewer, window, pageRows: size }),
        );
        expect(pages.reduce((sum, page) => sum + page.rows, 0)).toBe(
          Math.min(window.limit, 300 - window.offset),
        );
        expect(pages.map((page) => page.text).join("")).toBe(await javascriptText(scope, window, size));
      }
    }
  });

  test("001 §4 the export's row source writes the store's text: its pages are the JavaScript path's bytes", async () => {
    const source = transferRowSource(
      store,
      scopes[1] as TransferScope,
      { filters: {}, offset: 0, limit: 100_000 },
      viewer,
    );
    // The direct download's text (exportText) comes from the store's pages, as the job's file does.
    expect(source.csvPages).toBeDefined();
    const fromStore = (await exportText("ENTITY_TRANSFERS_CSV", source)).text;
    const fromRows = (await collect(source.pages()))
      .map((rows) => `${exportCsvText("ENTITY_TRANSFERS_CSV", rows, { header: false })}\r\n`)
      .join("");
    expect(fromStore).toBe(`${exportCsvHeaderLine("ENTITY_TRANSFERS_CSV")}${fromRows}`);
  });
});
