import pg from "pg";
import { isReadOnlyStatement, requestStoreWork } from "./requestDeadline.ts";
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

/**
 * A client of the pool for one unit of work (a statement or a transaction). Issue 41: inside a
 * request, the wait for a free client counts against the request's wait budget, as PGlite's wait
 * for its turn does (requestDeadline.ts); a request that has written always gets its client.
 */
async function checkOut(pool: pg.Pool, writes: boolean): Promise<pg.PoolClient> {
  const request = requestStoreWork.getStore();
  if (!request) return pool.connect();
  const askedAt = performance.now();
  const giveUpAt = request.giveUpAt(askedAt);
  if (giveUpAt === Number.POSITIVE_INFINITY) {
    const client = await pool.connect();
    request.tookTurn(askedAt, performance.now(), true, writes);
    return client;
  }
  const connecting = pool.connect();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const gaveUp = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), Math.max(0, giveUpAt - askedAt));
  });
  try {
    const client = await Promise.race([connecting, gaveUp]);
    // pg's pool cannot withdraw a queued checkout: the client it hands over later goes straight back.
    if (client === null)
      connecting.then(
        (late) => late.release(),
        () => {},
      );
    request.tookTurn(askedAt, performance.now(), client !== null, writes);
    return client as pg.PoolClient;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A checked-out client whose connection the database drops (an outage, a restart) emits "error";
 * with no listener that would end the process. pg's own pool.query listens the same way while it
 * holds a client: the statement in flight fails with the error, and the client is released closed.
 * Answers the function that stops listening, called before the client goes back to the pool.
 */
function watchDrop(client: pg.PoolClient): () => void {
  const ignore = () => {};
  client.on("error", ignore);
  return () => client.off("error", ignore);
}

/** Runs `fn` on one client of the pool inside BEGIN/COMMIT, rolled back when it throws. */
export async function inPoolTransaction<R>(
  pool: pg.Pool,
  fn: (client: pg.PoolClient) => Promise<R>,
): Promise<R> {
  const client = await checkOut(pool, true);
  const dropped = watchDrop(client);
  try {
    await client.query("BEGIN");
    const result = await fn(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    dropped();
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
  const onClient = async <R>(writes: boolean, work: (client: Queryable) => Promise<R>): Promise<R> => {
    const client = await checkOut(pool, writes);
    const dropped = watchDrop(client);
    try {
      const result = await work(queryableOf(client));
      dropped();
      client.release();
      return result;
    } catch (error) {
      // As pg's own pool.query does: a client whose statement failed is closed, not reused, so a
      // connection the database dropped never serves the next caller.
      dropped();
      client.release(error instanceof Error ? error : true);
      throw error;
    }
  };
  return {
    kind: "postgres",
    // The bulk loader (world/bulkSession.ts) streams COPY through a client of this pool.
    pool,
    query: (sql, params) => onClient(!isReadOnlyStatement(sql), (client) => client.query(sql, params)),
    exec: (sql) => onClient(true, (client) => client.exec(sql)),
    transaction: (fn) => inPoolTransaction(pool, (client) => fn(queryableOf(client))),
    waiting: () => pool.waitingCount,
    // The queue is served by every client of the pool at once.
    expectedWaitMs: () => (pool.waitingCount * holds.averageMs) / size,
    async close() {
      await pool.end();
    },
  };
}
