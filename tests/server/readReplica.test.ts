import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { addressChainUrn, type SleuthClient } from "@sleuth/sdk";
import { createNodeClient } from "@sleuth/sdk/node";
import {
  createApiToken,
  demoAccounts,
  findUserByEmail,
  openPostgresStore,
  runImport,
  type Store,
} from "@sleuth/server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { busiestSampleAddress, ethereumEtlFixtureDir } from "../helpers/ethereumEtlSample.ts";
import {
  type PostgresCluster,
  startPostgresCluster,
  startStreamingReplica,
} from "../helpers/postgresCluster.ts";
import { killHard, startServerProcess } from "../helpers/serverProcess.ts";

// Issue 46 "Past one machine": with DATABASE_REPLICA_URL the analytics reads go to a PostgreSQL
// streaming replica and everything else to the primary. A primary and a hot standby of it
// (pg_basebackup -R) on loopback, from Debian's PostgreSQL; the server as `pnpm start` runs it. The
// replica's replay is paused to tell the two apart: what the primary holds and the replica has not
// replayed is not read, and a write answers only once the replica has replayed it.

const database = "sleuth";
const busiest = busiestSampleAddress();
const busiestUrn = addressChainUrn("ethereum", busiest);

async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("a server with a read replica", () => {
  const cleanups: (() => unknown)[] = [];
  let primary: Store;
  let replica: Store;
  let client: SleuthClient;

  const pauseReplay = async () => {
    await replica.query("SELECT pg_wal_replay_pause()");
    await until(
      async () =>
        (await replica.query<{ state: string }>("SELECT pg_get_wal_replay_pause_state() AS state"))[0]
          ?.state === "paused",
      "the replica to pause",
    );
  };
  const resumeReplay = () => replica.query("SELECT pg_wal_replay_resume()");
  const tagsThroughServer = async () =>
    ((await client.attribution.addresses([busiestUrn])).data[0]?.tags ?? []).map((tag) => tag.category);

  beforeAll(async () => {
    const primaryCluster: PostgresCluster = await startPostgresCluster({
      // Committed WAL is flushed, so the replica receives it at once.
      settings: ["synchronous_commit=on"],
    });
    cleanups.push(() => primaryCluster.stop());
    const replicaCluster = await startStreamingReplica(primaryCluster);
    cleanups.push(() => replicaCluster.stop());
    const admin = await openPostgresStore(primaryCluster.url, { max: 1 });
    await admin.exec(`CREATE DATABASE ${database}`);
    await admin.close();
    const primaryUrl = primaryCluster.url.replace(/\/postgres$/, `/${database}`);
    const replicaUrl = replicaCluster.url.replace(/\/postgres$/, `/${database}`);

    const exportDir = await mkdtemp(join(tmpdir(), "sleuth-replica-exports-"));
    cleanups.push(() => rm(exportDir, { recursive: true, force: true }));
    // The server migrates the primary and creates the demo accounts before it listens.
    const server = await startServerProcess({
      DATABASE_URL: primaryUrl,
      DATABASE_REPLICA_URL: replicaUrl,
      SLEUTH_EXPORT_DIR: exportDir,
    });
    cleanups.push(() => killHard(server.child));
    primary = await openPostgresStore(primaryUrl, { max: 2 });
    cleanups.push(() => primary.close());
    replica = await openPostgresStore(replicaUrl, { max: 1 });
    cleanups.push(async () => {
      await resumeReplay().catch(() => {});
      await replica.close();
    });
    const user = await findUserByEmail(primary, demoAccounts.user.email);
    client = createNodeClient({
      baseUrl: server.url,
      token: (await createApiToken(primary, user!.id, "replica test")).token,
    });
  }, 120_000);

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => {});
  });

  test("issue 46 an import answers once the replica holds it: its transfers list through the replica at once", async () => {
    const imported = await client.imports.run(
      "ethereum-etl",
      readFileSync(join(ethereumEtlFixtureDir, "token_transfers_17173049.jsonl"), "utf8"),
    );
    expect(imported.inserted).toBeGreaterThan(0);
    const page = await client.transfers.address({ addressChainUrn: busiestUrn, pageSize: 100 });
    const [stored] = await primary.query<{ count: number }>(
      `SELECT count(*) AS count FROM transfers t JOIN addresses a ON a.id = t.address_id
       WHERE a.chain = 'ethereum' AND a.address = $1`,
      [busiest],
    );
    expect(stored!.count).toBeGreaterThan(0);
    expect(page.data).toHaveLength(Math.min(100, stored!.count));
  });

  test("issue 46 analytics reads come from the replica: what it has not replayed is not read", async () => {
    expect(await tagsThroughServer()).toEqual([]);
    await pauseReplay();
    try {
      // Written on the primary behind the server's back, as another process would.
      await runImport(
        primary,
        "address-labels",
        `address,label,category,chain\n${busiest},Mixer Desk,mixer,ethereum\n`,
      );
      const [onPrimary] = await primary.query<{ tagged: boolean }>(
        "SELECT tags IS NOT NULL AS tagged FROM address_summary WHERE chain = 'ethereum' AND address = $1",
        [busiest],
      );
      expect(onPrimary?.tagged).toBe(true);
      expect(await tagsThroughServer()).toEqual([]);
    } finally {
      await resumeReplay();
    }
    await until(async () => (await tagsThroughServer()).length > 0, "the replica to replay the label");
    expect(await tagsThroughServer()).toEqual(["Mixer"]);
  });

  test("issue 46 a write goes to the primary and answers once the replica has replayed it", async () => {
    const name = "Replica watch";
    await pauseReplay();
    let answered = false;
    const creating = client.customEntities
      .create({ name, resources: [{ resourceUrn: busiestUrn }] })
      .finally(() => {
        answered = true;
      });
    try {
      const count = async (store: Store) =>
        (
          await store.query<{ count: number }>(
            "SELECT count(*) AS count FROM custom_entities WHERE name = $1",
            [name],
          )
        )[0]!.count;
      // The answer is ready (the idempotency layer stores it just before it is sent)…
      await until(
        async () =>
          (
            await primary.query(
              "SELECT 1 FROM idempotency_keys WHERE path = '/v1/custom-entities' AND status = 201",
            )
          ).length === 1,
        "the creation's answer",
      );
      // …and the entity committed on the primary, absent from the paused replica.
      expect(await count(primary)).toBe(1);
      expect(await count(replica)).toBe(0);
      // The organization's own objects are read from the primary: the list shows the entity while its
      // creation, committed there, waits for the paused replica to answer.
      const listed = await client.customEntities.list();
      expect(listed.items.map((item) => item.name)).toContain(name);
      expect(answered).toBe(false);
    } finally {
      await resumeReplay();
    }
    const created = await creating;
    // The caller's next analytics read, from the replica, finds what it has just created.
    const page = await client.transfers.customEntity({ customEntityUrn: created.urn, pageSize: 30 });
    expect(page.data.length).toBeGreaterThan(0);
  });
});
