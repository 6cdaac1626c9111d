/** Characters that make a spreadsheet read a cell as a formula (or hide one after a line break). */
export const csvFormulaTriggers = ["=", "+", "-", "@", "\t", "\r", "\n", "\0"] as const;
// A plain negative decimal ("-0.5", an outgoing amount kept exact as text) is a number to every
// spreadsheet, never a formula, so it is left as it is.
const formulaStart = /^(?!-\d+(\.\d+)?$)[=+\-@\t\r\n\0]/;

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

/** Text RFC 4180 must quote: a comma, quote or line break, a byte order mark, or an edge space. */
const needsQuotes = /[",\r\n\ufeff]|^ | $/;

/**
 * One cell as written: empty for null and undefined, ISO 8601 UTC for a date, typed numbers,
 * bigints and booleans as they are (a number cannot be a formula, and an outgoing amount stays
 * -0.5 rather than '-0.5), text through neutralizeCsvCell and quoted when neutralised or when RFC
 * 4180 needs it. These are papaparse's unparse rules with our trigger set (csv.test.ts compares the
 * two byte for byte), written out so a bulk export builds no array per row and no copy per cell.
 */
function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") {
    const safe = neutralizeCsvCell(value);
    return safe !== value || needsQuotes.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  }
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "" : value.toISOString();
  return String(value);
}

/** Rows as CRLF-separated lines (no line end after the last), each row's cells in `cells` order. */
function csvLines<Row>(
  rows: readonly Row[],
  width: number,
  cell: (row: Row, column: number) => CsvCell,
): string {
  let csv = "";
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index] as Row;
    if (index > 0) csv += "\r\n";
    for (let column = 0; column < width; column++) {
      if (column > 0) csv += ",";
      csv += csvField(cell(row, column));
    }
  }
  return csv;
}

/**
 * The header line, its names neutralised and quoted as cells are, CRLF-terminated even with no
 * rows after it (as papaparse wrote it, so an empty table's file keeps its bytes).
 */
function csvHeader(headers: readonly string[]): string {
  return headers.length === 0 ? "" : `${headers.map(csvField).join(",")}\r\n`;
}

/**
 * The one CSV writer every export uses (web download, CLI, server jobs, triage report): formula
 * neutralisation (neutralizeCsvCell), then RFC 4180 quoting with CRLF line ends; a header row
 * comes first. Dates are written as ISO 8601 UTC; null and undefined as empty cells.
 */
export function toCsv<Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[]): string {
  const headers = columns.map((column) => column.header);
  return (
    csvHeader(headers) +
    csvLines(rows, columns.length, (row, column) => (columns[column] as CsvColumn<Row>).value(row))
  );
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
  const header = options.header ? csvHeader(fields) : "";
  return header + csvLines(rows, fields.length, (row, column) => row[fields[column] as Field]);
}
