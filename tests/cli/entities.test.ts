import { addressChainUrn, type ChainId, subjectRiskText } from "@sleuth/sdk";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { type CliSandbox, createCliSandbox } from "./run.ts";

let server: TestServer;
let cli: CliSandbox;
let env: Record<string, string>;
let addresses: string[];

beforeAll(async () => {
  server = await startTestServer({ store: "pglite", world: "small" });
  cli = await createCliSandbox();
  env = { SLEUTH_API_URL: server.baseUrl, SLEUTH_TOKEN: await server.tokenFor(server.demo.user.email) };
  const rows = await server.store.query<{ chain: ChainId; address: string }>(
    "SELECT chain, address FROM addresses WHERE entity_id IS NULL AND chain = 'bitcoin' ORDER BY id LIMIT 3",
  );
  addresses = rows.map((row) => row.address);
}, 300_000);
afterAll(async () => {
  await cli?.remove();
  await server?.close();
});

describe("000 §7 sleuth entities", () => {
  test("create from piped addresses prints the uuid; list and show find it", async () => {
    const created = await cli.runProcess(["entities", "create", "--name", "Piped suspects", "-"], {
      env,
      stdin: `${addresses.join("\n")}\nnot-an-address\n`,
    });
    expect(created.code).toBe(0);
    const uuid = created.stdout.trim();
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.stderr).toContain("not an address or URN: not-an-address");
    const list = await cli.run(["entities", "list"], { env });
    expect(list.stdout.split("\n")[0]).toContain("Piped suspects");
    const show = await cli.run(["entities", "show", uuid, "--json"], { env });
    const shown = JSON.parse(show.stdout);
    expect(shown.entity.resources.map((r: { resourceUrn: string }) => r.resourceUrn)).toEqual(
      addresses.map((address) => addressChainUrn("bitcoin", address)).sort(),
    );
    // Issue 44, 000 §7: the custom entity's risk score by id, in the JSON and on the risk line.
    const client = server.client({ token: env.SLEUTH_TOKEN });
    const risk = await client.customEntities.riskScore(uuid);
    expect(shown.risk).toEqual(risk);
    const plain = await cli.run(["entities", "show", uuid], { env });
    expect(plain.stdout).toMatch(new RegExp(`^risk\\s+${subjectRiskText(risk.riskScore)}$`, "m"));
  });

  test("002 §4 share as viewer, then remove the last editor is refused with the spec's words", async () => {
    const colleague = await server.createUser();
    await server.addMember(colleague.email, server.demo.organization.uuid, "editor");
    const created = await cli.run(["entities", "create", "--name", "Shared from CLI", "-"], {
      env,
      stdin: addresses[0],
    });
    const uuid = created.stdout.trim();
    const shared = await cli.run(["entities", "share", uuid, "--user", colleague.email, "--role", "viewer"], {
      env,
    });
    expect(shared.code).toBe(0);
    expect(shared.stderr).toContain("Sharing settings updated successfully");
    const lastEditor = await cli.run(
      ["entities", "share", uuid, "--user", server.demo.user.email, "--role", "remove"],
      { env },
    );
    expect(lastEditor.code).toBe(1);
    expect(lastEditor.stderr).toContain("There should be atleast one editor for the custom entity.");
    const deleted = await cli.run(["entities", "delete", uuid], { env });
    expect(deleted.code).toBe(0);
    expect((await cli.run(["entities", "show", uuid], { env })).code).toBe(1);
  });
});

describe("000 §5 sleuth org", () => {
  test("create, invite and list members; a duplicate name gets the spec's message", async () => {
    const created = await cli.run(["org", "create", "CLI Agency"], { env });
    expect(created.code).toBe(0);
    const uuid = created.stdout.trim();
    const orgEnv = { ...env, SLEUTH_ORG: uuid };
    const invited = await cli.run(["org", "invite", "newcomer@test.example", "--role", "editor"], {
      env: orgEnv,
    });
    expect(invited.code).toBe(0);
    const members = await cli.run(["org", "members"], { env: orgEnv });
    expect(members.stdout).toContain("newcomer@test.example\teditor");
    const renamed = await cli.run(["org", "rename", "CLI Agency Renamed"], { env: orgEnv });
    expect(renamed.code).toBe(0);
    const duplicate = await cli.run(["org", "create", "CLI Agency Renamed"], { env });
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toContain("Organization was not created, it may be a duplicate name");
  });
});

describe("000 §6 sleuth org role", () => {
  test("an admin changes a member's role; a viewer's change is refused and changes nothing", async () => {
    const created = await cli.run(["org", "create", "CLI Roles Agency"], { env });
    const orgEnv = { ...env, SLEUTH_ORG: created.stdout.trim() };
    await cli.run(["org", "invite", "promoted@test.example", "--role", "viewer"], { env: orgEnv });
    const changed = await cli.run(["org", "role", "promoted@test.example", "editor"], { env: orgEnv });
    expect(changed.code).toBe(0);
    expect(changed.stderr).toContain("promoted@test.example is now editor");
    const listed = await cli.run(["org", "members"], { env: orgEnv });
    expect(listed.stdout).toContain("promoted@test.example\teditor");

    const badRole = await cli.run(["org", "role", "promoted@test.example", "owner"], { env: orgEnv });
    expect(badRole.code).not.toBe(0);
    expect(badRole.stderr).toContain("viewer, editor, admin");

    const viewer = await server.createUser({ email: "cli-viewer@test.example" });
    await server.addMember(viewer.email, created.stdout.trim(), "viewer");
    const viewerEnv = { ...orgEnv, SLEUTH_TOKEN: await server.tokenFor(viewer.email) };
    const refused = await cli.run(["org", "role", "promoted@test.example", "admin"], { env: viewerEnv });
    expect(refused.code).not.toBe(0);
    expect(refused.stdout).toBe("");
    expect((await cli.run(["org", "members"], { env: orgEnv })).stdout).toContain(
      "promoted@test.example\teditor",
    );
  });
});
