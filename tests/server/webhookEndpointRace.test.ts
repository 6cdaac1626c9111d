import { afterAll, beforeAll, expect, test } from "vitest";
import { memberCalls } from "../helpers/memberCalls.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

// Issue 40 on PostgreSQL, where requests run side by side: an event queued for the organization's
// webhook endpoints while an admin deletes one of them. The route fuzz on PostgreSQL met it as a 500
// (the outbox row's foreign key no longer held); the event must go out to the endpoints that remain.

let server: TestServer;
const send = memberCalls(() => server);

beforeAll(async () => {
  server = await startTestServer({ store: "postgres", world: "small" });
});
afterAll(async () => {
  await server?.close();
});

test("issue 40 a provider invited while an admin deletes the webhook endpoint is queued, without it", async () => {
  const organization = server.demo.organization.uuid;
  const dana = await server.tokenFor(server.demo.user.email);
  const created = await send(dana, "POST", "/v1/organization/webhooks", {
    organization,
    body: { url: "http://127.0.0.1:9/gone" },
  });
  expect(created.status).toBe(201);
  const [vasp] = await server.store.query<{ urn: string }>(
    "SELECT urn FROM entities WHERE category_id IN (8, 13) ORDER BY id LIMIT 1",
  );

  // The admin's delete, begun and not yet committed, while the invitation is queued.
  let commit!: () => void;
  const committing = new Promise<void>((resolve) => {
    commit = resolve;
  });
  let deleted!: () => void;
  const deleting = new Promise<void>((resolve) => {
    deleted = resolve;
  });
  const deletion = server.store.transaction(async (tx) => {
    await tx.query("DELETE FROM webhook_endpoints WHERE uuid = $1", [created.body.data.uuid]);
    deleted();
    await committing;
  });
  await deleting;
  const invited = send(dana, "POST", "/v1/beacon/notifications", {
    organization,
    body: { entityUrn: vasp!.urn, action: "invite" },
  });
  try {
    // The invitation's statement waits on the deleted row's lock, then the delete commits.
    await expect
      .poll(async () => {
        const [row] = await server.store.query<{ waiting: number }>(
          `SELECT count(*)::integer AS waiting FROM pg_stat_activity
           WHERE wait_event_type = 'Lock' AND datname = current_database()`,
        );
        return row!.waiting;
      })
      .toBe(1);
  } finally {
    commit();
    await deletion;
  }

  const answer = await invited;
  expect(answer.status).toBe(201);
  const rows = await server.store.query<{ channel: string }>(
    "SELECT channel FROM notification_outbox WHERE kind = 'vasp-invited'",
  );
  expect(rows.filter((row) => row.channel === "webhook")).toEqual([]);
});
