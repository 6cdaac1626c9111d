import { userSubjectUrn } from "@sleuth/sdk";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { expectNoServerErrors } from "../helpers/fuzzBodies.ts";
import { startTestServer, storeKinds, type TestServer } from "../helpers/server.ts";

describe.each(storeKinds)("organization settings on %s", (kind) => {
  let server: TestServer;
  let demoToken: string;
  let staffToken: string;
  let outsiderToken: string;
  let counter = 0;
  const unique = (base: string) => `${base} ${kind} ${counter++}`;

  beforeAll(async () => {
    server = await startTestServer({ store: kind });
    demoToken = await server.tokenFor(server.demo.user.email);
    // 000 §6: staff is derived from the e-mail's domain (sleuth.dev by default).
    const staff = await server.createUser({ email: `staff-${kind}@sleuth.dev`, fullName: "Sam Staff" });
    await server.addMember(staff.email, server.demo.organization.uuid, "viewer");
    staffToken = await server.tokenFor(staff.email);
    const outsider = await server.createUser();
    const outside = await server.createOrganization();
    await server.addMember(outsider.email, outside.uuid, "admin");
    outsiderToken = await server.tokenFor(outsider.email);
  });
  afterAll(async () => {
    await server?.close();
  });

  const demo = () => server.client({ token: demoToken });

  test("002 §7 an admin removes a member; the member's custom entities keep an editor", async () => {
    const member = await server.createUser();
    await demo().organizations.invite({ email: member.email, role: "editor" });
    const memberClient = server.client({ token: await server.tokenFor(member.email) });
    const owned = await memberClient.customEntities.create({
      name: unique("Member's own"),
      resources: [{ resourceUrn: "urn:sleuth:entity:unknown-entity" }],
    });
    await demo().organizations.removeMember(member.uuid);
    const members = await demo().organizations.members();
    expect(members.map((m) => m.email)).not.toContain(member.email);
    await expect(memberClient.organizations.members()).rejects.toMatchObject({ status: 404 });
    const collaborators = await demo().customEntities.collaborators(owned.uuid);
    const demoUser = await demo().auth.userInfo();
    expect(collaborators.users.map((user) => [user.uuid, user.relations])).toEqual([
      [demoUser.uuid, ["editor"]],
    ]);
  });

  test("000 §6 a non-admin's member change answers 403 and changes nothing", async () => {
    const editor = await server.createUser();
    await server.addMember(editor.email, server.demo.organization.uuid, "editor");
    const client = server.client({ token: await server.tokenFor(editor.email) });
    const demoUser = await demo().auth.userInfo();
    await expect(client.organizations.removeMember(demoUser.uuid)).rejects.toMatchObject({ status: 403 });
    await expect(
      client.organizations.invite({ email: "new@test.example", role: "admin" }),
    ).rejects.toMatchObject({
      status: 403,
    });
    expect((await demo().organizations.members()).map((m) => m.email)).toContain(server.demo.user.email);
  });

  test("000 §6 another organization's member answers 404; the last admin stays (409)", async () => {
    const outsider = await server.client({ token: outsiderToken }).auth.userInfo();
    await expect(demo().organizations.removeMember(outsider.uuid)).rejects.toMatchObject({ status: 404 });
    const demoUser = await demo().auth.userInfo();
    await expect(demo().organizations.removeMember(demoUser.uuid)).rejects.toMatchObject({ status: 409 });
  });

  test("000 §5 a repeated create with the same Idempotency-Key makes one organization", async () => {
    const name = unique("Once Agency");
    const send = () =>
      server.fetch("/organizations", {
        method: "POST",
        headers: {
          authorization: `Bearer ${demoToken}`,
          "content-type": "application/json",
          "idempotency-key": `org-${name}`,
        },
        body: JSON.stringify({ name }),
      });
    expect((await send()).status).toBe(201);
    expect((await send()).headers.get("idempotent-replayed")).toBe("true");
    expect(await server.store.query("SELECT 1 FROM organizations WHERE name = $1", [name])).toHaveLength(1);
  });

  test("002 §6 only staff toggle a feature flag; the organization's flags follow", async () => {
    const organizationUuid = server.demo.organization.uuid;
    const body = { organizationUuid, enabled: false };
    await expect(demo().featureFlags.set("ipSearch", body)).rejects.toMatchObject({
      status: 403,
      message: "Only staff may change feature flags",
    });
    const flags = await server.client({ token: staffToken }).featureFlags.set("ipSearch", body);
    expect(flags.ipSearch).toBe(false);
    expect((await demo().featureFlags.get(organizationUuid)).ipSearch).toBe(false);
    await server.client({ token: staffToken }).featureFlags.set("ipSearch", { ...body, enabled: true });
    expect((await demo().featureFlags.get(organizationUuid)).ipSearch).toBe(true);
  });

  test("002 §6 a staff user cannot toggle another organization's flags: 404", async () => {
    const outside = await server.client({ token: outsiderToken }).organizations.mine();
    await expect(
      server
        .client({ token: staffToken })
        .featureFlags.set("ipSearch", { organizationUuid: outside[0]!.uuid, enabled: false }),
    ).rejects.toMatchObject({ status: 404 });
  });

  test("000 §9 cache freshness is kept as a preference of the four options only", async () => {
    const saved = await demo().preferences.set("cache-freshness", { ms: 300_000 });
    expect(saved).toEqual({ key: "cache-freshness", value: { ms: 300_000 } });
    const response = await server.fetch("/user-preferences/cache-freshness", {
      method: "PUT",
      headers: { authorization: `Bearer ${demoToken}`, "content-type": "application/json" },
      body: JSON.stringify({ value: { ms: 42 } }),
    });
    expect(response.status).toBe(400);
  });

  test("docs/API.md arbitrary bodies to the organization routes answer 4xx, never 500", async () => {
    const paths: [string, string][] = [
      ["POST", "/organizations"],
      ["PATCH", `/organizations/${server.demo.organization.uuid}`],
      ["POST", "/users-organizations"],
      ["PUT", "/feature-flags/ipSearch"],
      ["PUT", "/user-preferences/table-config"],
      ["PUT", "/user-preferences/cache-freshness"],
    ];
    await expectNoServerErrors(server, staffToken, paths);
  });

  test("002 §4 sharing with someone outside the organization is refused", async () => {
    const created = await demo().customEntities.create({
      name: unique("Not for outsiders"),
      resources: [{ resourceUrn: "urn:sleuth:entity:unknown-entity" }],
    });
    const outsider = await server.client({ token: outsiderToken }).auth.userInfo();
    await expect(
      demo().customEntities.share(created.uuid, [
        {
          op: "add",
          path: "relation",
          value: "viewer",
          context: { subjectUrn: userSubjectUrn(outsider.uuid) },
        },
      ]),
    ).rejects.toMatchObject({ status: 400 });
  });
});
