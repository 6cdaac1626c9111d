import type { Queryable } from "../store/store.ts";
import type { bitcoinEtlRecord } from "./bitcoinEtl.ts";
import type { ethereumEtlRecord } from "./ethereumEtl.ts";

// Issue 46: the chain exports are parsed into staged rows in short transactions before the one
// transaction that applies them, so a long file does not hold the store (PGlite serves one query
// at a time) while it is read. Nothing but that transaction reads them.

export type LedgerResult = ReturnType<typeof ethereumEtlRecord> | ReturnType<typeof bitcoinEtlRecord>;

/** One parsed line of a chain export, as the ledger import consumes it. */
export interface LedgerRow {
  line: number;
  result: LedgerResult;
}

// The only whole numbers too large for JSON in a ledger record (LedgerRecord, TransferSide).
const bigintKeys = new Set(["feeRaw", "amount"]);

export function encodeLedgerRows(rows: readonly LedgerRow[]): string {
  return JSON.stringify(rows, (_key, value) => (typeof value === "bigint" ? value.toString() : value));
}

export function decodeLedgerRows(text: string): LedgerRow[] {
  return JSON.parse(text, (key, value) =>
    bigintKeys.has(key) && typeof value === "string" ? BigInt(value) : value,
  ) as LedgerRow[];
}

export async function writeStagedRows(
  db: Queryable,
  stagingKey: string,
  seq: number,
  rows: readonly LedgerRow[],
): Promise<void> {
  await db.query("INSERT INTO import_staged_records (staging_key, seq, items) VALUES ($1, $2, $3)", [
    stagingKey,
    seq,
    encodeLedgerRows(rows),
  ]);
}

/** The staged rows in file order, one batch read at a time. */
export async function* readStagedRows(db: Queryable, stagingKey: string): AsyncGenerator<LedgerRow> {
  for (let seq = 0; ; seq++) {
    const [batch] = await db.query<{ items: string }>(
      "SELECT items FROM import_staged_records WHERE staging_key = $1 AND seq = $2",
      [stagingKey, seq],
    );
    if (!batch) return;
    yield* decodeLedgerRows(batch.items);
  }
}

export async function deleteStagedRows(db: Queryable, stagingKey: string): Promise<void> {
  await db.query("DELETE FROM import_staged_records WHERE staging_key = $1", [stagingKey]);
}

/**
 * Rows left by a synchronous import whose process died while it read the file (a job's own rows
 * are cleared when it runs again). `olderThanMs` 0: every such row (PGlite, one process).
 */
export async function deleteAbandonedStagedRows(db: Queryable, olderThanMs: number): Promise<number> {
  const rows = await db.query(
    `DELETE FROM import_staged_records WHERE staging_key LIKE 'run-%'
       AND created_at <= now() - $1 * interval '1 millisecond' RETURNING seq`,
    [olderThanMs],
  );
  return rows.length;
}
