import { memberMessages, userSubjectUrn } from "@sleuth/sdk";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { expectInvalidBodiesRefused } from "../helpers/invalidBodies.ts";
import { startTestServer, storeKinds, type TestServer } from "../helpers/server.ts";

// Member roles, invitations, preferences and flags over HTTP: every permission the server enforces
// for organization settings (000 §6, 002 §7), on both stores.
describe.each(storeKinds)("member roles and settings permissions on %s", (kind) => {
  let server: TestServer;
  let adminToken: string;
  let staffToken: string;
  let outsider: { uuid: string; token: string; organizationUuid: string };
  let counter = 0;
  const unique = (base: string) => `${base}-${kind}-${counter++}`;

  beforeAll(async () => {
    server = await startTestServer({ store: kind });
    adminToken = await server.tokenFor(server.demo.user.email);
    const staff = await server.createUser({ email: `roles-staff-${kind}@sleuth.dev` });
    await server.addMember(staff.email, server.demo.organization.uuid, "viewer");
    staffToken = await server.tokenFor(staff.email);
    const outsiderUser = await server.createUser();
    const outside = await server.createOrganization();
    await server.addMember(outsiderUser.email, outside.uuid, "admin");
    outsider = {
      uuid: outsiderUser.uuid,
      token: await server.tokenFor(outsiderUser.email),
      organizationUuid: outside.uuid,
    };
  });
  afterAll(async () => {
    await server?.close();
  });

  const admin = () => server.client({ token: adminToken });
  const member = async (role: "admin" | "editor" | "viewer") => {
    const user = await server.createUser({ email: `${unique(role)}@test.example` });
    await server.addMember(user.email, server.demo.organization.uuid, role);
    return { ...user, client: server.client({ token: await server.tokenFor(user.email) }) };
  };
  const roleOf = async (email: string) =>
    (await admin().organizations.members()).find((each) => each.email === email)?.role;

  test("000 §6 an admin changes a member's role; the next request of the member follows it", async () => {
    const editor = await member("editor");
    const entity = { name: unique("Before demotion"), resources: [{ resourceUrn: "urn:sleuth:entity:x" }] };
    await editor.client.customEntities.create(entity);
    const changed = await admin().organizations.changeRole(editor.uuid, { role: "viewer" });
    expect(changed).toMatchObject({ uuid: editor.uuid, email: editor.email, role: "viewer" });
    expect(await roleOf(editor.email)).toBe("viewer");
    await expect(
      editor.client.customEntities.create({ ...entity, name: unique("After demotion") }),
    ).rejects.toMatchObject({ status: 403 });
    await admin().organizations.changeRole(editor.uuid, { role: "admin" });
    expect((await editor.client.organizations.members()).length).toBeGreaterThan(1);
    await editor.client.organizations.changeRole(editor.uuid, { role: "editor" });
    expect(await roleOf(editor.email)).toBe("editor");
  });

  test("000 §6 a non-admin's role change answers 403 and changes nothing", async () => {
    const target = await member("viewer");
    for (const role of ["editor", "viewer"] as const) {
      const caller = await member(role);
      await expect(
        caller.client.organizations.changeRole(target.uuid, { role: "admin" }),
      ).rejects.toMatchObject({ status: 403 });
      await expect(
        caller.client.organizations.changeRole(caller.uuid, { role: "admin" }),
      ).rejects.toMatchObject({ status: 403 });
      await expect(caller.client.organizations.removeMember(target.uuid)).rejects.toMatchObject({
        status: 403,
      });
      await expect(
        caller.client.organizations.invite({ email: `${unique("nobody")}@test.example`, role: "viewer" }),
      ).rejects.toMatchObject({ status: 403 });
      expect(await roleOf(caller.email)).toBe(role);
    }
    expect(await roleOf(target.email)).toBe("viewer");
  });

  test("000 §6 another organization's member answers 404 to a role change", async () => {
    await expect(admin().organizations.changeRole(outsider.uuid, { role: "viewer" })).rejects.toMatchObject({
      status: 404,
    });
    const outsiders = server.client({ token: outsider.token }).organizations;
    const demoUser = await admin().auth.userInfo();
    await expect(outsiders.changeRole(demoUser.uuid, { role: "viewer" })).rejects.toMatchObject({
      status: 404,
    });
    expect(await roleOf(server.demo.user.email)).toBe("admin");
  });

  test("002 §7 the last admin keeps the role (409); with a second admin the first may step down", async () => {
    const outsiders = server.client({ token: outsider.token }).organizations;
    await expect(outsiders.changeRole(outsider.uuid, { role: "editor" })).rejects.toMatchObject({
      status: 409,
      message: memberMessages.lastAdmin,
    });
    const second = await server.createUser();
    await outsiders.invite({ email: second.email, role: "admin" });
    expect((await outsiders.changeRole(outsider.uuid, { role: "editor" })).role).toBe("editor");
    await expect(outsiders.members()).resolves.toHaveLength(2);
    await expect(outsiders.changeRole(second.uuid, { role: "viewer" })).rejects.toMatchObject({
      status: 403,
    });
  });

  test("002 §7 a repeated invitation with the same Idempotency-Key makes one member", async () => {
    const email = `${unique("invited")}@test.example`;
    const send = () =>
      server.fetch("/users-organizations", {
        method: "POST",
        headers: {
          authorization: `Bearer ${adminToken}`,
          "content-type": "application/json",
          "idempotency-key": `invite-${email}`,
        },
        body: JSON.stringify({ email, role: "editor" }),
      });
    expect((await send()).status).toBe(201);
    const again = await send();
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await server.store.query("SELECT 1 FROM users WHERE email = $1", [email])).toHaveLength(1);
    expect((await admin().organizations.members()).filter((each) => each.email === email)).toHaveLength(1);
  });

  test("000 §3 preferences and flags of an organization the caller is not in answer 404", async () => {
    const elsewhere = server.client({ token: adminToken, organizationUuid: outsider.organizationUuid });
    await expect(elsewhere.preferences.list()).rejects.toMatchObject({ status: 404 });
    await expect(elsewhere.preferences.set("ai-features", { enabled: true })).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      server
        .client({ token: staffToken })
        .featureFlags.set("ipSearch", { organizationUuid: outsider.organizationUuid, enabled: false }),
    ).rejects.toMatchObject({ status: 404 });
    expect(await server.client({ token: outsider.token }).preferences.list()).toEqual([]);
  });

  test("docs/API.md settings bodies that cannot be valid answer 400, never 500", async () => {
    const target = await member("viewer");
    const staff = await server.client({ token: staffToken }).auth.userInfo();
    await admin().organizations.changeRole(staff.uuid, { role: "admin" });
    // The staff admin's own custom entity: someone else's restricted one is 404 to them (002 §6).
    const entity = await server.client({ token: staffToken }).customEntities.create({
      name: unique("Fuzz target"),
      resources: [{ resourceUrn: "urn:sleuth:entity:x" }],
    });
    try {
      await expectInvalidBodiesRefused(server, staffToken, [
        {
          method: "PATCH",
          path: `/users-organizations/users/${target.uuid}`,
          valid: { role: "editor" },
          required: ["role"],
        },
        {
          method: "POST",
          path: "/users-organizations",
          valid: { email: "x@test.example", role: "viewer" },
          required: ["email"],
        },
        { method: "POST", path: "/organizations", valid: { name: "Fuzz agency" }, required: ["name"] },
        {
          method: "PATCH",
          path: `/organizations/${server.demo.organization.uuid}`,
          valid: { name: "Renamed" },
          required: ["name"],
        },
        { method: "PUT", path: "/user-preferences/ai-features", valid: { value: { enabled: true } } },
        {
          method: "PUT",
          path: "/user-preferences/table-config",
          valid: { value: { transfers: { columns: ["time"] } } },
        },
        {
          method: "PUT",
          path: "/feature-flags/ipSearch",
          valid: { organizationUuid: server.demo.organization.uuid, enabled: true },
          required: ["organizationUuid", "enabled"],
        },
        {
          method: "POST",
          path: "/v1/custom-entities",
          valid: { name: "Fuzz entity", resources: [{ resourceUrn: "urn:sleuth:entity:x" }] },
          required: ["name", "resources"],
        },
        { method: "PATCH", path: `/v1/custom-entities/${entity.uuid}`, valid: { name: "Fuzz renamed" } },
        {
          method: "PATCH",
          path: `/v1/custom-entities/${entity.uuid}/collaborators`,
          valid: [
            {
              op: "add",
              path: "relation",
              value: "viewer",
              context: { subjectUrn: userSubjectUrn(target.uuid) },
            },
          ],
        },
      ]);
    } finally {
      await admin().organizations.changeRole(staff.uuid, { role: "viewer" });
    }
    expect(await roleOf(target.email)).toBe("viewer");
    expect((await server.client({ token: staffToken }).customEntities.get(entity.uuid)).name).toBe(
      entity.name,
    );
  });
});
