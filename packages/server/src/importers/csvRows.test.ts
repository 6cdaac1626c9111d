import { expect, test } from "vitest";
import { csvRows, requireColumns } from "./csvRows.ts";
import { ImportFormatError } from "./importErrors.ts";

async function collect(source: string | AsyncIterable<string>) {
  const rows = [];
  for await (const row of csvRows(source)) rows.push(row);
  return rows;
}

async function* chunked(text: string, size: number): AsyncGenerator<string> {
  for (let at = 0; at < text.length; at += size) yield text.slice(at, at + size);
}

test("importers: CSV fields are read by header name, whatever the column order", async () => {
  const rows = await collect(
    "Label, ADDRESS ,category\r\nPoloniex 2,0x209c4784ab1e8183cf58ca33cb740efbf3fc18ef, exchange \r\n",
  );
  expect(rows).toEqual([
    {
      line: 2,
      fields: {
        label: "Poloniex 2",
        address: "0x209c4784ab1e8183cf58ca33cb740efbf3fc18ef",
        category: "exchange",
      },
      problem: null,
    },
  ]);
});

test("importers: a bad CSV row is reported on the line it starts, counting quoted line breaks and blank lines", async () => {
  const text = 'address,label,category\n1A,"two\nlines",x\n\n1B,short\n1C,ok,y\n';
  // Streamed in tiny chunks, as a request body arrives.
  const rows = await collect(chunked(text, 3));
  expect(rows.map((row) => [row.line, row.fields.address, row.problem])).toEqual([
    [2, "1A", null],
    [5, "1B", "expected 3 fields as in the header, found 2"],
    [6, "1C", null],
  ]);
});

test("importers: a CSV without the columns a format needs is refused before any row is read", async () => {
  const rows = csvRows("hash,value\n0x1,2\n", (header) =>
    requireColumns(header, ["address", "label"], "an address list"),
  );
  await expect(rows.next()).rejects.toThrow(ImportFormatError);
  await expect(collect("")).rejects.toThrow(/header row/);
});
