import { addressChainUrn } from "@sleuth/sdk";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { expectNoServerErrors } from "../helpers/fuzzBodies.ts";
import { memberCalls } from "../helpers/memberCalls.ts";
import { startTestServer, storeKinds, type TestServer } from "../helpers/server.ts";

// 002 §6 restricted notify targets of escalation, over HTTP on both stores: an admin configures
// the e-mails, every member reads them, and the server assigns only members on the list.

describe.each(storeKinds)("escalation notify targets on %s", (kind) => {
  let server: TestServer;
  let dana: string; // admin of Demo Investigations, viewer of Partner Agency
  let alex: string; // editor of Partner Agency only
  let listed: { uuid: string; email: string; token: string };
  let unlisted: { uuid: string; email: string };
  const call = memberCalls(() => server);
  const path = () => `/v1/organizations/${server.demo.organization.uuid}/escalation-notify-targets`;

  beforeAll(async () => {
    server = await startTestServer({ store: kind, world: "small" });
    dana = await server.tokenFor(server.demo.user.email);
    alex = await server.tokenFor(server.demo.analyst.email);
    const first = await server.createUser({ fullName: "Lee Listed" });
    const second = await server.createUser({ fullName: "Una Unlisted" });
    for (const user of [first, second])
      await server.addMember(user.email, server.demo.organization.uuid, "editor");
    listed = { uuid: first.uuid, email: first.email, token: await server.tokenFor(first.email) };
    unlisted = { uuid: second.uuid, email: second.email };
  });
  afterAll(async () => {
    await server?.close();
  });

  test("002 §6 only the configured notify targets are assigned; lifting the list frees every member", async () => {
    expect((await call(dana, "GET", path())).body.data).toEqual({ emails: null });
    const set = await call(dana, "PUT", path(), { body: { emails: [listed.email.toUpperCase()] } });
    expect(set.status).toBe(200);
    expect(set.body.data).toEqual({ emails: [listed.email.toLowerCase()] });
    // Every member reads it (the escalate dialog needs it); only an admin sets it.
    expect((await call(listed.token, "GET", path())).body.data.emails).toEqual([listed.email.toLowerCase()]);
    expect((await call(listed.token, "PUT", path(), { body: { emails: null } })).status).toBe(403);
    // Another organization's list is 404, to read and (for its admin) to write.
    expect((await call(alex, "GET", path())).status).toBe(404);
    const outsider = await server.createUser();
    const elsewhere = await server.createOrganization();
    await server.addMember(outsider.email, elsewhere.uuid, "admin");
    const outsiderToken = await server.tokenFor(outsider.email);
    expect((await call(outsiderToken, "PUT", path(), { body: { emails: null } })).status).toBe(404);

    const shared = await call(dana, "POST", "/cases", {
      body: { name: "Restricted", isSharedWithOrg: true },
    });
    const escalate = (assignToUserUuids: string[]) =>
      call(dana, "POST", "/triage/v1/trm-entity/escalate", {
        body: {
          assignToUserUuids,
          alias: "",
          caseId: shared.body.data.id,
          customNote: "",
          trmUrn: addressChainUrn("bitcoin", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa"),
        },
      });
    const refused = await escalate([listed.uuid, unlisted.uuid]);
    expect(refused.status).toBe(400);
    expect(refused.body.error.details.notConfigured).toEqual([unlisted.uuid]);
    expect((await escalate([listed.uuid])).status).toBe(201);

    expect((await call(dana, "PUT", path(), { body: { emails: null } })).body.data).toEqual({ emails: null });
    expect((await escalate([unlisted.uuid])).status).toBe(201);
  });

  test("docs/API.md bad notify-target bodies answer 400, never 500", async () => {
    for (const body of [
      { emails: [] },
      { emails: ["nope"] },
      { emails: "a@b.org" },
      { emails: null, x: 1 },
      [1],
    ]) {
      const answer = await call(dana, "PUT", path(), { body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error.code).toBe("bad_request");
    }
    await expectNoServerErrors(server, dana, [["PUT", path()]], 40);
  });
});
