import { addressChainUrn, flagRelatableUrn } from "@sleuth/sdk";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { type CliSandbox, createCliSandbox } from "./run.ts";

// sleuth cases list|show|create and sleuth flags list|delete, through the real binary: data on
// stdout (tab-separated when not a terminal), messages on stderr, exit codes.

let server: TestServer;
let env: Record<string, string>;
let cli: CliSandbox;
const flagged = addressChainUrn("bitcoin", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa");

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

describe("000 §7 cases from the CLI", () => {
  test("create prints the new id on stdout; list prints tab-separated rows; show prints the case", async () => {
    const created = await cli.runProcess(["cases", "create", "Ransom trail", "--shared"], { env });
    expect(created.code).toBe(0);
    const id = created.stdout.trim();
    expect(id).toMatch(/^\d+$/);
    expect(created.stderr).toContain("shared with the organization");

    const listed = await cli.run(["cases", "list", "--shared"], { env });
    expect(listed.code).toBe(0);
    const row = listed.stdout.split("\n").find((line) => line.startsWith(`${id}\t`));
    expect(row?.split("\t").slice(0, 4)).toEqual([id, "Ransom trail", server.demo.user.email, "yes"]);

    const shown = await cli.run(["cases", "show", id, "--json"], { env });
    expect(JSON.parse(shown.stdout)).toMatchObject({ id, name: "Ransom trail", isSharedWithOrg: true });
  });

  test("show lists the case's elements, graphs and flags, each named by what it holds", async () => {
    const client = server.client({ token: env.SLEUTH_TOKEN });
    // Another element than the flags test's, whose list must end empty.
    const element = addressChainUrn("bitcoin", "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2");
    const flag = await client.flags.create({
      trmResourceUrn: element,
      categoryId: "RANSOMWARE",
      categoryLabel: "Ransomware",
      userProvidedCategory: null,
      evidenceDescription: "Activity summary:\nRansom payments land here",
      resourceUrns: [element],
      contactEmail: "agent@fbi.example.gov",
      shouldPropagate: false,
    });
    const created = await client.cases.create({ name: "Show me", isSharedWithOrg: false });
    await client.cases.attach(created.id, { resourceUrn: element });
    await client.cases.attach(created.id, { resourceUrn: flagRelatableUrn(flag.uuid) });
    const shown = await cli.run(["cases", "show", created.id], { env });
    expect(shown.code).toBe(0);
    const rows = shown.stdout.split("\n").map((line) => line.split("\t"));
    expect(rows).toContainEqual([element, "", ""]);
    expect(rows).toContainEqual([flagRelatableUrn(flag.uuid), `Ransomware on ${element}`, ""]);
  });

  test("002 §5 a blank name is refused before anything is sent; an unknown case exits non-zero", async () => {
    const blank = await cli.run(["cases", "create", "   "], { env });
    expect(blank.code).not.toBe(0);
    expect(blank.stdout).toBe("");
    expect(blank.stderr).toContain("must not be blank");
    const missing = await cli.run(["cases", "show", "999999"], { env });
    expect(missing.code).not.toBe(0);
    expect(missing.stdout).toBe("");
  });
});

describe("001 §7 flags from the CLI", () => {
  test("list shows the organization's flags; delete removes one", async () => {
    const client = server.client({ token: env.SLEUTH_TOKEN });
    const flag = await client.flags.create({
      trmResourceUrn: flagged,
      categoryId: "PHISHING",
      categoryLabel: "Phishing",
      userProvidedCategory: null,
      evidenceDescription: "Activity summary:\nPhishing kit payouts land here",
      resourceUrns: [flagged],
      contactEmail: "agent@fbi.example.gov",
      shouldPropagate: false,
    });
    const listed = await cli.run(["flags", "list", "--urn", flagged], { env });
    expect(listed.code).toBe(0);
    expect(listed.stdout.split("\t").slice(0, 3)).toEqual([flag.uuid, flagged, "Phishing"]);
    const json = await cli.run(["flags", "list", "--json"], { env });
    expect(JSON.parse(json.stdout).map((item: { uuid: string }) => item.uuid)).toContain(flag.uuid);

    const removed = await cli.run(["flags", "delete", flag.uuid], { env });
    expect(removed.code).toBe(0);
    expect(removed.stderr).toContain("Removed flag");
    const after = await cli.run(["flags", "list", "--urn", flagged], { env });
    expect(after.stdout).toBe("");
    const again = await cli.run(["flags", "delete", flag.uuid], { env });
    expect(again.code).not.toBe(0);
  });
});
