import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { displayName, type User } from "@sleuth/sdk";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { type CliSandbox, closedPort, createCliSandbox } from "./run.ts";

const demo = { email: "demo@sleuth.example" };

let server: TestServer;
let demoUser: User;

/** A fresh API token of the demo user. */
function demoToken(): Promise<string> {
  return server.tokenFor(demo.email);
}

beforeAll(async () => {
  server = await startTestServer({ store: "pglite" });
  demoUser = await server.client({ token: await demoToken() }).auth.userInfo();
});
afterAll(async () => {
  await server?.close();
});

let cli: CliSandbox;
beforeEach(async () => {
  cli = await createCliSandbox();
});
afterEach(async () => {
  await cli.remove();
});

describe("000 §7 session: sleuth whoami", () => {
  test("with SLEUTH_TOKEN prints the demo user and the current organization with role", async () => {
    const env = { SLEUTH_API_URL: server.baseUrl, SLEUTH_TOKEN: await demoToken() };
    const result = await cli.runProcess(["whoami"], { env });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(displayName(demoUser));
    expect(result.stdout).toContain(demo.email);
    expect(result.stdout).toContain("Demo Investigations (admin)");
  });

  test("--json prints {user, organization, role} as valid JSON", async () => {
    const env = { SLEUTH_API_URL: server.baseUrl, SLEUTH_TOKEN: await demoToken() };
    const result = await cli.run(["whoami", "--json"], { env });
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout);
    expect(json).toMatchObject({
      user: { email: demo.email, uuid: demoUser.uuid },
      organization: { name: "Demo Investigations" },
      role: "admin",
    });
    expect(Object.keys(json).sort()).toEqual(["organization", "role", "user"]);
  });

  test("without a token exits 4 with a message on stderr and nothing on stdout", async () => {
    const result = await cli.run(["whoami"], { env: { SLEUTH_API_URL: server.baseUrl } });
    expect(result.code).toBe(4);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain(`not logged in to ${server.baseUrl}`);
  });

  test("a token the server rejects exits 4 with the error code and request id", async () => {
    const result = await cli.run(["whoami"], {
      env: { SLEUTH_API_URL: server.baseUrl, SLEUTH_TOKEN: "slt_not-a-token" },
    });
    expect(result.code).toBe(4);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/^error: .+ \(unauthenticated, request id [\w-]+\)$/m);
  });

  test("an unreachable server exits 1 with the URL it tried, and no stack trace", async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const result = await cli.run(["whoami"], { env: { SLEUTH_API_URL: url, SLEUTH_TOKEN: "slt_anything" } });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain(`could not reach the Sleuth API at ${url}`);
    expect(result.stderr).toContain("pnpm start");
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});

describe("000 §7 organizations: sleuth org", () => {
  test("org list shows both organizations with the caller's role", async () => {
    const env = { SLEUTH_API_URL: server.baseUrl, SLEUTH_TOKEN: await demoToken() };
    const result = await cli.run(["org", "list", "--json"], { env });
    expect(result.code).toBe(0);
    const organizations = JSON.parse(result.stdout) as { name: string; role: string; current: boolean }[];
    expect(organizations.map(({ name, role, current }) => ({ name, role, current }))).toEqual(
      expect.arrayContaining([
        { name: "Demo Investigations", role: "admin", current: true },
        { name: "Partner Agency", role: "viewer", current: false },
      ]),
    );
    // Not a terminal: tab-separated rows with RFC 3339 times.
    const text = await cli.run(["org", "list"], { env });
    expect(text.stdout).toMatch(
      /\tPartner Agency\tviewer\t[0-9a-f-]{36}\t\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z\n/,
    );
  });

  test("org switch then whoami shows the other organization, and the switch is in the activity log", async () => {
    const token = await demoToken();
    const env = { SLEUTH_API_URL: server.baseUrl, SLEUTH_TOKEN: token };
    const switched = await cli.run(["org", "switch", "Partner Agency"], { env });
    expect(switched.code).toBe(0);
    expect(switched.stderr).toContain("Switched to Partner Agency (viewer)");

    const whoami = await cli.run(["whoami", "--json"], { env });
    expect(JSON.parse(whoami.stdout)).toMatchObject({
      organization: { name: "Partner Agency" },
      role: "viewer",
    });

    // 000 §4: switching organization records an activity log entry.
    const client = server.client({ token });
    const partner = (await client.organizations.mine()).find(
      (organization) => organization.name === "Partner Agency",
    );
    client.useOrganization(partner?.uuid ?? null);
    const activity = await client.activity.list({ limit: 10 });
    expect(activity.some((entry) => entry.action === "organization_switch")).toBe(true);
  });

  test("000 §4 a saved organization the user no longer belongs to is cleared, and the first one used", async () => {
    const token = await demoToken();
    await mkdir(dirname(cli.configFile), { recursive: true });
    const stale = { apiUrl: server.baseUrl, token, organizationUuid: "11111111-2222-4333-8444-555555555555" };
    await writeFile(cli.configFile, JSON.stringify(stale));
    const result = await cli.run(["whoami", "--json"]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain("no longer a member of the saved organization");
    expect(JSON.parse(result.stdout).organization.name).toBe("Demo Investigations");
    expect(JSON.parse(await readFile(cli.configFile, "utf8"))).toEqual({ apiUrl: server.baseUrl, token });
  });

  test("org switch refuses an organization the caller is not a member of", async () => {
    const env = { SLEUTH_API_URL: server.baseUrl, SLEUTH_TOKEN: await demoToken() };
    const result = await cli.run(["org", "switch", "Nobody's Agency"], { env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("not a member");
    await expect(stat(cli.configFile)).rejects.toThrow();
  });
});

describe("000 §7 session: sleuth login and logout", () => {
  test("login --with-token checks the token and writes it to the config file with mode 0600", async () => {
    const token = await demoToken();
    const login = await cli.run(["login", "--with-token"], {
      env: { SLEUTH_API_URL: server.baseUrl },
      stdin: `${token}\n`,
    });
    expect(login.stderr).toContain(`Logged in to ${server.baseUrl}`);
    expect(login.code).toBe(0);
    expect(login.stdout).toBe("");
    expect((await stat(cli.configFile)).mode & 0o777).toBe(0o600);

    // Signed in from the saved file alone: no SLEUTH_TOKEN, no SLEUTH_API_URL.
    const whoami = await cli.run(["whoami", "--json"]);
    expect(whoami.code).toBe(0);
    expect(JSON.parse(whoami.stdout).user.email).toBe(demo.email);

    const logout = await cli.run(["logout"]);
    expect(logout.code).toBe(0);
    const after = await cli.run(["whoami"]);
    expect(after.code).toBe(4);
  });

  test("login --with-token with a token the server rejects exits 4 and saves nothing", async () => {
    const login = await cli.run(["login", "--with-token"], {
      env: { SLEUTH_API_URL: server.baseUrl },
      stdin: "slt_not-a-token\n",
    });
    expect(login.code).toBe(4);
    await expect(stat(cli.configFile)).rejects.toThrow();
  });
});
