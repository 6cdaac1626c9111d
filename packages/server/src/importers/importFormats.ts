// The formats `POST /v1/imports/{format}` and `sleuth import <format> <file>` take (docs/IMPORTERS.md).

export const importFormats = [
  "graphsense-tagpack",
  "graphsense-actorpack",
  "ethereum-etl",
  "bitcoin-etl",
  "ofac-sdn",
  "address-labels",
  "cryptoscamdb",
  "token-list",
] as const;
export type ImportFormat = (typeof importFormats)[number];

export function isImportFormat(value: string): value is ImportFormat {
  return (importFormats as readonly string[]).includes(value);
}

export interface ImportOptions {
  /** ethereum-etl: the EVM chain of the export (default ethereum); bitcoin-etl: the UTXO chain (default bitcoin). */
  chain?: string | null;
  /** ofac-sdn: the asset of a one-address-per-line list (`XBT`, `ETH`, `USDT`, …); else each address's form decides. */
  asset?: string | null;
  /** address-labels: the tags' source when the file has no `source` column. */
  source?: string | null;
  /** Records written per statement batch (tests and benchmarks). */
  batchSize?: number;
}

/** The answer of an import: records newly written, records already in the store, records left out. */
export interface ImportResult {
  format: ImportFormat;
  inserted: number;
  unchanged: number;
  /** The first `skippedListLimit` records left out, each with its line and why. */
  skipped: { line: number; reason: string }[];
  /** How many records were left out in all. */
  skippedCount: number;
}

/** How many skipped records an answer lists (a wrong file could otherwise answer millions of lines). */
export const skippedListLimit = 1_000;
