import {
  addressChainUrn,
  busyRetryAfter,
  createFetchTransport,
  errorEnvelopeSchema,
  SleuthClient,
} from "@sleuth/sdk";
import { createNodeClient } from "@sleuth/sdk/node";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { startTestServer, storeKinds, type TestServer } from "../helpers/server.ts";

/**
 * Holds the store in `connections` open transactions until the returned function is called: every
 * statement queues (PGlite runs one at a time; a PostgreSQL test store's pool has four clients).
 */
async function holdStoreOpenBy(server: TestServer, connections: number): Promise<() => Promise<void>> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const holds = Array.from({ length: connections }, async () => {
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const held = server.store.transaction(async (tx) => {
      await tx.query("SELECT 1");
      entered();
      await gate;
    });
    await inside;
    // Wrapped: returned bare, the open transaction would be awaited here, and it waits for `gate`.
    return { held };
  });
  const held = await Promise.all(holds);
  return async () => {
    release();
    await Promise.all(held.map((hold) => hold.held));
  };
}

/**
 * Saturates the store until the returned function is called: slow statements make the time one
 * holds the store long, then a transaction is held open with more of them queued behind it, and
 * `quickQueued` quick ones after those (they lengthen the queue, not the test, once let go).
 */
async function holdStore(server: TestServer, quickQueued = 0): Promise<() => Promise<void>> {
  const slow = () => server.store.query("SELECT pg_sleep(0.1)");
  for (let index = 0; index < 6; index++) await slow();
  const releaseHeld = await holdStoreOpenBy(server, 1);
  const queued = [
    ...Array.from({ length: 4 }, slow),
    ...Array.from({ length: quickQueued }, () => server.store.query("SELECT 1")),
  ];
  await vi.waitFor(() => expect(server.store.expectedWaitMs()).toBeGreaterThan(200));
  return async () => {
    await releaseHeld();
    await Promise.all(queued);
  };
}

