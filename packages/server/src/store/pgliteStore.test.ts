import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openPgliteStore, type PgliteStore } from "./pgliteStore.ts";
import { isUniqueViolation } from "./store.ts";

// Issue 46: the worker store answers as the in-thread store does, and leaves the loop free.
let worker: PgliteStore;
let main: PgliteStore;

const schema = `
  CREATE TABLE kinds (
    id bigserial PRIMARY KEY,
    at timestamptz NOT NULL,
    day date,
    small int8,
    big int8,
    amount numeric(78, 0),
    ratio float8,
    bytes bytea,
    doc jsonb,
    tags text[],
    flag boolean,
    nothing text,
    CONSTRAINT kinds_small_key UNIQUE (small)
  );
  INSERT INTO kinds (at, day, small, big, amount, ratio, bytes, doc, tags, flag)
  VALUES ('2024-05-01T12:34:56.789Z', '2024-05-01', 42, 9223372036854775807,
          123456789012345678901234567890, 0.25, '\\x00ff10', '{"a": [1, "b"]}', '{x,y}', true);
`;

beforeAll(async () => {
  [worker, main] = await Promise.all([openPgliteStore({ thread: "worker" }), openPgliteStore()]);
  await Promise.all([worker.exec(schema), main.exec(schema)]);
}, 120_000);

afterAll(async () => {
  await Promise.all([worker?.close(), main?.close()]);
});

describe("issue 46 the PGlite store in a worker thread", () => {
  test("answers the same rows, of the same types, as the in-thread store", async () => {
    const sql = "SELECT *, count(*) OVER () AS rows FROM kinds WHERE small = $1 AND at < $2";
    const params = [42, new Date("2030-01-01T00:00:00Z")];
    const [fromWorker, fromMain] = await Promise.all([worker.query(sql, params), main.query(sql, params)]);
    expect(worker.thread).toBe("worker");
    expect(fromWorker).toEqual(fromMain);
    const [row] = fromWorker;
    expect(row?.at).toBeInstanceOf(Date);
    expect(row?.small).toBe(42);
    expect(row?.big).toBe(9223372036854775807n);
    expect(row?.amount).toBe("123456789012345678901234567890");
    expect(row?.bytes).toBeInstanceOf(Uint8Array);
    expect(Array.from(row?.bytes as Uint8Array)).toEqual([0, 255, 16]);
    expect(row?.doc).toEqual({ a: [1, "b"] });
    expect(row?.tags).toEqual(["x", "y"]);
    expect(row?.nothing).toBeNull();
  });

  test("an error crosses with PostgreSQL's fields", async () => {
    const insert = "INSERT INTO kinds (at, small) VALUES (now(), 42)";
    const [fromWorker, fromMain] = await Promise.all([
      worker.query(insert).catch((error: unknown) => error),
      main.query(insert).catch((error: unknown) => error),
    ]);
    expect(isUniqueViolation(fromWorker, "kinds_small_key")).toBe(true);
    const fields = (error: unknown) => {
      const { message, code, constraint, detail, table, severity, name } = error as Record<string, unknown>;
      return { message, code, constraint, detail, table, severity, name };
    };
    expect(fields(fromWorker)).toEqual(fields(fromMain));
    expect(fromWorker).toBeInstanceOf(Error);
  });

  test("a transaction commits when its function returns and rolls back when it throws", async () => {
    await worker.transaction(async (tx) => {
      await tx.query("INSERT INTO kinds (at, small) VALUES (now(), 1001)");
      await tx.copyFrom("COPY kinds (at, small) FROM '/dev/blob'", "2024-01-01T00:00:00Z\t1002\n");
    });
    const failure = await worker
      .transaction(async (tx) => {
        await tx.query("INSERT INTO kinds (at, small) VALUES (now(), 1003)");
        throw new Error("changed my mind");
      })
      .catch((error: unknown) => error);
    expect((failure as Error).message).toBe("changed my mind");
    const violation = await worker
      .transaction(async (tx) => {
        await tx.query("INSERT INTO kinds (at, small) VALUES (now(), 1004)");
        await tx.query("INSERT INTO kinds (at, small) VALUES (now(), 1001)");
      })
      .catch((error: unknown) => error);
    expect(isUniqueViolation(violation, "kinds_small_key")).toBe(true);
    const rows = await worker.query<{ small: number }>(
      "SELECT small FROM kinds WHERE small > 1000 ORDER BY small",
    );
    expect(rows.map((row) => row.small)).toEqual([1001, 1002]);
    const file = await worker.copyTo(
      "COPY (SELECT small FROM kinds WHERE small > 1000 ORDER BY small) TO '/dev/blob'",
    );
    expect(await file.text()).toBe("1001\n1002\n");
  });

  test("the event loop keeps turning while a long statement runs", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const started = performance.now();
    try {
      await worker.query("SELECT count(*) FROM generate_series(1, 3000) a, generate_series(1, 1000) b");
    } finally {
      clearInterval(timer);
    }
    const ms = performance.now() - started;
    // On the request loop's thread the statement would hold it throughout: no tick at all.
    expect(ticks).toBeGreaterThan(Math.min(10, ms / 50));
  });

  test("a dump opens as a copy, and a closed store refuses work", async () => {
    const copy = await openPgliteStore({ thread: "worker", loadDataDir: await worker.dumpDataDir() });
    try {
      expect(await copy.query("SELECT small FROM kinds WHERE small = 1001")).toEqual([{ small: 1001 }]);
    } finally {
      await copy.close();
    }
    await expect(copy.query("SELECT 1")).rejects.toThrow(/PGlite store is closed/);
  });
});
