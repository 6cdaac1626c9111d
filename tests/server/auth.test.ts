import { ApiError } from "@sleuth/sdk";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestServer, storeKinds, type TestServer } from "../helpers/server.ts";

describe.each(storeKinds)("sign-in and tokens on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ store: kind });
  });
  afterAll(async () => {
    await server?.close();
  });

  test("000 §4 login sequence: password sign-in sets a strict http-only cookie that carries the session", async () => {
    const response = await server.fetch("/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "Demo@Sleuth.Example", password: server.demo.user.password }),
    });
    expect(response.status).toBe(200);
    const setCookie = response.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^sleuth_session=[^;]+;/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).toMatch(/Max-Age=2592000/);
    const cookie = setCookie.split(";")[0]!;
    const me = await server.fetch("/auth-user-info", { headers: { cookie } });
    expect(me.status).toBe(200);
    expect((await me.json()).data).toMatchObject({ email: "demo@sleuth.example", fullName: "Dana Demo" });
  });

  test("000 §4 logout ends the session: the old cookie no longer signs in", async () => {
    const cookie = await server.signIn(server.demo.user.email, server.demo.user.password);
    const logout = await server.fetch("/auth/logout", { method: "POST", headers: { cookie } });
    expect(logout.status).toBe(204);
    expect(logout.headers.get("set-cookie")).toMatch(/sleuth_session=;/);
    const me = await server.fetch("/auth-user-info", { headers: { cookie } });
    expect(me.status).toBe(401);
    expect((await me.json()).error.code).toBe("unauthenticated");
  });

  test("000 §4 a wrong password is refused with 401 and sets no cookie", async () => {
    for (const email of [server.demo.user.email, "nobody@sleuth.example"]) {
      const response = await server.fetch("/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password: "wrong" }),
      });
      expect(response.status).toBe(401);
      expect(response.headers.get("set-cookie")).toBeNull();
      expect((await response.json()).error).toMatchObject({
        code: "unauthenticated",
        message: "Incorrect e-mail or password",
      });
    }
  });

  test("000 §4 an initial login records a login entry in the activity log", async () => {
    const user = await server.createUser();
    const organization = await server.createOrganization();
    await server.addMember(user.email, organization.uuid, "viewer");
    const cookie = await server.signIn(user.email, user.password);
    const response = await server.fetch("/user-activity", { headers: { cookie } });
    const entries = (await response.json()).data;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: "login", organizationUuid: organization.uuid });
  });

  test("000 §7 the demo sign-in is offered and works while demo mode is on", async () => {
    const client = server.client();
    expect((await client.auth.config()).demoUser).toEqual({ email: "demo@sleuth.example" });
    const response = await server.fetch("/auth/demo-login", { method: "POST" });
    expect(response.status).toBe(200);
    expect((await response.json()).data.email).toBe("demo@sleuth.example");
    expect(response.headers.get("set-cookie")).toMatch(/^sleuth_session=/);
  });

  test("000 §7 a valid API token reads the user; unknown and revoked tokens answer 401", async () => {
    const token = await server.tokenFor(server.demo.user.email);
    const client = server.client({ token });
    expect((await client.auth.userInfo()).uuid).toBe(server.demo.user.uuid);

    const unknown = server.client({ token: "slt_thisTokenWasNeverIssued" });
    await expect(unknown.auth.userInfo()).rejects.toMatchObject({ status: 401, code: "unauthenticated" });

    const [listed] = (await client.auth.listTokens()).filter((entry) => entry.lastUsedAt !== null);
    expect(listed).toBeDefined();
    await client.auth.revokeToken(listed!.id);
    const error = await client.auth.userInfo().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: "The API token is not valid or was revoked" });
  });

  test("000 §7 a token minted with e-mail and password is shown once and only its hash is stored", async () => {
    const anonymous = server.client();
    const created = await anonymous.auth.createToken({
      name: "ci export",
      email: server.demo.analyst.email,
      password: server.demo.analyst.password,
    });
    expect(created.token).toMatch(/^slt_[A-Za-z0-9_-]{43}$/);
    const client = server.client({ token: created.token });
    expect((await client.auth.userInfo()).email).toBe(server.demo.analyst.email);
    expect((await client.auth.listTokens()).map((token) => token.name)).toContain("ci export");
    expect(JSON.stringify(await client.auth.listTokens())).not.toContain(created.token);

    const tables = await server.store.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'",
    );
    const secret = created.token.slice(4);
    for (const { table_name } of tables) {
      const rows = await server.store.query<{ row: string }>(`SELECT t::text AS row FROM "${table_name}" t`);
      expect(
        rows.filter((row) => row.row.includes(secret)),
        table_name,
      ).toEqual([]);
    }
  });

  test("000 §7 minting a token with a wrong password is refused", async () => {
    await expect(
      server.client().auth.createToken({ name: "x", email: server.demo.user.email, password: "nope" }),
    ).rejects.toMatchObject({ status: 401 });
  });
});

describe("demo mode off", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ store: "pglite", env: { SLEUTH_DEMO: "0" } });
  });
  afterAll(async () => {
    await server?.close();
  });

  test("000 §7 without demo mode the console is not offered a demo user and demo-login answers 404", async () => {
    expect((await server.client().auth.config()).demoUser).toBeNull();
    const response = await server.fetch("/auth/demo-login", { method: "POST" });
    expect(response.status).toBe(404);
    expect(response.headers.get("set-cookie")).toBeNull();
  });
});
