import { once } from "node:events";
import { toCsvRecords } from "@sleuth/sdk";
import type { OutputStream } from "../io.ts";
import { type BatchRow, batchFields } from "./batchRow.ts";

export const batchFormats = ["csv", "json", "ndjson"] as const;
export type BatchFormat = (typeof batchFormats)[number];

/** Writes rows as they come, so output starts before the input is read to its end. */
export interface RowWriter {
  write(rows: readonly BatchRow[]): Promise<void>;
  /** Closes the document (the JSON array); called on success and after Ctrl-C alike. */
  end(): Promise<void>;
}

/** Writes and, when the reader is slower than we are, waits for it: memory stays bounded. */
async function send(out: OutputStream, text: string): Promise<void> {
  if (text !== "" && !out.write(text)) await once(out, "drain");
}

/** The CSV header line (without its line end), as the SDK's writer spells it. */
export const csvHeader = toCsvRecords([], batchFields, { header: true }).split("\r\n")[0] ?? "";

/**
 * CSV by the SDK's one writer (formula neutralisation, RFC 4180 quoting, CRLF), a slice at a
 * time: the header once, then each slice's rows without it. A row holds its cells under the
 * column names, so it is written as it is (`toCsvRecords`), not copied into an array first.
 */
function csvWriter(out: OutputStream): RowWriter {
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    await send(out, `${csvHeader}\r\n`);
  };
  return {
    async write(rows) {
      await start();
      if (rows.length === 0) return;
      await send(out, `${toCsvRecords(rows, batchFields, { header: false })}\r\n`);
    },
    end: start,
  };
}

/** One JSON array, streamed: `[` first, a row per line, `]` at the end. */
function jsonWriter(out: OutputStream): RowWriter {
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
function ndjsonWriter(out: OutputStream): RowWriter {
  return {
    async write(rows) {
      if (rows.length === 0) return;
      await send(out, `${rows.map((row) => JSON.stringify(row)).join("\n")}\n`);
    },
    async end() {},
  };
}

export function createRowWriter(format: BatchFormat, out: OutputStream): RowWriter {
  switch (format) {
    case "csv":
      return csvWriter(out);
    case "json":
      return jsonWriter(out);
    case "ndjson":
      return ndjsonWriter(out);
  }
}
