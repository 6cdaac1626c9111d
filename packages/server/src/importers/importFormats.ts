// The formats `POST /v1/imports/{format}` and `sleuth import <format> <file>` take (docs/IMPORTERS.md).

// The format list and the answer's shape are the SDK's (the wire contract); the server adds how it runs.
import { type ImportFormat, importFormats } from "@sleuth/sdk";

export function isImportFormat(value: string): value is ImportFormat {
  return (importFormats as readonly string[]).includes(value);
}

export interface ImportOptions {
  /** ethereum-etl: the EVM chain of the export (default ethereum); bitcoin-etl: the UTXO chain (default bitcoin). */
  chain?: string | null;
  /**
   * ofac-sdn: the asset of a one-address-per-line list (`XBT`, `ETH`, `USDT`, …); else each address's
   * form decides. prices: the asset of a one-asset price file (symbol or asset URN); else its file name.
   */
  asset?: string | null;
  /** address-labels: the tags' source when the file has no `source` column; prices: the file's name. */
  source?: string | null;
  /** Records written per statement batch (tests and benchmarks). */
  batchSize?: number;
}

/** How many skipped records an answer lists (a wrong file could otherwise answer millions of lines). */
export const skippedListLimit = 1_000;
