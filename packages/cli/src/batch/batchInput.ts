import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import Papa from "papaparse";
import { CliError } from "../errors.ts";

/** One non-blank input: the trimmed text and the line (or CSV record) it came from, from 1. */
export interface InputLine {
  text: string;
  line: number;
}

/** How far reading has got, for the progress bar. */
export interface ReadProgress {
  bytesRead: number;
  /** Non-blank inputs handed out so far. */
  inputsRead: number;
}

/**
 * A transform that decodes UTF-8 (never splitting a character across chunks, which papaparse would)
 * and, given `progress`, counts the bytes that went through.
 */
function decodingCounter(progress?: ReadProgress): Transform {
  const decoder = new StringDecoder("utf8");
  return new Transform({
    readableObjectMode: true,
    transform(chunk: Buffer | string, _encoding, callback) {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
      if (progress) progress.bytesRead += bytes.length;
      const text = decoder.write(bytes);
      callback(null, text === "" ? undefined : text);
    },
    flush(callback) {
      const text = decoder.end();
      callback(null, text === "" ? undefined : text);
    },
  });
}

const byteOrderMark = /^\uFEFF/;

/**
 * One identifier per line, read lazily and handed out in chunks (one per piece of the stream, so a
 * million lines never sit in memory at once). Blank lines are skipped; CRLF is accepted.
 */
export async function* readInputLines(
  stream: NodeJS.ReadableStream,
  progress: ReadProgress = { bytesRead: 0, inputsRead: 0 },
): AsyncGenerator<InputLine[]> {
  let rest = "";
  let line = 0;
  let first = true;
  const take = (text: string): InputLine | null => {
    line += 1;
    const trimmed = text.trim();
    return trimmed === "" ? null : { text: trimmed, line };
  };
  for await (const chunk of stream.pipe(decodingCounter()) as AsyncIterable<string>) {
    // Counted as the lines are handed out, not as the stream reads ahead: the bar follows the rows.
    progress.bytesRead += Buffer.byteLength(chunk);
    let text = rest + chunk;
    if (first) {
      text = text.replace(byteOrderMark, "");
      first = false;
    }
    const parts = text.split("\n");
    rest = parts.pop() ?? "";
    const lines: InputLine[] = [];
    for (const part of parts) {
      const input = take(part);
      if (input) lines.push(input);
    }
    progress.inputsRead += lines.length;
    if (lines.length > 0) yield lines;
  }
  const last = take(rest);
  if (last) {
    progress.inputsRead += 1;
    yield [last];
  }
}

function headerIndex(header: readonly string[], column: string): number {
  const clean = header.map((name) => name.replace(byteOrderMark, "").trim());
  const exact = clean.indexOf(column);
  if (exact >= 0) return exact;
  const wanted = column.trim().toLowerCase();
  return clean.findIndex((name) => name.toLowerCase() === wanted);
}

// Rows are handed on in chunks of this many, as lines are.
const csvChunkRows = 1000;

/**
 * The cells of one column of a CSV with a header row, streamed through papaparse. The column is
 * found by its header, exactly or else ignoring case and surrounding blanks. Empty cells are
 * skipped; `line` is the record number counting the header as 1.
 */
export async function* readCsvColumn(
  stream: NodeJS.ReadableStream,
  column: string,
  progress: ReadProgress = { bytesRead: 0, inputsRead: 0 },
): AsyncGenerator<InputLine[]> {
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, { header: false, skipEmptyLines: "greedy" });
  const records = stream.pipe(decodingCounter(progress)).pipe(parser) as AsyncIterable<string[]>;
  let index = -1;
  let record = 0;
  let chunk: InputLine[] = [];
  for await (const cells of records) {
    record += 1;
    if (index < 0) {
      index = headerIndex(cells, column);
      if (index < 0) {
        const names = cells.map((name) => JSON.stringify(name.replace(byteOrderMark, ""))).join(", ");
        throw new CliError(`no column ${JSON.stringify(column)} in the CSV header`, {
          hint: `the header names ${names}`,
        });
      }
      continue;
    }
    const text = (cells[index] ?? "").trim();
    if (text === "") continue;
    chunk.push({ text, line: record });
    progress.inputsRead += 1;
    if (chunk.length >= csvChunkRows) {
      yield chunk;
      chunk = [];
    }
  }
  if (index < 0) throw new CliError("the CSV is empty: it has no header row");
  if (chunk.length > 0) yield chunk;
}
