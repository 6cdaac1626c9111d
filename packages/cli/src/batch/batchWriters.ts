import { once } from "node:events";
import { type CsvCell, toCsvRecords } from "@sleuth/sdk";
import type { OutputStream } from "../io.ts";
import { type BatchRow, batchFields } from "./batchRow.ts";

export const batchFormats = ["csv", "json", "ndjson"] as const;
export type BatchFormat = (typeof batchFormats)[number];

/** Writes rows as they come, so output starts before the input is read to its end. */
export interface RowWriter<Row = BatchRow> {
  write(rows: readonly Row[]): Promise<void>;
  /** Closes the document (the JSON array); called on success and after Ctrl-C alike. */
  end(): Promise<void>;
}

/** Writes and, when the reader is slower than we are, waits for it: memory stays bounded. */
async function send(out: OutputStream, text: string): Promise<void> {
  if (text !== "" && !out.write(text)) await once(out, "drain");
}

/** The CSV header line (without its line end) of `fields`, as the SDK's writer spells it. */
export function csvHeaderOf(fields: readonly string[]): string {
  return toCsvRecords([], fields, { header: true }).split("\r\n")[0] ?? "";
}

/** The CSV header line of the batch's rows. */
export const csvHeader = csvHeaderOf(batchFields);

/** A row the writers take: its cells under the column names. */
type FlatRow<Field extends string> = Readonly<Record<Field, CsvCell>>;

/**
 * CSV by the SDK's one writer (formula neutralisation, RFC 4180 quoting, CRLF), a slice at a
 * time: the header once, then each slice's rows without it. A row holds its cells under the
 * column names, so it is written as it is (`toCsvRecords`), not copied into an array first.
 */
function csvWriter<Field extends string>(
  out: OutputStream,
  fields: readonly Field[],
): RowWriter<FlatRow<Field>> {
  let started = false;
  const header = csvHeaderOf(fields);
  const start = async () => {
    if (started) return;
    started = true;
    await send(out, `${header}\r\n`);
  };
  return {
    async write(rows) {
      await start();
      if (rows.length === 0) return;
      await send(out, `${toCsvRecords(rows, fields, { header: false })}\r\n`);
    },
    end: start,
  };
}

/** One JSON array, streamed: `[` first, a row per line, `]` at the end. */
function jsonWriter<Row>(out: OutputStream): RowWriter<Row> {
  let count = 0;
  return {
    async write(rows) {
      if (rows.length === 0) return;
      const lines = rows.map((row) => JSON.stringify(row));
      await send(out, `${count === 0 ? "[\n" : ",\n"}${lines.join(",\n")}`);
      count += rows.length;
    },
    async end() {
      await send(out, count === 0 ? "[]\n" : "\n]\n");
    },
  };
}

/** One compact JSON object per line. */
function ndjsonWriter<Row>(out: OutputStream): RowWriter<Row> {
  return {
    async write(rows) {
      if (rows.length === 0) return;
      await send(out, `${rows.map((row) => JSON.stringify(row)).join("\n")}\n`);
    },
    async end() {},
  };
}

export function createRowWriter(format: BatchFormat, out: OutputStream): RowWriter;
/** A writer of other rows (`sleuth transfers`): CSV columns are `fields`, in that order. */
export function createRowWriter<Field extends string>(
  format: BatchFormat,
  out: OutputStream,
  fields: readonly Field[],
): RowWriter<FlatRow<Field>>;
export function createRowWriter(
  format: BatchFormat,
  out: OutputStream,
  fields: readonly string[] = batchFields,
): RowWriter<FlatRow<string>> {
  switch (format) {
    case "csv":
      return csvWriter(out, fields);
    case "json":
      return jsonWriter(out);
    case "ndjson":
      return ndjsonWriter(out);
  }
}
