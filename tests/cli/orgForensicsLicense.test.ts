import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { type CliSandbox, createCliSandbox } from "./run.ts";

let server: TestServer;
let env: Record<string, string>;
let cli: CliSandbox;

beforeAll(async () => {
  server = await startTestServer({ store: "pglite" });
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

describe("002 §6 sleuth org forensics-license", () => {
  test("002 §6 prints the licence, an admin turns it on and off", async () => {
    const shown = await cli.run(["org", "forensics-license"], { env });
    expect(shown.code).toBe(0);
    expect(shown.stdout).toBe("off\n");

    const on = await cli.run(["org", "forensics-license", "on"], { env });
    expect(on.code).toBe(0);
    expect(on.stdout).toBe("on\n");
    expect(on.stderr).toContain("Demo Investigations now holds a forensics licence.");
    const client = server.client({ token: env.SLEUTH_TOKEN! });
    expect((await client.organizations.get(server.demo.organization.uuid)).hasForensicsLicense).toBe(true);

    expect((await cli.run(["org", "forensics-license", "off"], { env })).stdout).toBe("off\n");
    expect((await client.organizations.get(server.demo.organization.uuid)).hasForensicsLicense).toBe(false);
  });

  test("002 §6 a viewer is refused by the server; a wrong state is refused before any request", async () => {
    const refused = await cli.run(["--org", server.demo.partner.uuid, "org", "forensics-license", "off"], {
      env,
    });
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe("");
    expect(refused.stderr).toContain("Only an admin of the organization may do that");

    const wrong = await cli.run(["org", "forensics-license", "maybe"], { env });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain("the state must be on or off");
  });
});
