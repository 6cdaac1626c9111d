import Papa from "papaparse";

/** Characters that make a spreadsheet read a cell as a formula (or hide one after a line break). */
export const csvFormulaTriggers = ["=", "+", "-", "@", "\t", "\r", "\n", "\0"] as const;
/**
 * A plain negative decimal ("-0.5", an outgoing amount kept exact as text) is a number to every
 * spreadsheet, never a formula, so it is left as it is. A whole-cell pattern (without anchors) in
 * the syntax JavaScript and PostgreSQL regular expressions share, so the store's own CSV text
 * (the transfer export) applies the same exception.
 */
export const csvPlainNegativeDecimal = "-[0-9]+(\\.[0-9]+)?";
const formulaStart = new RegExp(
  `^(?!${csvPlainNegativeDecimal}$)[${csvFormulaTriggers.map((trigger) => `\\u${trigger.charCodeAt(0).toString(16).padStart(4, "0")}`).join("")}]`,
);

export type CsvCell = string | number | bigint | boolean | Date | null | undefined;

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvCell;
}

/**
 * The text a cell holds after formula neutralisation: a string starting with =, +, -, @, tab, CR,
 * LF or NUL gets a leading ' so no spreadsheet evaluates it; a plain negative decimal stays a number.
 */
export function neutralizeCsvCell(text: string): string {
  return formulaStart.test(text) ? `'${text}` : text;
}

/**
 * The one CSV writer every export uses (web download, CLI, server jobs, triage report): formula
 * neutralisation, then RFC 4180 quoting with CRLF line ends; a header row comes first.
 * Papaparse's escapeFormulae option takes our exact trigger set as a RegExp, so it does both in
 * one pass. Choice: typed numbers, bigints and booleans are written as they are (a number cannot
 * be a formula, and an outgoing amount stays -0.5 rather than '-0.5); pass amounts as numbers.
 * Dates are written as ISO 8601 UTC; null and undefined as empty cells.
 */
export function toCsv<Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[]): string {
  return Papa.unparse(
    {
      fields: columns.map((column) => column.header),
      data: rows.map((row) => columns.map((column) => column.value(row))),
    },
    csvConfig(true),
  );
}

function csvConfig(header: boolean): Papa.UnparseConfig {
  return { escapeFormulae: formulaStart, newline: "\r\n", header };
}

/**
 * toCsv for rows that hold each cell under its column's header, written as they are: the same
 * neutralisation, quoting and line ends, without building an array of cells per row (a bulk export
 * writes a hundred thousand rows). Without `header`, just the rows, for a stream that wrote it.
 */
export function toCsvRecords<Field extends string>(
  rows: readonly Readonly<Record<Field, CsvCell>>[],
  fields: readonly Field[],
  options: { header: boolean },
): string {
  return Papa.unparse(
    { fields: [...fields], data: rows as Record<Field, CsvCell>[] },
    csvConfig(options.header),
  );
}
