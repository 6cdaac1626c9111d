import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApiToken, demoAccounts, findUserByEmail } from "@sleuth/server";
import { afterAll, describe, expect, test } from "vitest";
import { memberCalls } from "../helpers/memberCalls.ts";
import { startSmtpReceiver } from "../helpers/notificationReceivers.ts";
import { storeKinds, type TestServer } from "../helpers/server.ts";
import { killHard, prepareProcessStore, startServerProcess } from "../helpers/serverProcess.ts";

// Issue 40 "never sent twice after a restart": the server is killed (SIGKILL) after its worker
// claimed an e-mail and while the mail server has not yet accepted it. After a restart the row is
// claimed again (PGlite: at start, the store being one process's; PostgreSQL: when its lease runs
// out) and the e-mail arrives exactly once.

describe.each(storeKinds)("an e-mail survives the server's death on %s", (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  });

  test("issue 40 a server killed between claim and send delivers once after restart", async () => {
    const smtp = await startSmtpReceiver();
    cleanups.push(() => smtp.close());
    const dir = await mkdtemp(join(tmpdir(), "sleuth-notify-crash-"));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const env: Record<string, string> = {
      SLEUTH_DATA_DIR: dir,
      SLEUTH_SMTP_URL: smtp.url,
      SLEUTH_NOTIFY_LEASE_SECONDS: "2",
    };
    // The server's store starts as a copy of the run's template, not a first start's migrations.
    const { store, drop } = await prepareProcessStore(kind, dir, env);
    cleanups.push(drop);
    const user = await findUserByEmail(store, demoAccounts.user.email);
    const { token } = await createApiToken(store, user?.id ?? 0, "crash test");
    await store.close();

    smtp.stall = true;
    let server = await startServerProcess(env);
    cleanups.push(async () => {
      server.child.kill("SIGKILL");
    });
    const send = memberCalls(
      () =>
        ({ fetch: (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init) }) as TestServer,
    );
    const invitee = "crash-invitee@agency.example";
    const invited = await send(token, "POST", "/users-organizations", {
      organization: demoAccounts.organization.uuid,
      body: { email: invitee, role: "viewer" },
    });
    expect(invited.status).toBe(201);
    // The worker claimed the row and is waiting on the mail server's answer: now it dies.
    const started = Date.now();
    while (smtp.stalled === 0 && Date.now() - started < 15_000)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(smtp.stalled).toBe(1);
    await killHard(server.child);
    expect(smtp.messages).toEqual([]);

    smtp.stall = false;
    server = await startServerProcess(env);
    const [mail] = await smtp.waitFor(1, 30_000);
    expect(mail!.to).toEqual([invitee]);
    expect(mail!.subject).toBe("You were added to Demo Investigations");
    // The delivery (its uuid is the e-mail's Message-ID) ends sent after two claims: the one that
    // died and the one after the restart. A second send would have needed a third claim.
    const uuid = /^<([0-9a-f-]{36})@/.exec(mail!.messageId)?.[1];
    expect(uuid).toBeDefined();
    let delivery: { state: string; attempts: number } | undefined;
    const polled = Date.now();
    while (delivery?.state !== "sent" && Date.now() - polled < 15_000) {
      const answer = await send(token, "GET", `/v1/notifications/deliveries/${uuid}`, {
        organization: demoAccounts.organization.uuid,
      });
      delivery = answer.body.data;
      if (delivery?.state !== "sent") await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(delivery).toMatchObject({ state: "sent", attempts: 2 });
    await killHard(server.child);
    expect(smtp.messages).toHaveLength(1);
  }, 120_000);
});
