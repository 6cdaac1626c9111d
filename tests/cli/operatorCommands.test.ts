import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { type CliSandbox, createCliSandbox } from "./run.ts";

let server: TestServer;
let env: Record<string, string>;
let cli: CliSandbox;
const operatorToken = "operator-credential-for-cli-tests";

beforeAll(async () => {
  server = await startTestServer({ store: "pglite", env: { SLEUTH_OPERATOR_TOKEN: operatorToken } });
  env = { SLEUTH_API_URL: server.baseUrl, SLEUTH_TOKEN: await server.tokenFor(server.demo.user.email) };
});
afterAll(async () => {
  await server?.close();
});
beforeEach(async () => {
  cli = await createCliSandbox();
});
afterEach(async () => {
  await cli.remove();
});

describe("002 §6 / issue 40 forensics licence from the CLI", () => {
  test("issue 40 sleuth admin license turns it on and off with the operator credential; org forensics-license shows it", async () => {
    expect((await cli.runProcess(["org", "forensics-license"], { env })).stdout).toBe("off\n");
    const operatorEnv = { SLEUTH_API_URL: server.baseUrl, SLEUTH_OPERATOR_TOKEN: operatorToken };
    const on = await cli.run(["admin", "license", "Demo Investigations", "on"], { env: operatorEnv });
    expect(on.code).toBe(0);
    expect(on.stdout).toBe("on\n");
    expect(on.stderr).toContain("Demo Investigations now holds a forensics licence.");
    expect((await cli.run(["org", "forensics-license"], { env })).stdout).toBe("on\n");
    expect(
      (await cli.run(["admin", "license", server.demo.organization.uuid], { env: operatorEnv })).stdout,
    ).toBe("on\n");
    expect(
      (await cli.run(["admin", "license", "Demo Investigations", "off"], { env: operatorEnv })).stdout,
    ).toBe("off\n");
    expect((await cli.run(["org", "forensics-license"], { env })).stdout).toBe("off\n");
  });

  test("issue 40 without the operator credential, or with a wrong one, nothing changes", async () => {
    const missing = await cli.run(["admin", "license", "Demo Investigations", "on"], { env });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("SLEUTH_OPERATOR_TOKEN");
    const wrong = await cli.run(["admin", "license", "Demo Investigations", "on"], {
      env: { ...env, SLEUTH_OPERATOR_TOKEN: "not-the-operator-credential" },
    });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain("operator's credential");
    const bad = await cli.run(["admin", "license", "Demo Investigations", "maybe"], {
      env: { ...env, SLEUTH_OPERATOR_TOKEN: operatorToken },
    });
    expect(bad.stderr).toContain("the state must be on or off");
    expect((await cli.run(["org", "forensics-license"], { env })).stdout).toBe("off\n");
  });

  test("issue 40 sleuth admin networks creates a network and adds an organization", async () => {
    const operatorEnv = { SLEUTH_API_URL: server.baseUrl, SLEUTH_OPERATOR_TOKEN: operatorToken };
    const created = await cli.run(
      ["admin", "networks", "create", "Ransom desk", "--run-by", "Demo Investigations"],
      {
        env: operatorEnv,
      },
    );
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/^[0-9a-f-]{36}\n$/);
    const added = await cli.run(["admin", "networks", "add", "Ransom desk", "Partner Agency"], {
      env: operatorEnv,
    });
    expect(added.stdout).toBe("Demo Investigations\nPartner Agency\n");
    const listed = await cli.run(["admin", "networks", "--json"], { env: operatorEnv });
    expect(JSON.parse(listed.stdout)[0]).toMatchObject({
      name: "Ransom desk",
      organizations: [{ name: "Demo Investigations" }, { name: "Partner Agency" }],
    });
  });

  test("issue 40 sleuth org webhooks adds an endpoint, prints its secret once, and lists the log", async () => {
    const added = await cli.run(["org", "webhooks", "add", "http://127.0.0.1:9/hooks"], { env });
    expect(added.code).toBe(0);
    expect(added.stdout).toMatch(/^whsec_\S+\n$/);
    const listed = await cli.run(["org", "webhooks", "--json"], { env });
    const [endpoint] = JSON.parse(listed.stdout);
    expect(endpoint).toMatchObject({ url: "http://127.0.0.1:9/hooks" });
    expect(listed.stdout).not.toContain(added.stdout.trim());
    const log = await cli.run(["org", "webhooks", "deliveries", "--json"], { env });
    expect(JSON.parse(log.stdout)).toEqual([]);
    expect((await cli.run(["org", "webhooks", "remove", endpoint.uuid], { env })).code).toBe(0);
    expect(JSON.parse((await cli.run(["org", "webhooks", "--json"], { env })).stdout)).toEqual([]);
  });
});
