import { readFileSync } from "node:fs";
import {
  addressChainUrn,
  type NotificationKind,
  verifyWebhookSignature,
  type WebhookPayload,
  webhookDeliveryHeader,
  webhookEventHeader,
  webhookPayloadSchema,
  webhookSignatureHeader,
} from "@sleuth/sdk";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { memberCalls } from "../helpers/memberCalls.ts";
import {
  type SmtpReceiver,
  startSmtpReceiver,
  startWebhookReceiver,
  type WebhookReceiver,
} from "../helpers/notificationReceivers.ts";
import { startTestServer, storeKinds, type TestServer } from "../helpers/server.ts";

// Issue 40: notifications really leave the server. A real SMTP server (npm smtp-server) and an HTTP
// receiver listen on loopback; every event kind arrives with its recipients and contents, webhooks
// are signed, retried on 5xx, and stay inside their organization. On both stores.

const transactions = readFileSync(
  new URL(
    "../../packages/server/fixtures/raphtory-ethereum/transactions_3300000_first1000.csv",
    import.meta.url,
  ),
  "utf8",
);
const watched = addressChainUrn("ethereum", "0x885e4ca98d20a9826b59506d01e4c5637eee8ea1");
const operatorEmail = "operator@instance.example";
const consoleUrl = "https://sleuth.agency.example";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(storeKinds)("issue 40 notifications on %s", (kind) => {
  let server: TestServer;
  let smtp: SmtpReceiver;
  let hooks: WebhookReceiver;
  let dana: string; // admin of Demo Investigations, viewer of Partner Agency
  let alex: string; // editor of Partner Agency
  let colleague: { uuid: string; email: string; token: string };
  let secret: string;
  const send = memberCalls(() => server);
  const demoOrg = () => server.demo.organization.uuid;
  const mailsTo = (address: string) => smtp.messages.filter((mail) => mail.to.includes(address));
  const hookPath = "/demo";
  const hooksOf = (type: string) =>
    hooks.received.filter((hook) => hook.path === hookPath && JSON.parse(hook.body).type === type);

  async function waitForMail(address: string, subject: RegExp) {
    const started = Date.now();
    for (;;) {
      const found = mailsTo(address).find((mail) => subject.test(mail.subject));
      if (found) return found;
      if (Date.now() - started > 15_000) throw new Error(`no e-mail to ${address} matching ${subject}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  /**
   * The demo organization's endpoint got exactly one signed JSON POST for the event `isEvent` picks:
   * the SDK's payload, of this type, for this organization, linking to `page` of the console.
   */
  async function expectOneSignedHook(
    type: NotificationKind,
    page: string,
    isEvent: (payload: WebhookPayload) => boolean,
  ) {
    const ofEvent = () =>
      hooksOf(type).filter((hook) => isEvent(webhookPayloadSchema.parse(JSON.parse(hook.body))));
    const started = Date.now();
    while (ofEvent().length === 0) {
      if (Date.now() - started > 15_000) throw new Error(`no ${type} webhook`);
      await sleep(25);
    }
    // A second POST of the same event (a double queue, a resend) would come right behind the first.
    await sleep(300);
    const [hook, ...more] = ofEvent();
    expect(more).toEqual([]);
    expect(hook!.method).toBe("POST");
    expect(hook!.headers["content-type"]).toMatch(/^application\/json/);
    expect(hook!.headers[webhookEventHeader]).toBe(type);
    const signature = String(hook!.headers[webhookSignatureHeader]);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(secret, signature, hook!.body)).toBe(true);
    const payload = webhookPayloadSchema.parse(JSON.parse(hook!.body));
    expect(payload).toMatchObject({
      type,
      organization: { uuid: demoOrg(), name: "Demo Investigations" },
      link: `${consoleUrl}${page}`,
    });
    expect(payload.data.kind).toBe(type);
    return { hook: hook!, payload, signature };
  }

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    hooks = await startWebhookReceiver();
    server = await startTestServer({
      store: kind,
      world: "small",
      env: {
        SLEUTH_SMTP_URL: smtp.url,
        SLEUTH_MAIL_FROM: "Sleuth <alerts@sleuth.test>",
        SLEUTH_PUBLIC_URL: consoleUrl,
        SLEUTH_OPERATOR_EMAIL: operatorEmail,
        SLEUTH_NOTIFY_RETRY_MS: "50",
      },
    });
    dana = await server.tokenFor(server.demo.user.email);
    alex = await server.tokenFor(server.demo.analyst.email);
    const user = await server.createUser({ fullName: "Casey Colleague" });
    await server.addMember(user.email, demoOrg(), "editor");
    colleague = { uuid: user.uuid, email: user.email, token: await server.tokenFor(user.email) };
    const created = await send(dana, "POST", "/v1/organization/webhooks", {
      organization: demoOrg(),
      body: { url: `${hooks.url}${hookPath}` },
    });
    expect(created.status).toBe(201);
    secret = created.body.data.secret;
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
    await hooks?.close();
  });

  test("issue 40 escalation assigned: the assignee gets the e-mail and the organization's endpoint a signed POST", async () => {
    const shared = await send(dana, "POST", "/cases", {
      organization: demoOrg(),
      body: { name: "Ransom case", isSharedWithOrg: true },
    });
    const escalated = await send(dana, "POST", "/triage/v1/trm-entity/escalate", {
      organization: demoOrg(),
      body: {
        assignToUserUuids: [colleague.uuid],
        alias: "Ransom wallet",
        caseId: shared.body.data.id,
        customNote: "Please look today",
        trmUrn: watched,
      },
    });
    expect(escalated.status).toBe(201);
    const mail = await waitForMail(colleague.email, /Escalated to you: Ransom wallet/);
    expect(mail.to).toEqual([colleague.email]);
    expect(mail.from).toBe("alerts@sleuth.test");
    expect(mail.subject).toBe("Escalated to you: Ransom wallet (Demo Investigations)");
    expect(mail.text).toContain('escalated Ransom wallet to you in the case "Ransom case"');
    expect(mail.text).toContain("Please look today");
    expect(mail.text).toContain("Organization: Demo Investigations");
    expect(mail.text).toContain("https://sleuth.agency.example/workspace/inbox");
    expect(mail.html).toContain('href="https://sleuth.agency.example/workspace/inbox"');
    // The sender is not e-mailed about their own escalation.
    expect(mailsTo(server.demo.user.email).filter((m) => /Ransom wallet/.test(m.subject))).toEqual([]);

    const { hook, payload, signature } = await expectOneSignedHook(
      "escalation-assigned",
      "/workspace/inbox",
      ({ data }) => data.kind === "escalation-assigned" && data.alias === "Ransom wallet",
    );
    expect(payload.data).toMatchObject({
      kind: "escalation-assigned",
      escalationUuid: escalated.body.data.uuid,
      alias: "Ransom wallet",
      caseName: "Ransom case",
      trmUrn: watched,
      customNote: "Please look today",
      by: { email: server.demo.user.email },
    });
    // One byte changed anywhere, and the signature no longer verifies.
    const tampered = hook.body.replace("Ransom wallet", "Ransom wallef");
    expect(verifyWebhookSignature(secret, signature, tampered)).toBe(false);
    expect(verifyWebhookSignature(`${secret}x`, signature, hook.body)).toBe(false);
  });

  test("issue 40 / 000 §4 notify a provider: its beacon contact gets the case number, the endpoint one signed POST; the answer is the e-mail's text", async () => {
    const [vasp] = await server.store.query<{ urn: string; name: string; email: string }>(
      `SELECT urn, name, v2_beacon_network_contact->>'email' AS email FROM entities
        WHERE category_id IN (8, 13) AND v2_beacon_network_contact IS NOT NULL ORDER BY id LIMIT 1`,
    );
    const notified = await send(dana, "POST", "/v1/beacon/notifications", {
      organization: demoOrg(),
      body: { entityUrn: vasp!.urn, action: "notify", certifiedUrgent: true },
    });
    expect(notified.status).toBe(201);
    const record = notified.body.data;
    expect(record.caseNumber).toMatch(/^BEACON-[1-9]\d{4}$/);
    expect(record.recipient).toBe(vasp!.email);
    expect(record.delivery).toMatchObject({ channel: "email", recipient: vasp!.email });
    const mail = await waitForMail(vasp!.email, new RegExp(record.caseNumber));
    expect(mail.subject).toBe(`Urgent law-enforcement notification ${record.caseNumber}`);
    expect(mail.text.trim()).toBe(record.text.trim());
    expect(mail.text).toContain(`Service provider: ${vasp!.name}`);
    expect(mail.text).toContain("Organization: Demo Investigations");
    // The dialog polls the delivery until it is sent.
    let state = "";
    for (let tries = 0; tries < 100 && state !== "sent"; tries += 1) {
      state = (
        await send(dana, "GET", `/v1/notifications/deliveries/${record.delivery.uuid}`, {
          organization: demoOrg(),
        })
      ).body.data.state;
      if (state !== "sent") await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(state).toBe("sent");
    // Without certifying urgency nothing is sent, to the provider or to the endpoint.
    const uncertified = await send(dana, "POST", "/v1/beacon/notifications", {
      organization: demoOrg(),
      body: { entityUrn: vasp!.urn, action: "notify" },
    });
    expect(uncertified.status).toBe(400);
    const { payload } = await expectOneSignedHook(
      "vasp-notified",
      "/workspace/reports",
      ({ data }) => data.kind === "vasp-notified" && data.entityUrn === vasp!.urn,
    );
    expect(payload.data).toEqual({
      kind: "vasp-notified",
      caseNumber: record.caseNumber,
      vaspName: vasp!.name,
      entityUrn: vasp!.urn,
      requestedAt: record.requestedAt,
      by: { name: expect.any(String), email: server.demo.user.email },
    });
  });

  test("issue 40 invite a provider: the request goes to the operator's address and one signed POST to the endpoint", async () => {
    const [vasp] = await server.store.query<{ urn: string; name: string }>(
      `SELECT urn, name FROM entities WHERE category_id IN (8, 13) AND v2_beacon_network_contact IS NULL ORDER BY id LIMIT 1`,
    );
    const invited = await send(dana, "POST", "/v1/beacon/notifications", {
      organization: demoOrg(),
      body: { entityUrn: vasp!.urn, action: "invite" },
    });
    expect(invited.status).toBe(201);
    expect(invited.body.data.caseNumber).toBeNull();
    const mail = await waitForMail(operatorEmail, /Invite .* to the beacon network/);
    expect(mail.subject).toBe(`Invite ${vasp!.name} to the beacon network (Demo Investigations)`);
    expect(mail.text).toContain(vasp!.urn);
    const { payload } = await expectOneSignedHook(
      "vasp-invited",
      "/workspace/reports",
      ({ data }) => data.kind === "vasp-invited" && data.entityUrn === vasp!.urn,
    );
    expect(payload.data).toEqual({
      kind: "vasp-invited",
      vaspName: vasp!.name,
      entityUrn: vasp!.urn,
      requestedAt: invited.body.data.requestedAt,
      by: { name: expect.any(String), email: server.demo.user.email },
    });
  });

  test("issue 40 interest reveal and contact request e-mail the author and POST once to the author's organization", async () => {
    const interest = (urn: string, privacyOption: string) => ({
      visibilityLevel: "PUBLIC",
      privacyOption,
      note: "watching",
      trmResourceUrns: [urn],
      isRevealNotificationEnabled: true,
      networkUuids: [],
      verticals: [],
      countryIsoCodes: [],
    });
    const open = addressChainUrn("bitcoin", "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2");
    const closed = addressChainUrn("bitcoin", "1dice8EMZmqKvrGE4Qc9bUFf9PX3xaYDp");
    const interestUuids: string[] = [];
    for (const [urn, privacy] of [
      [open, "OPEN"],
      [closed, "PRIVATE"],
    ] as const) {
      const created = await send(dana, "POST", "/v1/trm-resources/investigation-interests/bulk", {
        organization: demoOrg(),
        body: interest(urn, privacy),
      });
      const uuid = created.body.data[0].uuid;
      interestUuids.push(uuid);
      // Only the first reveal tells the author; the second changes nothing.
      for (let reveal = 0; reveal < 2; reveal += 1)
        expect(
          (
            await send(alex, "POST", `/v1/trm-resources/interests/${uuid}/interested-investigator-reveals`, {
              body: {},
            })
          ).status,
        ).toBe(201);
    }
    const revealed = await waitForMail(server.demo.user.email, /interest was revealed/);
    expect(revealed.text).toContain(`revealed your investigation interest in ${open}`);
    expect(revealed.text).toContain(server.demo.analyst.email);
    const contact = await waitForMail(server.demo.user.email, /asks to contact you/);
    expect(contact.text).toContain(closed);
    // Each goes to the author's organization (Demo Investigations), not the revealer's.
    const by = { name: expect.any(String), email: server.demo.analyst.email };
    for (const [kind, interestUuid, subjectUrn] of [
      ["interest-revealed", interestUuids[0], open],
      ["contact-requested", interestUuids[1], closed],
    ] as const) {
      const { payload } = await expectOneSignedHook(
        kind,
        "/workspace/inbox",
        ({ data }) => data.kind === kind && data.interestUuid === interestUuid,
      );
      expect(payload.data).toEqual({ kind, interestUuid, subjectUrn, by });
    }
  });

  test("issue 40 detector alerts e-mail the detector's owner after an import and POST once to the endpoint", async () => {
    const admin = server.client({ token: dana, organizationUuid: demoOrg() });
    const detector = await admin.detectors.create({ addressUrn: watched, name: "vDice payer" });
    await admin.imports.run("ethereum-etl", transactions);
    const mail = await waitForMail(server.demo.user.email, /new alerts? on vDice payer/);
    expect(mail.text).toContain("0x885e4ca98d20a9826b59506d01e4c5637eee8ea1");
    expect(mail.text).toContain("https://sleuth.agency.example/triage/detectors");
    const { payload } = await expectOneSignedHook(
      "detector-alert",
      "/triage/detectors",
      ({ data }) => data.kind === "detector-alert" && data.detectorName === "vDice payer",
    );
    expect(payload.data).toEqual({
      kind: "detector-alert",
      detectorUuid: detector.uuid,
      detectorName: "vDice payer",
      chain: "ethereum",
      address: "0x885e4ca98d20a9826b59506d01e4c5637eee8ea1",
      newAlerts: expect.any(Number),
    });
  });

  test("issue 40 organization invitation e-mails the new member and POSTs who joined; e-mail follows the preference", async () => {
    const invitee = `invitee-${Date.now()}@agency.example`;
    const invited = await send(dana, "POST", "/users-organizations", {
      organization: demoOrg(),
      body: { email: invitee, role: "viewer" },
    });
    expect(invited.status).toBe(201);
    const mail = await waitForMail(invitee, /You were added to Demo Investigations/);
    expect(mail.text).toContain("as viewer");
    const { payload } = await expectOneSignedHook(
      "organization-invitation",
      "/settings/organization",
      ({ data }) => data.kind === "organization-invitation" && data.member.email === invitee,
    );
    expect(payload.data).toEqual({
      kind: "organization-invitation",
      member: { name: "", email: invitee },
      role: "viewer",
      by: { name: expect.any(String), email: server.demo.user.email },
    });

    // Choosing e-mail per kind: the colleague turns escalations off; the next one sends nothing.
    const pref = await send(colleague.token, "PUT", "/user-preferences/notification-email", {
      organization: demoOrg(),
      body: { value: { kinds: { "escalation-assigned": false } } },
    });
    expect(pref.status).toBe(200);
    const before = mailsTo(colleague.email).length;
    const shared = await send(dana, "POST", "/cases", {
      organization: demoOrg(),
      body: { name: "Quiet", isSharedWithOrg: true },
    });
    await send(dana, "POST", "/triage/v1/trm-entity/escalate", {
      organization: demoOrg(),
      body: {
        assignToUserUuids: [colleague.uuid],
        alias: "Quiet",
        caseId: shared.body.data.id,
        customNote: "",
        trmUrn: watched,
      },
    });
    // The webhook of that escalation arriving shows the event was processed.
    const started = Date.now();
    while (hooksOf("escalation-assigned").length < 2 && Date.now() - started < 15_000)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect(hooksOf("escalation-assigned")).toHaveLength(2);
    expect(mailsTo(colleague.email)).toHaveLength(before);
  });

  test("issue 40 a finished background job POSTs to the endpoint, e-mails its owner only once they asked for it", async () => {
    const [busiest] = await server.store.query<{ chain: "bitcoin"; address: string }>(
      `SELECT a.chain, a.address FROM transfers t JOIN addresses a ON a.id = t.address_id
       GROUP BY a.chain, a.address HAVING count(*) BETWEEN 101 AND 2000 ORDER BY count(*), a.address LIMIT 1`,
    );
    const client = server.client({ token: colleague.token, organizationUuid: demoOrg() });
    const parameters = { addressChainUrn: addressChainUrn(busiest!.chain, busiest!.address) };
    const quiet = await client.asyncJobs.create({ jobType: "ADDRESS_TRANSFERS_CSV", parameters });
    const waitDone = async (uuid: string) => {
      for (let tries = 0; tries < 300; tries += 1) {
        if ((await client.asyncJobs.get(uuid)).status === "succeeded") return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error("the job did not finish");
    };
    await waitDone(quiet.asyncJobUuid);
    const { payload } = await expectOneSignedHook(
      "job-finished",
      "/",
      ({ data }) => data.kind === "job-finished" && data.asyncJobUuid === quiet.asyncJobUuid,
    );
    expect(payload.data).toEqual({
      kind: "job-finished",
      asyncJobUuid: quiet.asyncJobUuid,
      fileName: (await client.asyncJobs.get(quiet.asyncJobUuid)).fileName,
      status: "succeeded",
    });
    // Off by default: the webhook went out, the e-mail did not.
    expect(mailsTo(colleague.email).filter((mail) => /Your download/.test(mail.subject))).toEqual([]);

    await client.preferences.set("notification-email", { kinds: { "job-finished": true } });
    const wanted = await client.asyncJobs.create({ jobType: "ADDRESS_TRANSFERS_CSV", parameters });
    await waitDone(wanted.asyncJobUuid);
    const mail = await waitForMail(colleague.email, /Your download .* is ready/);
    expect(mail.subject).toContain("(Demo Investigations)");
    expect(mail.text).toContain(`finished: succeeded`);
  });

  test("issue 40 a receiver answering 500 twice gets the delivery on the third try, logged for admins", async () => {
    const flaky = await send(alex, "POST", "/v1/organization/webhooks", {
      organization: server.demo.partner.uuid,
      body: { url: `${hooks.url}/flaky` },
    });
    // Alex is an editor of Partner Agency: endpoints are for admins.
    expect(flaky.status).toBe(403);
    const added = await send(dana, "POST", "/v1/organization/webhooks", {
      organization: demoOrg(),
      body: { url: `${hooks.url}/flaky` },
    });
    expect(added.status).toBe(201);
    hooks.answer = (path, attempt) => (path === "/flaky" && attempt <= 2 ? 500 : 204);
    await send(dana, "POST", "/users-organizations", {
      organization: demoOrg(),
      body: { email: `flaky-${Date.now()}@agency.example`, role: "viewer" },
    });
    const received = await hooks.waitFor("/flaky", 3);
    expect(received).toHaveLength(3);
    // One delivery, three attempts: the same delivery id each time.
    expect(new Set(received.map((hook) => hook.headers[webhookDeliveryHeader])).size).toBe(1);
    let logged: { state: string; attempts: number; responseStatus: number } | undefined;
    for (let tries = 0; tries < 100 && logged?.state !== "sent"; tries += 1) {
      const log = await send(dana, "GET", "/v1/organization/webhooks/deliveries", {
        organization: demoOrg(),
      });
      logged = log.body.data.find((row: { recipient: string }) => row.recipient.endsWith("/flaky"));
      if (logged?.state !== "sent") await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(logged).toMatchObject({ state: "sent", attempts: 3, responseStatus: 204 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(hooks.received.filter((hook) => hook.path === "/flaky")).toHaveLength(3);
  });

  test("issue 40 another organization's events never reach an endpoint", async () => {
    const partnerHooks = "/partner";
    // Dana is only a viewer of Partner Agency; as its admin the seed has nobody, so add one.
    const partnerAdmin = await server.createUser();
    await server.addMember(partnerAdmin.email, server.demo.partner.uuid, "admin");
    const token = await server.tokenFor(partnerAdmin.email);
    expect(
      (
        await send(token, "POST", "/v1/organization/webhooks", {
          organization: server.demo.partner.uuid,
          body: { url: `${hooks.url}${partnerHooks}` },
        })
      ).status,
    ).toBe(201);
    const demoBefore = hooks.received.filter((hook) => hook.path === hookPath).length;
    await send(dana, "POST", "/users-organizations", {
      organization: demoOrg(),
      body: { email: `only-demo-${Date.now()}@agency.example`, role: "viewer" },
    });
    await hooks.waitFor(hookPath, demoBefore + 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(hooks.received.filter((hook) => hook.path === partnerHooks)).toEqual([]);
    // And the partner's log shows none of the demo organization's deliveries.
    const log = await send(token, "GET", "/v1/organization/webhooks/deliveries", {
      organization: server.demo.partner.uuid,
    });
    expect(log.body.data).toEqual([]);
  });
});

test("issue 40 with no SMTP configured, delivery is off and nothing is e-mailed", async () => {
  const server = await startTestServer({ store: "pglite", world: "small" });
  try {
    const dana = await server.tokenFor(server.demo.user.email);
    const send = memberCalls(() => server);
    const status = await send(dana, "GET", "/v1/notifications/status", {
      organization: server.demo.organization.uuid,
    });
    expect(status.body.data).toEqual({ emailEnabled: false, mailFrom: null });
    const [vasp] = await server.store.query<{ urn: string }>(
      "SELECT urn FROM entities WHERE category_id IN (8, 13) AND v2_beacon_network_contact IS NOT NULL ORDER BY id LIMIT 1",
    );
    const notified = await send(dana, "POST", "/v1/beacon/notifications", {
      organization: server.demo.organization.uuid,
      body: { entityUrn: vasp!.urn, action: "notify", certifiedUrgent: true },
    });
    expect(notified.status).toBe(201);
    expect(notified.body.data.caseNumber).toMatch(/^BEACON-/);
    expect(notified.body.data.delivery).toBeNull();
    const [queued] = await server.store.query<{ count: string | number }>(
      "SELECT count(*) AS count FROM notification_outbox WHERE channel = 'email'",
    );
    expect(Number(queued!.count)).toBe(0);
  } finally {
    await server.close();
  }
});
