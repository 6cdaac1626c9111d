import type { OutputStream } from "../io.ts";

/** One JSON document, indented, for `--json` on a single object or a bounded list. */
export function writeJson(stream: OutputStream, value: unknown): void {
  stream.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** One compact JSON value per line, for streams of results a script reads as they come. */
export function writeNdjson(stream: OutputStream, values: Iterable<unknown>): void {
  for (const value of values) stream.write(`${JSON.stringify(value)}\n`);
}
