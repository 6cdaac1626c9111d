import { claimNotifications, markSent, queueNotification, requeueSendingNotifications } from "@sleuth/server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openTestStore, storeKinds } from "../helpers/server.ts";

// Issue 40: the outbox's claim on the real store. Several workers (on PostgreSQL, each on its own
// connection, as several server processes would be) never take the same row; a row whose lease ran
// out is claimed again, and the worker that lost it can no longer mark it.

describe.each(storeKinds)("issue 40 outbox claims on %s", (kind) => {
  let store: Awaited<ReturnType<typeof openTestStore>>["store"];
  let dispose: () => Promise<void>;
  let organizationId: number;
  const settings = { emailEnabled: true, consoleUrl: () => "http://127.0.0.1:7777" };

  beforeAll(async () => {
    ({ store, dispose } = await openTestStore(kind));
    const [row] = await store.query<{ id: number }>("SELECT id FROM organizations ORDER BY id LIMIT 1");
    organizationId = row!.id;
  });
  afterAll(async () => {
    await dispose?.();
  });

  async function queue(count: number): Promise<void> {
    await store.transaction(async (tx) => {
      for (let index = 0; index < count; index += 1) {
        await queueNotification(tx, settings, {
          organizationId,
          causedByUserId: null,
          event: {
            kind: "organization-invitation",
            member: { name: "", email: "b@b.example" },
            role: "viewer",
            by: { name: "", email: "a@b.example" },
          },
          addresses: [`claim-${kind}-${index}@bench.example`],
        });
      }
    });
  }

  test("issue 40 workers claiming side by side take every row exactly once (SKIP LOCKED)", async () => {
    await queue(120);
    const claimedBy = new Map<number, string>();
    let doubled = 0;
    await Promise.all(
      ["w1", "w2", "w3", "w4"].map(async (owner) => {
        for (;;) {
          const rows = await claimNotifications(store, owner, { limit: 7, leaseMs: 60_000 });
          if (rows.length === 0) return;
          for (const row of rows) {
            if (claimedBy.has(row.id)) doubled += 1;
            claimedBy.set(row.id, owner);
            expect(await markSent(store, row, owner, null)).toBe(true);
          }
        }
      }),
    );
    expect(doubled).toBe(0);
    expect(claimedBy.size).toBe(120);
    const [left] = await store.query<{ open: string | number }>(
      "SELECT count(*) AS open FROM notification_outbox WHERE state <> 'sent'",
    );
    expect(Number(left!.open)).toBe(0);
  });

  test("issue 40 a row whose lease ran out is claimed again; the worker that lost it cannot mark it", async () => {
    await queue(1);
    const [first] = await claimNotifications(store, "dead", { limit: 10, leaseMs: 500 });
    expect(first).toBeDefined();
    // While a lease holds, nobody else takes the row.
    expect(await claimNotifications(store, "early", { limit: 10, leaseMs: 60_000 })).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 600));
    const [again] = await claimNotifications(store, "alive", { limit: 10, leaseMs: 60_000 });
    expect(again).toMatchObject({ id: first!.id, uuid: first!.uuid, attempts: 2 });
    expect(await markSent(store, first!, "dead", null)).toBe(false);
    expect(await markSent(store, again!, "alive", null)).toBe(true);
  });

  test("issue 40 on a store one process owns, rows left sending are queued again at start", async () => {
    await queue(1);
    const [claimed] = await claimNotifications(store, "killed", { limit: 10, leaseMs: 60_000 });
    expect(await requeueSendingNotifications(store)).toBe(1);
    const [again] = await claimNotifications(store, "restarted", { limit: 10, leaseMs: 60_000 });
    expect(again?.uuid).toBe(claimed!.uuid);
    expect(await markSent(store, again!, "restarted", null)).toBe(true);
  });
});
