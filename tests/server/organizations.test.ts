import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestServer, storeKinds, type TestServer } from "../helpers/server.ts";

describe.each(storeKinds)("organizations on %s", (kind) => {
  let server: TestServer;
  /** A second organization with its own admin, who must never reach the demo organizations. */
  let outsider: { token: string; organizationUuid: string };
  let demoToken: string;

  beforeAll(async () => {
    server = await startTestServer({ store: kind });
    const user = await server.createUser();
    const organization = await server.createOrganization({ name: `Outside Agency ${kind}` });
    await server.addMember(user.email, organization.uuid, "admin");
    outsider = { token: await server.tokenFor(user.email), organizationUuid: organization.uuid };
    demoToken = await server.tokenFor(server.demo.user.email);
  });
  afterAll(async () => {
    await server?.close();
  });

  test("000 §7 GET /users-organizations lists the caller's organizations with roles, first joined first", async () => {
    const organizations = await server.client({ token: demoToken }).organizations.mine();
    expect(
      organizations.map(({ name, role, parentOrganizationUuid }) => ({ name, role, parentOrganizationUuid })),
    ).toEqual([
      { name: "Demo Investigations", role: "admin", parentOrganizationUuid: null },
      { name: "Partner Agency", role: "viewer", parentOrganizationUuid: server.demo.organization.uuid },
    ]);
  });

  test("000 §7 GET /organizations/{id} answers by uuid and by numeric id", async () => {
    const client = server.client({ token: demoToken });
    const byUuid = await client.organizations.get(server.demo.organization.uuid);
    expect(byUuid).toMatchObject({ uuid: server.demo.organization.uuid, name: "Demo Investigations" });
    expect(await client.organizations.get(String(byUuid.id))).toEqual(byUuid);
  });

  test("000 §7 another organization's member cannot read, rename or delete it: 404", async () => {
    const client = server.client({ token: outsider.token });
    const target = server.demo.organization.uuid;
    await expect(client.organizations.get(target)).rejects.toMatchObject({ status: 404, code: "not_found" });
    await expect(client.organizations.update(target, { name: "Taken Over" })).rejects.toMatchObject({
      status: 404,
    });
    await expect(client.organizations.remove(target)).rejects.toMatchObject({ status: 404 });
    const still = await server.client({ token: demoToken }).organizations.get(target);
    expect(still.name).toBe("Demo Investigations");
  });

  test("000 §7 naming another organization in x-sleuth-organization answers 404", async () => {
    const client = server.client({ token: outsider.token, organizationUuid: server.demo.organization.uuid });
    await expect(client.preferences.list()).rejects.toMatchObject({ status: 404, code: "not_found" });
    await expect(client.organizations.members()).rejects.toMatchObject({ status: 404 });
  });

  test("000 §7 POST /organizations with a duplicate name raises 'Organization was not created, it may be a duplicate name'", async () => {
    const client = server.client({ token: outsider.token });
    const before = await server.store.query<{ n: number }>("SELECT count(*) AS n FROM organizations");
    const error = await client.organizations
      .create({ name: "demo investigations" })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      status: 409,
      code: "conflict",
      message: "Organization was not created, it may be a duplicate name",
    });
    const after = await server.store.query<{ n: number }>("SELECT count(*) AS n FROM organizations");
    expect(after).toEqual(before);
  });

  test("000 §5 creating an organization returns its uuid and makes the creator its admin", async () => {
    const client = server.client({ token: outsider.token });
    const created = await client.organizations.create({ name: `Field Office ${kind}` });
    expect(created.uuid).toMatch(/^[0-9a-f-]{36}$/);
    const mine = await client.organizations.mine();
    expect(mine.find((organization) => organization.uuid === created.uuid)).toMatchObject({ role: "admin" });
    const child = await client.organizations.create({
      name: `Field Office ${kind} East`,
      parentOrganizationUuid: created.uuid,
    });
    expect((await client.organizations.get(child.uuid)).parentOrganizationUuid).toBe(created.uuid);
  });

  test("000 §6 a viewer cannot rename, delete or invite: 403", async () => {
    // The demo user is a viewer of Partner Agency.
    const client = server.client({ token: demoToken, organizationUuid: server.demo.partner.uuid });
    const partner = server.demo.partner.uuid;
    await expect(client.organizations.update(partner, { name: "Renamed" })).rejects.toMatchObject({
      status: 403,
      code: "forbidden",
    });
    await expect(client.organizations.remove(partner)).rejects.toMatchObject({ status: 403 });
    await expect(
      client.organizations.invite({ email: "new@partner.example", role: "viewer" }),
    ).rejects.toMatchObject({
      status: 403,
    });
    expect(await server.store.query("SELECT 1 FROM users WHERE email = 'new@partner.example'")).toEqual([]);
  });

  test("000 §6 an editor is not an admin either", async () => {
    const analyst = server.client({ token: await server.tokenFor(server.demo.analyst.email) });
    await expect(
      analyst.organizations.update(server.demo.partner.uuid, { name: "Renamed" }),
    ).rejects.toMatchObject({
      status: 403,
    });
  });

  test("000 §6 a new role applies to the member's very next request with the same token", async () => {
    const organization = await server.client({ token: outsider.token }).organizations.create({
      name: `Role Change ${kind}`,
    });
    const admin = server.client({ token: outsider.token, organizationUuid: organization.uuid });
    const member = await server.createUser();
    await admin.organizations.invite({ email: member.email, role: "viewer" });
    const client = server.client({
      token: await server.tokenFor(member.email),
      organizationUuid: organization.uuid,
    });
    const invite = () =>
      client.organizations.invite({ email: `invitee-${kind}@example.org`, role: "viewer" });
    await expect(invite()).rejects.toMatchObject({ status: 403 });
    await admin.organizations.invite({ email: member.email, role: "admin" });
    expect((await invite()).role).toBe("viewer");
  });

  test("000 §7 an admin renames and deletes an organization", async () => {
    const client = server.client({ token: outsider.token });
    const created = await client.organizations.create({ name: `Short Lived ${kind}` });
    const renamed = await client.organizations.update(created.uuid, { name: `Renamed ${kind}` });
    expect(renamed.name).toBe(`Renamed ${kind}`);
    await expect(
      client.organizations.update(created.uuid, { name: "Demo Investigations" }),
    ).rejects.toMatchObject({
      status: 409,
    });
    await client.organizations.remove(created.uuid);
    await expect(client.organizations.get(created.uuid)).rejects.toMatchObject({ status: 404 });
  });

  test("002 §7 an admin invites by e-mail; an unknown e-mail becomes an invited member without a password", async () => {
    const client = server.client({ token: demoToken, organizationUuid: server.demo.organization.uuid });
    const email = `invitee-${kind}@agency.example`;
    const invited = await client.organizations.invite({ email: email.toUpperCase(), role: "editor" });
    expect(invited).toMatchObject({ user: { email }, role: "editor" });
    const members = await client.organizations.members({ includeMemberStrategies: true });
    expect(members.find((member) => member.email === email)).toMatchObject({
      role: "editor",
      memberStrategies: ["invited"],
    });
    expect(members.find((member) => member.email === server.demo.user.email)).toMatchObject({
      role: "admin",
      memberStrategies: expect.arrayContaining(["password", "token"]),
    });
    const withoutStrategies = await client.organizations.members();
    expect(withoutStrategies[0]).not.toHaveProperty("memberStrategies");
  });

  test("002 §7 the last admin cannot be demoted", async () => {
    const client = server.client({ token: outsider.token, organizationUuid: outsider.organizationUuid });
    const [me] = await client.organizations.members();
    await expect(client.organizations.invite({ email: me!.email, role: "viewer" })).rejects.toMatchObject({
      status: 409,
    });
  });
});
