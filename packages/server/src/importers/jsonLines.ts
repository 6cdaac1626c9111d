import { type ImportSource, textLines } from "./importSource.ts";

export type JsonLine =
  | { line: number; value: unknown; problem: null }
  | { line: number; value: null; problem: string };

/**
 * JSON with every number kept as its source text: amounts in wei or satoshi exceed 2^53 and must
 * reach BigInt unrounded (the fields are converted one by one where their type is known).
 */
export function parseJsonExact(text: string): unknown {
  return JSON.parse(text, (_key, value, context?: { source?: string }) =>
    typeof value === "number" && context?.source !== undefined ? context.source : value,
  );
}

/** Streams JSON lines (one object per line, as ethereum-etl and bitcoin-etl write them); blank lines are passed over. */
export async function* jsonLines(source: ImportSource): AsyncGenerator<JsonLine> {
  let line = 0;
  for await (const text of textLines(source)) {
    line++;
    if (text.trim() === "") continue;
    try {
      yield { line, value: parseJsonExact(text), problem: null };
    } catch (error) {
      yield { line, value: null, problem: `not JSON (${(error as Error).message})` };
    }
  }
}
