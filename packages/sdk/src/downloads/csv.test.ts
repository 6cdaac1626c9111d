import fc from "fast-check";
import Papa from "papaparse";
import { describe, expect, test } from "vitest";
import { type CsvColumn, neutralizeCsvCell, toCsv, toCsvRecords } from "./csv.ts";

interface Row {
  note: string;
  amount: number | null;
}
const columns: CsvColumn<Row>[] = [
  { header: "note", value: (row) => row.note },
  { header: "amount", value: (row) => row.amount },
];

const parse = (csv: string) => Papa.parse<string[]>(csv, { newline: "\r\n" }).data;

describe("001 §4 CSV export", () => {
  test("001 §4 a cell starting with =, +, -, @, tab, CR, LF or NUL gets a leading '", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r", "\n", "\0"]) {
      expect(neutralizeCsvCell(`${start}HYPERLINK("http://x")`)).toBe(`'${start}HYPERLINK("http://x")`);
    }
    expect(neutralizeCsvCell("a=b")).toBe("a=b");
    expect(neutralizeCsvCell("-18310.449307")).toBe("-18310.449307");
    expect(neutralizeCsvCell("-1+2")).toBe("'-1+2");
    expect(neutralizeCsvCell("-")).toBe("'-");
    expect(toCsv([{ note: '=1+2 "quoted"', amount: -0.5 }], columns)).toBe(
      'note,amount\r\n"\'=1+2 ""quoted""",-0.5',
    );
  });

  test("001 §4 rows keyed by their headers are written exactly as toCsv writes them", () => {
    const rows: Row[] = [
      { note: '=1+2 "quoted"', amount: -0.5 },
      { note: "a, b\r\nc", amount: null },
      { note: "-plain", amount: 3 },
    ];
    const csv = toCsv(rows, columns);
    expect(toCsvRecords(rows, ["note", "amount"], { header: true })).toBe(csv);
    expect(toCsvRecords(rows, ["note", "amount"], { header: false })).toBe(
      csv.slice("note,amount\r\n".length),
    );
  });

  test("001 §4 RFC 4180 quoting for commas, quotes and line breaks; empty cells for missing values", () => {
    expect(
      toCsv(
        [
          { note: "a,b", amount: null },
          { note: 'say "hi"\r\nbye', amount: 3 },
        ],
        columns,
      ),
    ).toBe('note,amount\r\n"a,b",\r\n"say ""hi""\r\nbye",3');
  });

  test("001 §4 every cell reads back as its neutralised text", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string({ unit: "binary" }), { minLength: 2, maxLength: 2 }), { minLength: 1 }),
        (cells) => {
          const rows = cells.map(([note = "", other = ""]) => ({ note, other }));
          const csv = toCsv(rows, [
            { header: "note", value: (row) => row.note },
            { header: "other", value: (row) => row.other },
          ]);
          expect(parse(csv)).toEqual([
            ["note", "other"],
            ...cells.map((pair) => pair.map(neutralizeCsvCell)),
          ]);
        },
      ),
    );
  });

  test("001 §4 no written cell can start a formula", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: "binary" }), { minLength: 1 }), (notes) => {
        const csv = toCsv(
          notes.map((note) => ({ note, amount: null })),
          columns,
        );
        for (const [note] of parse(csv).slice(1)) expect(note).not.toMatch(/^[=+\-@\t\r\n\0]/);
      }),
    );
  });
});
