import { randomUUID } from "node:crypto";
import { errorEnvelopeSchema } from "@sleuth/sdk";
import type { Queryable, Store } from "@sleuth/server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestServer, storeKinds, type TestServer } from "../helpers/server.ts";

// Issue 41 "nothing half-written", docs/API.md Idempotency: a request the store drops midway, or
// whose commit is never acknowledged, is retried by its client with the same key. Either it wrote
// nothing and runs again, or it committed and its answer is replayed: never two records. The store
// is real; the fault is the connection error node-postgres raises when the database goes away.

const dropped = () => new Error("Connection terminated unexpectedly");

/** What the next request meets: a drop after its first write, or a commit whose answer is lost. */
type Fault = "none" | "dropAfterWrite" | "loseCommitAnswer";

function faultyStore(store: Store, fault: () => Fault, clear: () => void): Store {
  const faulty = (target: Queryable): Queryable => {
    let wrote = false;
    return {
      async query<T>(sql: string, params?: readonly unknown[]) {
        if (wrote && fault() === "dropAfterWrite") {
          clear();
          throw dropped();
        }
        const rows = await target.query<T>(sql, params);
        if (/^\s*INSERT INTO cases\b/i.test(sql)) wrote = true;
        return rows;
      },
      exec: (sql) => target.exec(sql),
    };
  };
  return {
    ...store,
    query: (sql, params) => faulty(store).query(sql, params),
    transaction: async (fn) => {
      let wroteCase = false;
      const result = await store.transaction((tx) => {
        const inner = faulty(tx);
        return fn({
          query: async <T>(sql: string, params?: readonly unknown[]) => {
            if (/^\s*INSERT INTO cases\b/i.test(sql)) wroteCase = true;
            return inner.query<T>(sql, params);
          },
          exec: (sql) => inner.exec(sql),
        });
      });
      // Committed; the acknowledgement never reaches the server.
      if (wroteCase && fault() === "loseCommitAnswer") {
        clear();
        throw dropped();
      }
      return result;
    },
  };
}

describe.each(storeKinds)("issue 41 idempotent writes across a dropped store on %s", (kind) => {
  let server: TestServer;
  let headers: Record<string, string>;
  let fault: Fault = "none";

  beforeAll(async () => {
    server = await startTestServer({
      store: kind,
      serveThrough: (store) =>
        faultyStore(
          store,
          () => fault,
          () => {
            fault = "none";
          },
        ),
    });
    headers = {
      authorization: `Bearer ${await server.tokenFor(server.demo.user.email)}`,
      "content-type": "application/json",
    };
  });
  afterAll(async () => {
    await server?.close();
  });

  const createCase = (key: string, name: string) =>
    server.fetch("/cases", {
      method: "POST",
      headers: { ...headers, "idempotency-key": key },
      body: JSON.stringify({ name, isSharedWithOrg: false }),
    });
  const casesNamed = async (name: string) =>
    (await server.store.query<{ id: number }>("SELECT id FROM cases WHERE name = $1", [name])).map(
      (row) => row.id,
    );
  const expectUnavailable = async (response: Response) => {
    expect(response.status).toBe(503);
    expect(errorEnvelopeSchema.parse(await response.json()).error.code).toBe("unavailable");
  };

  test("docs/API.md Idempotency: a create cut off after its insert leaves nothing; the retry creates one", async () => {
    const key = randomUUID();
    const name = `Cut off ${key}`;
    fault = "dropAfterWrite";
    await expectUnavailable(await createCase(key, name));
    expect(fault, "the fault struck").toBe("none");
    expect(await casesNamed(name)).toEqual([]);

    const retried = await createCase(key, name);
    expect(retried.status).toBe(201);
    expect(retried.headers.get("idempotent-replayed")).toBeNull();
    const ids = await casesNamed(name);
    expect(ids).toHaveLength(1);
    expect(Number((await retried.json()).data.id)).toBe(ids[0]);
  });

  test("docs/API.md Idempotency: a create whose commit was never acknowledged is replayed, not made twice", async () => {
    const key = randomUUID();
    const name = `Unacknowledged ${key}`;
    fault = "loseCommitAnswer";
    await expectUnavailable(await createCase(key, name));
    expect(fault, "the fault struck").toBe("none");
    const ids = await casesNamed(name);
    expect(ids).toHaveLength(1);

    const retried = await createCase(key, name);
    expect(retried.status).toBe(201);
    expect(retried.headers.get("idempotent-replayed")).toBe("true");
    expect(Number((await retried.json()).data.id)).toBe(ids[0]);
    expect(await casesNamed(name)).toEqual(ids);
  });
});
