import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { type SleuthClient, triageInsights, triageMessages } from "@sleuth/sdk";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { type CliSandbox, createCliSandbox } from "./run.ts";

let server: TestServer;
let client: SleuthClient;
let env: Record<string, string>;
let cli: CliSandbox;
let busy: { chain: string; address: string; urn: string };

beforeAll(async () => {
  server = await startTestServer({ store: "pglite", world: "small" });
  const token = await server.tokenFor(server.demo.user.email);
  client = server.client({ token, organizationUuid: server.demo.organization.uuid });
  env = { SLEUTH_API_URL: server.baseUrl, SLEUTH_TOKEN: token };
  [busy] = (await server.store.query(
    `SELECT a.chain, a.address, 'urn:sleuth:address:' || a.chain || ':' || a.address AS urn
       FROM address_counterparties ac JOIN addresses a ON a.id = ac.address_id
      WHERE a.chain = 'bitcoin'
      GROUP BY a.id, a.chain, a.address ORDER BY count(*) DESC, a.id LIMIT 1`,
  )) as [typeof busy];
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

interface SummaryJson {
  subject: { chain: string; address: string };
  insights: { insight: string; state: string; text: string | null }[];
  noActivity: boolean;
  checklist: { item: string; label: string; completed: boolean }[];
}

describe("002 §9 sleuth triage report", () => {
  test("002 §9 writes the console's file, named by chain and address", async () => {
    const result = await cli.runProcess(["triage", "report", busy.address, "--chain", "bitcoin"], { env });
    expect(result.code).toBe(0);
    const expected = await client.triage.report(busy.chain, busy.address);
    expect(result.stderr).toContain(expected.fileName);
    expect(await readFile(join(cli.dir, expected.fileName), "utf8")).toBe(expected.csv);
  });

  test("002 §9 --locale de and -o - print the German report on stdout", async () => {
    const result = await cli.run(["triage", "report", busy.address, "--locale", "de", "-o", "-"], { env });
    expect(result.code).toBe(0);
    const german = await client.triage.report(busy.chain, busy.address, { language: "de" });
    // stdout ends the last line; the file is otherwise the same bytes.
    expect(result.stdout).toBe(`${german.csv}\n`);
    expect(result.stdout).toMatch(/\d+\. (Jan|Feb|März|Apr|Mai|Juni|Juli|Aug|Sept|Okt|Nov|Dez)\.? \d{4}/);
  });

  test("002 §5 an invalid address exits 1 with the invalid message and writes nothing", async () => {
    const result = await cli.run(["triage", "report", "0x1234", "--chain", "ethereum"], { env });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain(triageMessages.invalidAddress);
  });
});

describe("002 §4 sleuth triage summary", () => {
  test("002 §4 prints the insights and the checklist, ticks included, as JSON off a terminal", async () => {
    await client.preferences.set("triage-address-progress", { [busy.urn]: { escalate: true } });
    const result = await cli.run(["triage", "summary", busy.address], { env });
    expect(result.code).toBe(0);
    const summary = JSON.parse(result.stdout) as SummaryJson;
    expect(summary.subject).toMatchObject({ chain: "bitcoin", address: busy.address });
    expect(summary.insights.map((insight) => insight.insight)).toEqual([...triageInsights]);
    const activity = summary.insights.find((insight) => insight.insight === "activity");
    expect(activity?.state).toBe("result");
    expect(activity?.text).toMatch(/transfers/);
    expect(summary.noActivity).toBe(false);
    expect(summary.checklist.find((entry) => entry.item === "escalate")).toMatchObject({ completed: true });
    expect(summary.checklist.find((entry) => entry.item === "contactExchanges")).toMatchObject({
      completed: false,
    });
  });

  test("002 §4 the checklist reads the address's records: a detector completes its item", async () => {
    const before = JSON.parse(
      (await cli.run(["triage", "summary", busy.address], { env })).stdout,
    ) as SummaryJson;
    expect(before.checklist.find((entry) => entry.item === "detectors")).toMatchObject({ completed: false });
    await client.detectors.create({ addressUrn: busy.urn });
    const after = JSON.parse(
      (await cli.run(["triage", "summary", busy.address], { env })).stdout,
    ) as SummaryJson;
    expect(after.checklist.find((entry) => entry.item === "detectors")).toMatchObject({ completed: true });
  });

  test("002 §4 an address with no activity says so", async () => {
    const result = await cli.run(
      ["triage", "summary", "0x000000000000000000000000000000000000dEaD", "--chain", "ethereum", "--json"],
      { env },
    );
    expect(result.code).toBe(0);
    const summary = JSON.parse(result.stdout) as SummaryJson;
    expect(summary.noActivity).toBe(true);
    expect(summary.insights.every((insight) => insight.state === "empty")).toBe(true);
  });
});
