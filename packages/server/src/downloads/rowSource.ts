import type { CsvCell } from "@sleuth/sdk";

export type ExportRow = Readonly<Record<string, CsvCell>>;

/**
 * The rows of one table for one request: how many the window holds, then those rows a page at a
 * time in the table's order, so neither the job nor the store ever holds the whole table.
 */
export interface RowSource {
  count(): Promise<number>;
  pages(): AsyncIterable<readonly ExportRow[]>;
  /**
   * The same pages as CSV records the store wrote itself (each CRLF-terminated), byte for byte what
   * the SDK's writer makes of pages(); where a table has it, files are written from it.
   */
  csvPages?(): AsyncIterable<CsvPage>;
}

/** One page of a table's CSV records, CRLF-terminated, and how many records it holds. */
export interface CsvPage {
  text: string;
  rows: number;
}

/** Rows read per statement: large enough that a statement's cost is spread, small enough to stay flat. */
export const exportPageRows = 5_000;

/** The rows `offset`..`offset + limit` of a total, as a count. */
export function windowCount(total: number, offset: number, limit: number): number {
  return Math.max(0, Math.min(limit, total - offset));
}