describe("load shedding on a saturated store (PGlite)", () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    // Shed once a request would wait a fifth of a second for the store.
    server = await startTestServer({
      store: "pglite",
      env: { SLEUTH_SHED_STORE_WAIT_MS: "200", SLEUTH_SHED_RETRY_AFTER_SECONDS: "1" },
    });
    token = await server.tokenFor(server.demo.user.email);
  });
  afterAll(async () => {
    await server?.close();
  });

  test("issue 41 a saturated store is answered 503 with Retry-After in the one envelope, at once", async () => {
    const release = await holdStore(server);
    const started = performance.now();
    const shed = await server.fetch("/auth-user-info", { headers: { authorization: `Bearer ${token}` } });
    const elapsed = performance.now() - started;
    expect(shed.status).toBe(503);
    expect(shed.headers.get("retry-after")).toMatch(/^\d+$/);
    const envelope = errorEnvelopeSchema.parse(await shed.json());
    expect(envelope.error.code).toBe("unavailable");
    expect(envelope.error.message).toMatch(/busy/);
    // Refused without joining the queue (the held transaction would keep it forever).
    expect(elapsed).toBeLessThan(5_000);
    // The liveness probe is not shed: it answers at once that the store is busy.
    const health = await server.fetch("/healthz");
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ data: { status: "ok", store: "busy" } });
    await release();
    expect((await server.fetch("/healthz")).status).toBe(200);
  });

  test("issue 41 slow store work queued on PGlite: a new request is refused within a second, /healthz answers", async () => {
    // Real slow statements in the real store: PGlite runs each on the server's thread.
    const slowWork = Array.from({ length: 40 }, () => server.store.query("SELECT pg_sleep(0.05)"));
    await vi.waitFor(() => expect(server.store.expectedWaitMs()).toBeGreaterThan(200));
    const timed = async (path: string, headers: Record<string, string> = {}) => {
      const started = performance.now();
      const answer = await server.fetch(path, { headers });
      return { answer, ms: performance.now() - started };
    };
    const search = () =>
      timed("/v3/attribution/autocomplete?query=bi&attributionType=entity", {
        authorization: `Bearer ${token}`,
      });
    // A load balancer's probe carries no credentials.
    const [shed, health] = await Promise.all([search(), timed("/healthz")]);
    expect(shed.answer.status).toBe(503);
    expect(Number(shed.answer.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(errorEnvelopeSchema.parse(await shed.answer.json()).error.code).toBe("unavailable");
    expect(shed.ms).toBeLessThan(1_000);
    expect(health.answer.status).toBe(200);
    expect(health.ms).toBeLessThan(1_000);
    await Promise.all(slowWork);
    // Once the work is done the same search is answered.
    await vi.waitFor(async () => expect((await search()).answer.status).toBe(200));
  });

  test("issue 41 a shed answer's Retry-After is the store's expected wait, rounded up, at most the SDK's longest", async () => {
    const retryAfter = async () => {
      const shed = await server.fetch("/auth-user-info", { headers: { authorization: `Bearer ${token}` } });
      expect(shed.status).toBe(503);
      return Number(shed.headers.get("retry-after"));
    };
    // A queue a few seconds long: a request costs at least one unit of store work, so it is asked
    // to wait at least the store's expected wait for one.
    let release = await holdStore(server, 10);
    const expectedMs = server.store.expectedWaitMs();
    expect(expectedMs).toBeGreaterThan(1_000);
    const some = await retryAfter();
    await release();
    expect(some).toBeGreaterThanOrEqual(Math.ceil(expectedMs / 1000));
    expect(some).toBeLessThanOrEqual(busyRetryAfter.longestSeconds);
    // A queue far longer than a client waits before a retry: the longest, not the queue's length.
    release = await holdStore(server, 200);
    expect(server.store.expectedWaitMs()).toBeGreaterThan(busyRetryAfter.longestSeconds * 1000);
    const most = await retryAfter();
    await release();
    expect(most).toBe(busyRetryAfter.longestSeconds);
    expect(some).toBeLessThan(most);
  });

  test("issue 41 the SDK's fetch transport waits the Retry-After, tells its watcher, and succeeds", async () => {
    const release = await holdStore(server);
    const retries: Array<{ status: number | null; delayMs: number }> = [];
    const asked: number[] = [];
    let settled = 0;
    const client = new SleuthClient({
      baseUrl: server.baseUrl,
      token,
      transport: createFetchTransport({
        fetch: async (input, init) => {
          const answer = await fetch(input, init);
          if (answer.status === 503) asked.push(Number(answer.headers.get("retry-after")) * 1000);
          return answer;
        },
        retryWatcher: {
          retrying: (retry) => {
            retries.push(retry);
            // The server is busy until the store is let go; the retry comes after Retry-After.
            void release();
          },
          settled: () => {
            settled++;
          },
        },
      }),
    });
    const user = await client.auth.userInfo();
    expect(user.email).toBe(server.demo.user.email);
    expect(asked).toHaveLength(1);
    expect(retries).toEqual([{ status: 503, delayMs: asked[0] }]);
    expect(settled).toBe(1);
  });

  test("issue 41 the Node client (got) honours the Retry-After of a 503 too", async () => {
    const release = await holdStore(server);
    const client = createNodeClient({ baseUrl: server.baseUrl, token });
    const started = performance.now();
    const answer = client.auth.userInfo();
    // Let the store go once the first attempt has certainly been shed.
    await vi.waitFor(async () => {
      const probe = await server.fetch("/auth/config");
      expect(probe.status).toBe(503);
    });
    await release();
    expect((await answer).email).toBe(server.demo.user.email);
    expect(performance.now() - started).toBeGreaterThanOrEqual(900);
  });
});

