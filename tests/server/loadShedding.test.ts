import { createFetchTransport, errorEnvelopeSchema, SleuthClient } from "@sleuth/sdk";
import { createNodeClient } from "@sleuth/sdk/node";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/** Holds the store busy (a transaction left open) until the returned function is called. */
async function holdStore(server: TestServer): Promise<() => Promise<void>> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
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
  return async () => {
    release();
    await held;
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
    // A request queues behind the open transaction; from then on the store is saturated.
    const queued = server.fetch("/v1/search/configuration", {
      headers: { authorization: `Bearer ${token}` },
    });
    await vi.waitFor(() => expect(server.store.expectedWaitMs()).toBeGreaterThan(200));
    const started = performance.now();
    const shed = await server.fetch("/auth-user-info", { headers: { authorization: `Bearer ${token}` } });
    const elapsed = performance.now() - started;
    expect(shed.status).toBe(503);
    expect(shed.headers.get("retry-after")).toBe("1");
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
    // Queued behind the transaction, or shed itself when a background worker's poll queued first.
    expect([200, 503]).toContain((await queued).status);
    expect((await server.fetch("/healthz")).status).toBe(200);
  });

  test("issue 41 slow store work queued on PGlite: a new request is refused within a second, /healthz answers", async () => {
    // Real slow statements in the real store: PGlite runs each on the server's thread.
    const slowWork = Array.from({ length: 8 }, () => server.store.query("SELECT pg_sleep(0.25)"));
    await vi.waitFor(() => expect(server.store.expectedWaitMs()).toBeGreaterThan(200));
    const timed = async (path: string) => {
      const started = performance.now();
      const answer = await server.fetch(path, { headers: { authorization: `Bearer ${token}` } });
      return { answer, ms: performance.now() - started };
    };
    const [search, health] = await Promise.all([
      timed("/v3/attribution/autocomplete?query=bi&attributionType=entity"),
      timed("/healthz"),
    ]);
    expect(search.answer.status).toBe(503);
    expect(search.answer.headers.get("retry-after")).toBe("1");
    expect(errorEnvelopeSchema.parse(await search.answer.json()).error.code).toBe("unavailable");
    expect(search.ms).toBeLessThan(1_000);
    expect(health.answer.status).toBe(200);
    expect(health.ms).toBeLessThan(1_000);
    await Promise.all(slowWork);
    // Once the work is done the same search is answered.
    await vi.waitFor(async () => {
      expect(
        (await timed("/v3/attribution/autocomplete?query=bi&attributionType=entity")).answer.status,
      ).toBe(200);
    });
  });

  test("issue 41 the SDK's fetch transport waits the Retry-After, tells its watcher, and succeeds", async () => {
    const release = await holdStore(server);
    await vi.waitFor(() => expect(server.store.expectedWaitMs()).toBeGreaterThan(200));
    const retries: Array<{ status: number | null; delayMs: number }> = [];
    let settled = 0;
    const client = new SleuthClient({
      baseUrl: server.baseUrl,
      token,
      transport: createFetchTransport({
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
    expect(retries).toEqual([{ status: 503, delayMs: 1000 }]);
    expect(settled).toBe(1);
  });

  test("issue 41 the Node client (got) honours the Retry-After of a 503 too", async () => {
    const release = await holdStore(server);
    await vi.waitFor(() => expect(server.store.expectedWaitMs()).toBeGreaterThan(200));
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
