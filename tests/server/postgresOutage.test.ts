import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { errorEnvelopeSchema, type SleuthClient } from "@sleuth/sdk";
import { createNodeClient } from "@sleuth/sdk/node";
import {
  buildServer,
  createApiToken,
  demoAccounts,
  findUserByEmail,
  loadConfig,
  migrate,
  openStore,
  type Store,
  seedDemoAccounts,
} from "@sleuth/server";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { type PostgresCluster, startPostgresCluster } from "../helpers/postgresCluster.ts";
import { insertSyntheticTransfers } from "../helpers/syntheticTransfers.ts";
import { expectEveryTransferOnce, waitForJob } from "./exportHelpers.ts";

// Issue 41 "Faults": PostgreSQL stopped for ten seconds under light load and an export job, then
// started again. The test owns its cluster (pg_ctl stop / start) so no other file's database goes
// away. About 45 s: ten of them are the outage itself, and the job is claimed again once its
// heartbeat is stale (the export worker's 15 s).

const outageMs = 10_000;
const exportRows = 100_000;

let cluster: PostgresCluster;
let store: Store;
let app: Awaited<ReturnType<typeof buildServer>>;
let baseUrl: string;
let token: string;
let client: SleuthClient;
let subjectUrn: string;

beforeAll(async () => {
  cluster = await startPostgresCluster();
  const config = loadConfig({
    DATABASE_URL: cluster.url,
    SLEUTH_LOG_LEVEL: "silent",
    SLEUTH_WEB_DIST: "/nonexistent",
    SLEUTH_EXPORT_DIR: mkdtempSync(join(tmpdir(), "sleuth-exports-")),
  });
  store = await openStore(config);
  await migrate(store);
  await seedDemoAccounts(store);
  const user = await findUserByEmail(store, demoAccounts.user.email);
  token = (await createApiToken(store, user?.id ?? 0, "outage test")).token;
  subjectUrn = (await insertSyntheticTransfers(store, { count: exportRows })).addressChainUrn;
  app = await buildServer({ store, config });
  await app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  client = createNodeClient({ baseUrl, token });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await store?.close();
  cluster?.stop();
});

interface Sample {
  at: number;
  ms: number;
  status: number;
  body: string;
}

async function timed(path: string, init: RequestInit = {}): Promise<Sample> {
  const started = performance.now();
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, ...init.headers },
      signal: AbortSignal.timeout(30_000),
    });
    const body = await response.text();
    return { at: started, ms: performance.now() - started, status: response.status, body };
  } catch (error) {
    // Status 0: no answer at all (a reset connection, a timeout), which the test counts as a failure.
    return { at: started, ms: performance.now() - started, status: 0, body: String(error) };
  }
}

test("issue 41 PostgreSQL stopped for ten seconds: requests answer 503 quickly, the server recovers, a running export resumes, nothing half-written", async () => {
  const samples: Sample[] = [];
  const writes: Array<{ key: string; name: string; status: number }> = [];
  let running = true;
  // Light load: two readers and one writer, back to back.
  const reader = async () => {
    while (running) samples.push(await timed("/auth-user-info"));
  };
  const writer = async () => {
    while (running) {
      const key = randomUUID();
      const name = `Outage ${key}`;
      const sample = await timed("/cases", {
        method: "POST",
        headers: { "content-type": "application/json", "idempotency-key": key },
        body: JSON.stringify({ name, isSharedWithOrg: false }),
      });
      samples.push(sample);
      writes.push({ key, name, status: sample.status });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const load = Promise.all([reader(), reader(), writer()]);
  await vi.waitFor(() => expect(samples.filter((s) => s.status === 200).length).toBeGreaterThan(5), {
    timeout: 10_000,
  });

  // An export running when the database goes away: caught mid-file.
  const job = await client.asyncJobs.create({
    jobType: "ADDRESS_TRANSFERS_CSV",
    parameters: { addressChainUrn: subjectUrn },
  });
  for (;;) {
    const now = await client.asyncJobs.get(job.asyncJobUuid);
    expect(now.status).not.toBe("succeeded");
    if (now.status === "running" && now.progressRows > 0) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }

  const down = performance.now();
  cluster.halt();
  await new Promise((resolve) => setTimeout(resolve, outageMs));
  cluster.resume();
  const up = performance.now();
  // The pool reconnects by itself: no restart, no call to the server.
  await vi.waitFor(
    () => {
      const last = samples.slice(-3);
      expect(last.length === 3 && last.every((s) => s.status === 200 || s.status === 201)).toBe(true);
    },
    { timeout: 20_000, interval: 100 },
  );
  running = false;
  await load;

  const gap = samples.filter((s) => s.at > down + 500 && s.at + s.ms < up);
  expect(gap.length).toBeGreaterThan(10);
  // A reader may be answered from what the server remembers of its caller; anything needing the
  // store is refused with the one envelope.
  const refused = gap.filter((s) => s.status !== 200);
  expect(refused.length).toBeGreaterThan(5);
  for (const sample of refused) {
    expect(sample.status).toBe(503);
    const envelope = errorEnvelopeSchema.parse(JSON.parse(sample.body));
    expect(envelope.error.code).toBe("unavailable");
  }
  // Not a hang: no request waited much past the pool's connect timeout, and none failed with 500.
  expect(Math.max(...samples.map((s) => s.ms))).toBeLessThan(3_000);
  expect(samples.filter((s) => s.status === 0 || (s.status >= 500 && s.status !== 503))).toEqual([]);
  console.log(
    `${samples.length} requests, ${gap.length} in the gap, slowest ${Math.max(...gap.map((s) => s.ms)).toFixed(0)} ms`,
  );

  // A write the outage refused, sent again with its key, is created once; an accepted one exists once.
  for (const write of writes) {
    if (write.status === 503) {
      const again = await timed("/cases", {
        method: "POST",
        headers: { "content-type": "application/json", "idempotency-key": write.key },
        body: JSON.stringify({ name: write.name, isSharedWithOrg: false }),
      });
      expect(again.status).toBe(201);
    }
    const [row] = await store.query<{ n: number }>("SELECT count(*)::int AS n FROM cases WHERE name = $1", [
      write.name,
    ]);
    expect(row?.n, write.name).toBe(1);
  }

  // The export the outage cut off is claimed again and completes: every row once, as its manifest says.
  const done = await waitForJob(client, job.asyncJobUuid, 90_000);
  expect(done).toMatchObject({ status: "succeeded", progressRows: exportRows, totalRows: exportRows });
  // Claimed twice: cut off by the outage, then run again (a job that finished first would show one).
  const [claims] = await store.query<{ attempts: number }>(
    "SELECT attempts FROM async_jobs WHERE uuid = $1",
    [job.asyncJobUuid],
  );
  expect(claims?.attempts).toBe(2);
  await expectEveryTransferOnce(client, job.asyncJobUuid, exportRows);
}, 180_000);
