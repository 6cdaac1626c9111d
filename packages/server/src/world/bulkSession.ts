import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";

const pgTypes = pg.types;

import { isPgliteStore, type PgliteQueryable } from "../store/pgliteStore.ts";
import { inPoolTransaction } from "../store/postgresStore.ts";
import type { Queryable, Store, StoreKind } from "../store/store.ts";
import { copyStatement, copyText } from "./copyText.ts";
import type { Row } from "./tables.ts";

/** An open transaction that can also bulk-load rows with COPY. */
export interface BulkSession extends Queryable {
  readonly kind: StoreKind;
  copyRows(table: string, columns: readonly string[], rows: readonly Row[]): Promise<void>;
}

function pgliteSession(tx: PgliteQueryable): BulkSession {
  return {
    kind: "pglite",
    query: (sql, params) => tx.query(sql, params),
    exec: (sql) => tx.exec(sql),
    async copyRows(table, columns, rows) {
      if (rows.length === 0) return;
      // PGlite reads COPY input from its /dev/blob device.
      await tx.copyFrom(copyStatement(table, columns, "'/dev/blob'"), copyText(rows));
    },
  };
}

const int8Oid = 20;

// The store answers int8 as a number on both engines (store/postgresStore.ts); so does this session.
const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === int8Oid && format !== "binary"
      ? (value: string) => Number(value)
      : pgTypes.getTypeParser(oid, format ?? "text")) as typeof pgTypes.getTypeParser,
};

function postgresSession(client: pg.PoolClient): BulkSession {
  return {
    kind: "postgres",
    async query<T>(sql: string, params: readonly unknown[] = []) {
      return (await client.query({ text: sql, values: [...params], types })).rows as T[];
    },
    async exec(sql: string) {
      await client.query({ text: sql, types });
    },
    async copyRows(table, columns, rows) {
      if (rows.length === 0) return;
      const stream = client.query(copyFrom(copyStatement(table, columns, "STDIN")));
      await pipeline(Readable.from([copyText(rows)]), stream);
    },
  };
}

/**
 * Runs `fn` in one transaction with a COPY path on either engine: everything it wrote commits
 * together, or nothing does. On PGlite it is the store's own transaction (COPY goes through the
 * store); on PostgreSQL it needs the pool the store carries.
 */
export async function withBulkTransaction<R>(
  store: Store,
  fn: (session: BulkSession) => Promise<R>,
): Promise<R> {
  if (isPgliteStore(store)) return store.transaction((tx) => fn(pgliteSession(tx)));
  const handles = store as Store & { pool?: pg.Pool };
  if (store.kind === "postgres" && handles.pool) {
    return inPoolTransaction(handles.pool, (client) => fn(postgresSession(client)));
  }
  throw new Error(
    `The ${store.kind} store does not expose its engine handle (a PGlite store's COPY, or a pool) for bulk loading`,
  );
}

/** Bulk-loads rows with COPY, in the given session or in a transaction of its own on a store. */
export async function copyRows(
  target: Store | BulkSession,
  table: string,
  columns: readonly string[],
  rows: readonly Row[],
): Promise<void> {
  if ("copyRows" in target) return target.copyRows(table, columns, rows);
  return withBulkTransaction(target, (session) => session.copyRows(table, columns, rows));
}
