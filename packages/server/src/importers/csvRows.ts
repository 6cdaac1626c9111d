import { Readable } from "node:stream";
import Papa from "papaparse";
import { ImportFormatError } from "./importErrors.ts";
import { type ImportSource, textChunks } from "./importSource.ts";

/** One data row of a CSV file by lower-cased header name, with the line it starts on. */
export interface CsvRow {
  line: number;
  fields: Readonly<Record<string, string>>;
  /** Why the row's shape is wrong (more or fewer fields than the header), or null. */
  problem: string | null;
}

export interface CsvHeader {
  columns: readonly string[];
}

// Rows parsed ahead of the consumer before the parser pauses: bounds memory on large files.
const queueLimit = 2_000;

function countLineBreaks(values: readonly string[]): number {
  let breaks = 0;
  for (const value of values) {
    for (let index = value.indexOf("\n"); index !== -1; index = value.indexOf("\n", index + 1)) breaks++;
  }
  return breaks;
}

/**
 * Streams a CSV file with a header row through papaparse: columns are matched by header name,
 * never by position, so exports with extra or reordered columns import the same. Header names are
 * trimmed and lower-cased, values trimmed. Blank lines are passed over. `onHeader` may reject the
 * file (a required column missing) before any row is read.
 */
export async function* csvRows(
  source: ImportSource,
  onHeader: (header: CsvHeader) => void = () => {},
): AsyncGenerator<CsvRow> {
  const queue: CsvRow[] = [];
  let head = 0;
  let parser: Papa.Parser | null = null;
  let paused = false;
  let finished = false;
  let failure: unknown = null;
  let wake: (() => void) | null = null;
  let columns: string[] | null = null;
  let line = 1;

  const input = Readable.from(textChunks(source));
  Papa.parse<string[]>(input as unknown as File, {
    header: false,
    skipEmptyLines: false,
    step(result, current) {
      parser = current;
      if (failure !== null) return;
      const values = result.data;
      const startLine = line;
      // A row with a quoted line break spans several lines.
      line += 1 + countLineBreaks(values);
      // A blank line parses as one empty field.
      if (values.length <= 1 && (values[0] ?? "").trim() === "") return;
      if (columns === null) {
        columns = values.map((name) => name.trim().toLowerCase());
        try {
          onHeader({ columns });
        } catch (error) {
          failure = error;
          current.abort();
          wake?.();
        }
        return;
      }
      const fields: Record<string, string> = {};
      columns.forEach((name, index) => {
        const value = values[index];
        if (value !== undefined && name !== "") fields[name] = value.trim();
      });
      const problem =
        values.length === columns.length
          ? null
          : `expected ${columns.length} fields as in the header, found ${values.length}`;
      queue.push({ line: startLine, fields, problem });
      if (queue.length - head >= queueLimit && !paused) {
        paused = true;
        current.pause();
      }
      wake?.();
    },
    complete() {
      finished = true;
      wake?.();
    },
    error(error: Error) {
      failure = error;
      wake?.();
    },
  });

  try {
    while (true) {
      if (head < queue.length) {
        const row = queue[head]!;
        head++;
        if (head === queue.length) {
          queue.length = 0;
          head = 0;
        }
        yield row;
        continue;
      }
      if (failure !== null) throw failure;
      if (finished) {
        if (columns === null) throw new ImportFormatError("The file is empty: a header row is needed");
        return;
      }
      if (paused && parser !== null) {
        paused = false;
        (parser as Papa.Parser).resume();
        continue;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      wake = null;
    }
  } finally {
    // The consumer stopped early (a failed import): stop parsing the rest.
    if (!finished) (parser as Papa.Parser | null)?.abort();
  }
}

/** Throws unless every column in `required` is in the header. */
export function requireColumns(header: CsvHeader, required: readonly string[], what: string): void {
  const missing = required.filter((column) => !header.columns.includes(column));
  if (missing.length > 0) {
    throw new ImportFormatError(
      `Not ${what}: the header lacks ${missing.join(", ")} (it has ${header.columns.join(", ") || "no columns"})`,
      1,
    );
  }
}
