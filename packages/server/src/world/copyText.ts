import type { CellValue, Row } from "./tables.ts";

// PostgreSQL's COPY text format: tab-separated columns, \N for NULL, backslash escapes.

function escapeText(value: string): string {
  return value.replace(/[\\\t\n\r]/g, (char) =>
    char === "\\" ? "\\\\" : char === "\t" ? "\\t" : char === "\n" ? "\\n" : "\\r",
  );
}

function cell(value: CellValue): string {
  if (value === null) return "\\N";
  switch (typeof value) {
    case "string":
      return escapeText(value);
    case "boolean":
      return value ? "t" : "f";
    case "bigint":
      return value.toString();
    case "number":
      if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
      return String(value);
    default:
      return escapeText(JSON.stringify(value));
  }
}

/** The rows as one COPY text payload, one line per row. */
export function copyText(rows: readonly Row[]): string {
  let text = "";
  for (const row of rows) text += `${row.map(cell).join("\t")}\n`;
  return text;
}

const identifier = /^[a-z_][a-z0-9_]*$/;

/** `COPY table (columns) FROM <source>` with checked identifiers. */
export function copyStatement(table: string, columns: readonly string[], source: string): string {
  for (const name of [table, ...columns]) {
    if (!identifier.test(name)) throw new RangeError(`Not a plain SQL identifier: ${name}`);
  }
  return `COPY ${table} (${columns.join(", ")}) FROM ${source}`;
}
