import { createHash } from "node:crypto";
import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { type ExportJobType, exportCsvHeaderLine, exportCsvText } from "@sleuth/sdk";
import { writeFileAtomically } from "@sleuth/sdk/node";
import type { RowSource } from "./rowSource.ts";

export interface WrittenExport {
  rowCount: number;
  byteLength: number;
  sha256: string;
}

/**
 * The CSV of a row source, as text (the direct download: at most 100 rows): header, then each
 * page's rows, every line CRLF-terminated, exactly the bytes writeExportFile writes.
 */
export async function exportText(
  jobType: ExportJobType,
  source: RowSource,
): Promise<{ text: string } & WrittenExport> {
  const parts = [exportCsvHeaderLine(jobType)];
  let rowCount = 0;
  for await (const page of csvTextPages(jobType, source)) {
    parts.push(...page.texts);
    rowCount += page.rows;
  }
  const text = parts.join("");
  const bytes = Buffer.from(text, "utf8");
  return {
    text,
    rowCount,
    byteLength: bytes.length,
    sha256: createHash("sha256").update(bytes).digest("hex"),
  };
}

/**
 * A page iterator that asks for the next page as soon as it hands one out, so the store reads page
 * n + 1 while page n is turned into CSV and written. Used where the store answers from its own
 * process (PostgreSQL): embedded PGlite on this thread (SLEUTH_PGLITE_THREAD=main) would only hold a
 * second page in memory; in its worker thread it might gain, untried yet. At most two pages are held
 * at once.
 */
async function* readAhead<T>(pages: AsyncIterable<T>): AsyncGenerator<T> {
  const iterator = pages[Symbol.asyncIterator]();
  let next = iterator.next();
  try {
    for (;;) {
      const result = await next;
      if (result.done) return;
      next = iterator.next();
      // A consumer that stops early never awaits this read; its failure is not an unhandled one.
      next.catch(() => {});
      yield result.value;
    }
  } finally {
    await iterator.return?.();
  }
}

/** Rows turned into text at a time within a page. */
const textSliceRows = 200;

/**
 * A row source's pages as CSV records: the store's own text where the source has it (csvPages),
 * else each page's rows through the SDK's writer a slice at a time — each slice's string short-lived
 * and small enough for the young generation, where a whole page's would be one large object kept to
 * a full GC.
 */
async function* csvTextPages(
  jobType: ExportJobType,
  source: RowSource,
): AsyncGenerator<{ texts: string[]; rows: number }> {
  if (source.csvPages) {
    for await (const page of source.csvPages()) yield { texts: [page.text], rows: page.rows };
    return;
  }
  for await (const rows of source.pages()) {
    const texts: string[] = [];
    for (let start = 0; start < rows.length; start += textSliceRows) {
      const slice = rows.slice(start, start + textSliceRows);
      texts.push(`${exportCsvText(jobType, slice, { header: false })}\r\n`);
    }
    yield { texts, rows: rows.length };
  }
}

/**
 * Streams a row source into `path` a page at a time (hashing as it goes), atomically (the SDK's
 * writeFileAtomically), so `path` is either absent or whole — a crash mid-write leaves only a
 * temporary file, which the worker sweeps. `onPage` runs after each page is written (progress,
 * heartbeat); it may throw to stop the export. With `readAhead` the next page is read while one is
 * written (readAhead above).
 */
export async function writeExportFile(
  path: string,
  jobType: ExportJobType,
  source: RowSource,
  onPage: (rowsWritten: number) => Promise<void>,
  options: { readAhead?: boolean } = {},
): Promise<WrittenExport> {
  await mkdir(dirname(path), { recursive: true });
  const hash = createHash("sha256");
  let byteLength = 0;
  let rowCount = 0;
  const encode = (text: string) => {
    const bytes = Buffer.from(text, "utf8");
    hash.update(bytes);
    byteLength += bytes.length;
    return bytes;
  };
  async function* bytes() {
    yield encode(exportCsvHeaderLine(jobType));
    const pages = csvTextPages(jobType, source);
    for await (const page of options.readAhead ? readAhead(pages) : pages) {
      // Resumed once the file holds the page: onPage counts written rows.
      yield page.texts.map(encode);
      rowCount += page.rows;
      await onPage(rowCount);
    }
  }
  await writeFileAtomically(path, bytes());
  return { rowCount, byteLength, sha256: hash.digest("hex") };
}