describe.each(storeKinds)("a request's deadline on a busy store (%s)", (store) => {
  let server: TestServer;
  let token: string;
  const deadlineMs = 1_500;
  // Every client of the store taken: PGlite's one connection, the PostgreSQL test pool's four.
  const holdStoreOpen = (held: TestServer) => holdStoreOpenBy(held, store === "postgres" ? 4 : 1);
  beforeAll(async () => {
    // Shedding on the foreseen wait is off here: every request is let in and meets its deadline.
    server = await startTestServer({
      store,
      env: {
        SLEUTH_SHED_STORE_WAIT_MS: "0",
        SLEUTH_SHED_DEADLINE_MS: String(deadlineMs),
        SLEUTH_SHED_RETRY_AFTER_SECONDS: "1",
      },
    });
    token = await server.tokenFor(server.demo.user.email);
    // The token's first use records it (a write); done here, not under test.
    expect(
      (await server.fetch("/auth-user-info", { headers: { authorization: `Bearer ${token}` } })).status,
    ).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
  });

  const timed = async (path: string, init: RequestInit = {}) => {
    const started = performance.now();
    const answer = await server.fetch(path, init);
    return { answer, ms: performance.now() - started };
  };
  const searchPath = "/v3/attribution/autocomplete?query=bi&attributionType=entity";
  const summaryInit = (): RequestInit => ({
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ addressChainUrn: addressChainUrn("ethereum", `0x${"12".repeat(20)}`) }),
  });

  test("issue 41 a request let in before the store got busy is answered 503 with Retry-After at its deadline, not left waiting", async () => {
    const release = await holdStoreOpen(server);
    // A read by GET and one by POST (its body read before its handler runs), both let in.
    const answers = await Promise.all([
      timed(searchPath, { headers: { authorization: `Bearer ${token}` } }),
      timed("/v2/counterparty-flows/address/summary", summaryInit()),
    ]);
    await release();
    for (const { answer, ms } of answers) {
      expect(answer.status).toBe(503);
      expect(Number(answer.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      const envelope = errorEnvelopeSchema.parse(await answer.json());
      expect(envelope.error.code).toBe("unavailable");
      expect(envelope.error.message).toMatch(/busy/);
      // Without the deadline it would wait as long as the store is held; the client gives up at 10 s.
      expect(ms).toBeLessThan(busyRetryAfter.longestSeconds * 1000 - 2_000);
    }
    // The store free again, the same requests are run.
    expect((await timed(searchPath, { headers: { authorization: `Bearer ${token}` } })).answer.status).toBe(
      200,
    );
    expect((await timed("/v2/counterparty-flows/address/summary", summaryInit())).answer.status).not.toBe(
      503,
    );
  });

  test("issue 41 writes on a busy store are whole or absent: refused before they begin, never cut once begun", async () => {
    const names = ["Deadline refused A", "Deadline refused B", "Deadline let in"];
    const create = (name: string) =>
      server.fetch("/organizations", {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ name }),
      });
    let release = await holdStoreOpen(server);
    const refused = await Promise.all(names.slice(0, 2).map(create));
    await release();
    for (const answer of refused) {
      expect(answer.status).toBe(503);
      expect(answer.headers.get("retry-after")).toMatch(/^\d+$/);
    }
    // One sent while the store is held and let go well before its deadline: it runs, whole.
    release = await holdStoreOpen(server);
    const letIn = create(names[2]!);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await release();
    expect((await letIn).status).toBe(201);
    // Each organization is created with its admin membership in one transaction.
    const rows = await server.store.query<{ name: string; members: number }>(
      `SELECT o.name, count(m.user_id)::int AS members FROM organizations o
       LEFT JOIN memberships m ON m.organization_id = o.id WHERE o.name = ANY($1) GROUP BY o.name`,
      [names],
    );
    expect(rows).toEqual([{ name: names[2], members: 1 }]);
    // The SDK, told to come back after Retry-After, creates a refused one once, whole.
    release = await holdStoreOpen(server);
    const retried = server.client({ token }).organizations.create({ name: names[0]! });
    setTimeout(() => void release(), deadlineMs + 500);
    await retried;
    const after = await server.store.query<{ members: number }>(
      `SELECT count(m.user_id)::int AS members FROM organizations o
       LEFT JOIN memberships m ON m.organization_id = o.id WHERE o.name = $1 GROUP BY o.id`,
      [names[0]],
    );
    expect(after).toEqual([{ members: 1 }]);
  });
});

describe("load shedding on a full heap", () => {
  let server: TestServer;
  afterEach(async () => {
    await server?.close();
  });

  test("issue 41 past the heap threshold every request is answered 503 with Retry-After", async () => {
    server = await startTestServer({
      store: "pglite",
      env: { SLEUTH_SHED_HEAP_MB: "1", SLEUTH_SHED_RETRY_AFTER_SECONDS: "3" },
    });
    // The heap is sampled twice a second: once sampled, nothing passes.
    await vi.waitFor(async () => expect((await server.fetch("/auth/config")).status).toBe(503), {
      timeout: 5_000,
    });
    const shed = await server.fetch("/v1/search?q=abc");
    expect(shed.status).toBe(503);
    expect(shed.headers.get("retry-after")).toBe("3");
    expect(errorEnvelopeSchema.parse(await shed.json()).error.code).toBe("unavailable");
  });
});
