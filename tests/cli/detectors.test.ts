import { detectorMessages } from "@sleuth/sdk";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { type CliSandbox, createCliSandbox } from "./run.ts";

// 002 §4 detectors from the terminal: list, create on an address, read alerts, delete.
let server: TestServer;
let env: Record<string, string>;
let cli: CliSandbox;
const address = "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa";

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

describe("002 §4 sleuth detectors", () => {
  test("002 §4 none at first; create one on an address; it is listed; delete it", async () => {
    const empty = await cli.runProcess(["detectors", "list"], { env });
    expect(empty.code).toBe(0);
    expect(empty.stdout).toBe("");
    expect(empty.stderr).toContain(detectorMessages.none);

    const created = await cli.run(
      ["detectors", "create", address, "--chain", "bitcoin", "--name", "Genesis"],
      {
        env,
      },
    );
    expect(created.code).toBe(0);
    const uuid = created.stdout.trim();
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.stderr).toContain(detectorMessages.created);

    const listed = await cli.run(["detectors", "list", "--json"], { env });
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual([
      expect.objectContaining({
        uuid,
        name: "Genesis",
        addressUrn: `urn:sleuth:address:bitcoin:${address}`,
        alertCount: 0,
      }),
    ]);
    // Off a terminal the table is tab-separated, one detector a line.
    const plain = await cli.run(["detectors", "list"], { env });
    // 000 §9: a detector that raised none counts 'NO ALERTS'.
    expect(plain.stdout.split("\n")[0]?.split("\t").slice(0, 4)).toEqual([
      uuid,
      "Genesis",
      `urn:sleuth:address:bitcoin:${address}`,
      "NO ALERTS",
    ]);

    const alerts = await cli.run(["detectors", "alerts", "--detector", uuid], { env });
    expect(alerts.code).toBe(0);
    expect(alerts.stderr).toContain(detectorMessages.noAlerts);

    const deleted = await cli.run(["detectors", "delete", uuid], { env });
    expect(deleted.code).toBe(0);
    expect((await cli.run(["detectors", "list", "--json"], { env })).stdout.trim()).toBe("[]");
  });

  test("002 §4 the default name is the shown address; an invalid address or unknown uuid fails clearly", async () => {
    // This store holds no world, so no chain is searched by default: --chain names it.
    const created = await cli.run(["detectors", "create", address, "--chain", "bitcoin", "--json"], { env });
    expect(created.code).toBe(0);
    expect(JSON.parse(created.stdout).name).toBe(`Transfers of ${address}`);

    const invalid = await cli.run(["detectors", "create", "not-an-address", "--chain", "bitcoin"], { env });
    expect(invalid.code).toBe(1);
    expect(invalid.stdout).toBe("");
    expect(invalid.stderr).toContain("not-an-address");

    const missing = await cli.run(["detectors", "delete", "00000000-0000-4000-8000-000000000000"], { env });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("Detector not found");
    const malformed = await cli.run(["detectors", "delete", "nope"], { env });
    expect(malformed.code).toBe(1);
    expect(malformed.stderr).not.toContain("Internal");
  });
});
