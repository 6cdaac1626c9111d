import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { addressChainUrn, type SleuthClient } from "@sleuth/sdk";
import { createNodeClient } from "@sleuth/sdk/node";
import {
  createApiToken,
  demoAccounts,
  findUserByEmail,
  migrate,
  openPgliteStore,
  pgdataPath,
  type Store,
} from "@sleuth/server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { killHard, prepareProcessStore, startServerProcess } from "../helpers/serverProcess.ts";
import { pgliteTemplate } from "../helpers/storeTemplates.ts";
import {
  syntheticAddress,
  syntheticEthereumEtlCsv,
  syntheticHashPrefix,
  syntheticRowsSql,
} from "../helpers/syntheticEthereumEtl.ts";

// Issue 46 "Rollups that follow the batch": an import sent as a job answers at once; while it runs
// the server answers /healthz and reads; a server killed during the job finishes it after a
// restart with the rows an uninterrupted run writes. PGlite: the store that serves one query at a
// time, where an import could stall everyone.

const transactions = 10_000;
const file = syntheticEthereumEtlCsv(transactions);

async function rowsOf(store: Store) {
  const [row] = await store.query(syntheticRowsSql, [syntheticHashPrefix()]);
  return row;
}

describe("issue 46 imports as jobs", () => {
  let server: TestServer;
  let client: SleuthClient;
  let uninterrupted: Awaited<ReturnType<typeof rowsOf>>;

  beforeAll(async () => {
    server = await startTestServer({ store: "pglite" });
    client = server.client({ token: await server.tokenFor(server.demo.user.email) });
  });
  afterAll(async () => {
    await server?.close();
  });

  test("issue 46 /healthz and an address summary answer while a large import job runs", async () => {
    // The first lines as a plain (synchronous) import: the answer existing callers get.
    const head = file.split("\n").slice(0, 201).join("\n");
    expect(await client.imports.run("ethereum-etl", head)).toMatchObject({ inserted: 200, skippedCount: 0 });
    const subject = addressChainUrn("ethereum", syntheticAddress(0));

    const started = await client.imports.start("ethereum-etl", file);
    expect(started).toMatchObject({ status: "queued", phase: "queued", format: "ethereum-etl" });
    // /healthz and a summary read asked over and over, one at a time each, while the job runs.
    const answeredAt: Record<"health" | "summary", number[]> = { health: [], summary: [] };
    let running = true;
    const poll = async (what: "health" | "summary", ask: () => Promise<void>) => {
      while (running) {
        await ask();
        answeredAt[what].push(Date.now());
      }
    };
    const pollers = [
      poll("health", async () => {
        const health = await server.fetch("/healthz");
        expect(health.status).toBe(200);
      }),
      poll("summary", async () => {
        const [summary] = (await client.metrics.addresses([subject])).data;
        expect(summary?.addressChainUrn).toBe(subject);
      }),
    ];
    const done = await client.imports.wait(started.importJobUuid);
    running = false;
    await Promise.all(pollers);
    expect(done).toMatchObject({ status: "succeeded", phase: "done", recordsRead: transactions });
    expect(done.result).toMatchObject({ inserted: transactions - 200, unchanged: 200, skippedCount: 0 });
    // Both answered before the import was done: neither waited for it.
    const finishedAt = Date.parse(done.finishedAt ?? "");
    expect(answeredAt.health.filter((at) => at < finishedAt).length).toBeGreaterThan(0);
    expect(answeredAt.summary.filter((at) => at < finishedAt).length).toBeGreaterThan(0);
    uninterrupted = await rowsOf(server.store);
    expect(uninterrupted).toMatchObject({ transactions, transfers: 2 * transactions });
  }, 300_000);

  test("issue 46 a server started as `pnpm start` answers /healthz and a read while a long import applies", async () => {
    // The default configuration on a PGlite data directory: the store in its worker thread, load
    // shedding as shipped (the helper turns the store's checks off; they are put back here).
    const dir = await mkdtemp(join(tmpdir(), "sleuth-import-loop-"));
    const env = {
      SLEUTH_DATA_DIR: dir,
      SLEUTH_EXPORT_DIR: join(dir, "exports"),
      SLEUTH_SHED_STORE_WAIT_MS: "1000",
      SLEUTH_SHED_DEADLINE_MS: "3000",
    };
    const prepared = await prepareProcessStore("pglite", dir, env);
    const user = await findUserByEmail(prepared.store, demoAccounts.user.email);
    const { token } = await createApiToken(prepared.store, user?.id ?? 0, "import loop test");
    await prepared.store.close();
    const running = await startServerProcess(env);
    try {
      const processClient = createNodeClient({ baseUrl: running.url, token });
      const head = file.split("\n").slice(0, 201).join("\n");
      await processClient.imports.run("ethereum-etl", head);
      const subject = addressChainUrn("ethereum", syntheticAddress(0));

      const started = await processClient.imports.start("ethereum-etl", file);
      // /healthz every 50 ms (a monitor's pace, within the per-client rate limit) until the job is
      // done. Its store probe waits at most 200 ms (routes/health.ts): "busy" means the import's
      // transaction held the store as it answered.
      const health: { sentAt: number; answeredAt: number; status: number; store: string }[] = [];
      let read: { sentAt: number; answeredAt: number; outcome: string } | undefined;
      let reading: Promise<void> | undefined;
      // The summary read, by hand: the SDK's bulk call retries a refused batch and reports it among
      // its failures, where this test wants the answer itself.
      const readSummary = async () => {
        const sentAt = Date.now();
        const answer = await fetch(`${running.url}/trm-insights/v1/address/metrics/summary/mini/bulk`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify({ addressChainUrns: [subject] }),
        });
        const body = (await answer.json()) as { data?: { addressChainUrn: string }[] };
        // Load shedding may refuse it, 503 with Retry-After: an answer too, at once.
        const outcome =
          answer.status === 200 && body.data?.[0]?.addressChainUrn === subject
            ? "answered"
            : answer.status === 503 && answer.headers.get("retry-after")
              ? "refused as busy"
              : `${answer.status} ${JSON.stringify(body)}`;
        read = { sentAt, answeredAt: Date.now(), outcome };
      };
      let importing = true;
      const healthLoop = (async () => {
        while (importing) {
          const sentAt = Date.now();
          const answer = await fetch(`${running.url}/healthz`);
          const body = (await answer.json()) as { data?: { store: string } };
          const store = body.data?.store ?? "";
          health.push({ sentAt, answeredAt: Date.now(), status: answer.status, store });
          await new Promise((resolve) => setTimeout(resolve, 50));
          // The first time the store is held, a read goes in behind the import.
          if (store === "busy" && !reading) reading = readSummary();
        }
      })();
      const done = await processClient.imports.wait(started.importJobUuid);
      importing = false;
      await healthLoop;
      await reading;
      expect(done).toMatchObject({ status: "succeeded", result: { inserted: transactions - 200 } });
      expect(health.filter((answer) => answer.status !== 200)).toEqual([]);
      // /healthz kept answering while the import's transaction held the store: more than once, and
      // never held up by it (a generous bound: its own probe gives up after 200 ms).
      expect(health.filter((answer) => answer.store === "busy").length).toBeGreaterThan(1);
      const slowest = Math.max(...health.map((answer) => answer.answeredAt - answer.sentAt));
      expect(slowest).toBeLessThan(2_000);
      // The read was answered, and while it waited /healthz went on answering.
      expect(read?.outcome).toMatch(/^(answered|refused as busy)$/);
      if (read && read.answeredAt - read.sentAt > 1_000) {
        const meanwhile = health.filter(
          (answer) => answer.sentAt >= read!.sentAt && answer.answeredAt <= read!.answeredAt,
        );
        expect(meanwhile.length).toBeGreaterThan(0);
      }
      // A POST with an Idempotency-Key runs whole in one transaction, held in the worker's PGlite:
      // repeated, its stored answer comes back.
      const createCase = () =>
        fetch(`${running.url}/cases`, {
          method: "POST",
          headers: {
            authorization: `Bearer ${token}`,
            "content-type": "application/json",
            "idempotency-key": "import-loop-case",
          },
          body: JSON.stringify({ name: "After the import", isSharedWithOrg: false }),
        });
      const first = await createCase();
      const again = await createCase();
      expect([first.status, again.status]).toEqual([201, 201]);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      expect(await again.json()).toEqual(await first.json());
    } finally {
      await killHard(running.child);
      await rm(dir, { recursive: true, force: true });
    }
  }, 300_000);

  test("issue 46 a file that is not the format fails its job with the line; GET of another organization's job is 404", async () => {
    const job = await client.imports.wait(
      (await client.imports.start("ethereum-etl", "not,an,export\n1,2,3\n")).importJobUuid,
    );
    expect(job.status).toBe("failed");
    expect(job.error?.line).toBe(1);
    expect(job.error?.message).toContain("Not an ethereum-etl export");
    const stranger = await server.createUser();
    const other = server.client({ token: await server.tokenFor(stranger.email) });
    await expect(other.imports.job(job.importJobUuid)).rejects.toMatchObject({ status: 404 });
  });

  test("issue 46 a server killed during an import job finishes it after a restart with the same rows", async () => {
    const dir = await mkdtemp(join(tmpdir(), "sleuth-import-crash-"));
    const store = await openPgliteStore({
      dataDir: pgdataPath(dir),
      loadDataDir: await pgliteTemplate(undefined),
    });
    await migrate(store);
    const user = await findUserByEmail(store, demoAccounts.user.email);
    const { token } = await createApiToken(store, user?.id ?? 0, "import crash test");
    await store.close();
    const env = { SLEUTH_DATA_DIR: dir, SLEUTH_EXPORT_DIR: join(dir, "exports") };
    let running = await startServerProcess(env);
    try {
      let processClient = createNodeClient({ baseUrl: running.url, token });
      const started = await processClient.imports.start("ethereum-etl", file);
      // Killed once the worker has taken the job: mid-import.
      for (;;) {
        const job = await processClient.imports.job(started.importJobUuid);
        expect(job.status).not.toBe("succeeded");
        if (job.status === "running") break;
      }
      await killHard(running.child);
      running = await startServerProcess(env);
      processClient = createNodeClient({ baseUrl: running.url, token });
      const done = await processClient.imports.wait(started.importJobUuid);
      expect(done.status).toBe("succeeded");
      expect(done.result).toMatchObject({ inserted: transactions, skippedCount: 0 });
      await killHard(running.child);
      const after = await openPgliteStore({ dataDir: pgdataPath(dir) });
      try {
        expect(await rowsOf(after)).toEqual(uninterrupted);
        // The job's kept file and staged rows are gone with it.
        expect(
          await after.query(
            "SELECT (SELECT count(*)::int FROM import_job_chunks) AS chunks, (SELECT count(*)::int FROM import_staged_records) AS staged",
          ),
        ).toEqual([{ chunks: 0, staged: 0 }]);
      } finally {
        await after.close();
      }
    } finally {
      await killHard(running.child);
      await rm(dir, { recursive: true, force: true });
    }
  }, 300_000);
});
