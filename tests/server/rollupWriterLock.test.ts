import { readFileSync } from "node:fs";
import type { SleuthClient } from "@sleuth/sdk";
import { openPostgresStore, type Store } from "@sleuth/server";
import { type Hex, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Anvil, anvilFunder, startAnvil } from "../helpers/anvil.ts";
import { expectSettledEqualsRebuilt } from "../helpers/rollupEquivalence.ts";
import { postgresAdminUrl, startTestServer, type TestServer } from "../helpers/server.ts";

// Issue 46: every writer of chain facts settles the read model in its own transaction. On
// PostgreSQL an import and the chain follower run in separate transactions at once; each settle
// reads base tables and rewrites rollup rows the other may be changing, so they must take turns.
// The proof: an import is held inside its settle (the test locks a rollup table it reads), a block
// is mined meanwhile, and the follower's batch must wait for the import before it writes anything,
// rather than reach its own settle beside it. PostgreSQL only: PGlite runs one transaction at a time.

const fixture = readFileSync(
  new URL("../../packages/server/fixtures/ethereum-etl/transactions_17173049.jsonl", import.meta.url),
  "utf8",
);

interface Waiter {
  pid: number;
  wait_event: string;
  query: string;
}

describe("issue 46 writers of chain facts on PostgreSQL", () => {
  let anvil: Anvil;
  let server: TestServer;
  let admin: SleuthClient;
  // The test's own connections to the server's database, outside the server's pool.
  let observer: Store;

  beforeAll(async () => {
    [anvil, server] = await Promise.all([
      startAnvil(),
      startTestServer({ store: "postgres", env: { SLEUTH_ETHEREUM_POLL_MS: "20" } }),
    ]);
    const [database] = await server.store.query<{ name: string }>("SELECT current_database() AS name");
    const url = new URL(postgresAdminUrl());
    url.pathname = `/${database!.name}`;
    observer = await openPostgresStore(url.toString(), { max: 2 });
    admin = server.client({
      token: await server.tokenFor(server.demo.user.email),
      organizationUuid: server.demo.organization.uuid,
    });
  }, 120_000);
  afterAll(async () => {
    await observer?.close();
    await server?.close();
    await anvil?.stop();
  });

  /** The server's connections waiting on a lock now (not the observer's own). */
  const lockWaiters = (): Promise<Waiter[]> =>
    observer.query<Waiter>(
      `SELECT pid, wait_event, query FROM pg_stat_activity
       WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
    );

  async function until<T>(what: string, found: () => Promise<T | null>): Promise<T> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const value = await found();
      if (value !== null) return value;
      if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  test("issue 46 an import and a follower batch never settle the rollups at the same time", async () => {
    await admin.ingest.start({ rpcUrl: anvil.url, from: 0, confirmations: 0 });
    await until("the follower to reach the head", async () =>
      (await admin.ingest.status()).checkpoint === "0" ? true : null,
    );

    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held!: () => void;
    const holding = new Promise<void>((resolve) => {
      held = resolve;
    });
    // A rollup table every settle reads and nothing before it does: whoever reaches a settle waits here.
    const lockHolder = observer.transaction(async (tx) => {
      await tx.query("LOCK TABLE address_summary IN ACCESS EXCLUSIVE MODE");
      held();
      await released;
    });
    await holding;

    const imported = admin.imports.run("ethereum-etl", fixture);
    const alice = privateKeyToAccount(generatePrivateKey());
    let hash: Hex;
    try {
      const importWaiter = await until("the import to reach its settle", async () => {
        const waiters = await lockWaiters();
        return waiters.find((waiter) => waiter.wait_event === "relation") ?? null;
      });
      expect(importWaiter.query).toMatch(/settle_/);

      // A block for the follower while the import is inside its settle.
      hash = await anvil.wallet(anvilFunder).sendTransaction({ to: alice.address, value: parseEther("1") });
      await anvil.wallet(anvilFunder).waitForTransactionReceipt({ hash });

      // The follower's batch waits for the import's lock before its first write; had it a lock of its
      // own, it would write its block and wait on the rollup table beside the import, in its settle.
      const followerWaits = await until("the follower's batch to wait", async () => {
        const waiters = await lockWaiters();
        const others = waiters.filter((waiter) => waiter.pid !== importWaiter.pid);
        return others.length > 0 ? others : null;
      });
      expect(followerWaits.map((waiter) => waiter.wait_event)).toEqual(["advisory"]);
      expect((await admin.ingest.status()).checkpoint).toBe("0");
    } finally {
      // Even when an expectation failed: the import must not wait on the test's lock until it times out.
      release();
      await lockHolder;
    }
    expect((await imported).inserted).toBeGreaterThan(0);
    const block = (await anvil.wallet(anvilFunder).getTransactionReceipt({ hash })).blockNumber;
    await until("the follower to write the mined block", async () =>
      (await admin.ingest.status()).checkpoint === String(block) ? true : null,
    );
    const [followed] = await server.store.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM address_summary WHERE chain = 'ethereum' AND address = $1",
      [alice.address.toLowerCase()],
    );
    expect(followed!.n).toBe(1);
    // One after the other, both settles left what a full rebuild writes.
    await expectSettledEqualsRebuilt(server.store);
  }, 120_000);
});
