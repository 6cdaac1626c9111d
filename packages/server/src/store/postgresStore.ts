import pg from "pg";
import type { Queryable, Store } from "./store.ts";
import { HoldTimes } from "./storeWait.ts";

const int8Oid = 20;

// PGlite answers int8 (count(*), bigserial) as a number; node-postgres as a string. Parse it the
// same way so code above the store never sees the difference.
const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === int8Oid && format !== "binary"
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format ?? "text")) as typeof pg.types.getTypeParser,
};

function queryableOf(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      return (await client.query({ text: sql, values: [...params], types })).rows as T[];
    },
    async exec(sql: string) {
      await client.query({ text: sql, types });
    },
  };
}

/** Runs `fn` on one client of the pool inside BEGIN/COMMIT, rolled back when it throws. */
export async function inPoolTransaction<R>(
  pool: pg.Pool,
  fn: (client: pg.PoolClient) => Promise<R>,
): Promise<R> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const result = await fn(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

export interface PostgresStoreOptions {
  /** Pool size (default 10). */
  max?: number;
  /**
   * Issue 41: how long a caller waits for a connection (a new one, or a free one of the pool)
   * before its request fails, and the longest a statement may run (0: no limit). A database that
   * goes away fails requests quickly instead of holding them.
   */
  connectTimeoutMs?: number;
  statementTimeoutMs?: number;
}

/** PostgreSQL through a node-postgres pool (DATABASE_URL). */
export async function openPostgresStore(
  databaseUrl: string,
  options: PostgresStoreOptions = {},
): Promise<Store & { pool: pg.Pool }> {
  const size = options.max ?? 10;
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: size,
    ...(options.connectTimeoutMs ? { connectionTimeoutMillis: options.connectTimeoutMs } : {}),
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    // A peer that vanishes without closing the socket is noticed instead of waited on.
    keepAlive: true,
  });
  // An idle client losing its connection must not take the process down; the next query reconnects.
  pool.on("error", () => {});
  // How long a client is held, from its checkout to its release (a statement, or a transaction).
  const holds = new HoldTimes();
  const checkedOut = new WeakMap<pg.PoolClient, number>();
  pool.on("acquire", (client) => checkedOut.set(client, performance.now()));
  pool.on("release", (_error, client) => {
    const since = checkedOut.get(client);
    if (since !== undefined) holds.record(performance.now() - since);
  });
  // Fail at start, not on the first request, when the database is unreachable.
  (await pool.connect()).release();
  const base = queryableOf(pool);
  return {
    kind: "postgres",
    // The bulk loader (world/bulkSession.ts) streams COPY through a client of this pool.
    pool,
    query: base.query,
    exec: base.exec,
    transaction: (fn) => inPoolTransaction(pool, (client) => fn(queryableOf(client))),
    waiting: () => pool.waitingCount,
    // The queue is served by every client of the pool at once.
    expectedWaitMs: () => (pool.waitingCount * holds.averageMs) / size,
    unitsServed: () => holds.count,
    async close() {
      await pool.end();
    },
  };
}
