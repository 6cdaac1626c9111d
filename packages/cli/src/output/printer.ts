import type { CliIo } from "../io.ts";
import { writeJson, writeNdjson } from "./json.ts";

/** STYLE "CLI": data on stdout, everything else (progress, notes, warnings, errors) on stderr. */
export interface Printer {
  /** stdout is a terminal: tables are aligned and times readable; otherwise TSV and RFC 3339. */
  readonly tty: boolean;
  /** Terminal width for tables, when stdout is a terminal. */
  readonly width: number | undefined;
  /** Writes data to stdout; a missing final newline is added. */
  data(text: string): void;
  json(value: unknown): void;
  ndjson(values: Iterable<unknown>): void;
  /** A status line on stderr. */
  info(text: string): void;
  warn(text: string): void;
}

export function createPrinter(io: Pick<CliIo, "stdout" | "stderr">): Printer {
  const line = (text: string) => (text.endsWith("\n") || text === "" ? text : `${text}\n`);
  return {
    tty: Boolean(io.stdout.isTTY),
    width: io.stdout.isTTY ? io.stdout.columns : undefined,
    data: (text) => {
      io.stdout.write(line(text));
    },
    json: (value) => writeJson(io.stdout, value),
    ndjson: (values) => writeNdjson(io.stdout, values),
    info: (text) => {
      io.stderr.write(line(text));
    },
    warn: (text) => {
      io.stderr.write(line(`warning: ${text}`));
    },
  };
}
