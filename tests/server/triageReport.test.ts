import { type SleuthClient, triageReportCsv, triageReportFileName } from "@sleuth/sdk";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestServer, storeKinds, type TestServer } from "../helpers/server.ts";

interface Subject {
  chain: string;
  address: string;
}

describe.each(storeKinds)("002 §9 triage report over HTTP on %s", (kind) => {
  let server: TestServer;
  let client: SleuthClient;
  let busy: Subject;
  let withExchange: Subject;

  beforeAll(async () => {
    server = await startTestServer({ store: kind, world: "small" });
    const token = await server.tokenFor(server.demo.user.email);
    client = server.client({ token, organizationUuid: server.demo.organization.uuid });
    [busy] = (await server.store.query<Subject>(
      `SELECT a.chain, a.address FROM address_counterparties ac JOIN addresses a ON a.id = ac.address_id
        GROUP BY a.id, a.chain, a.address ORDER BY count(*) DESC, a.id LIMIT 1`,
    )) as [Subject];
    [withExchange] = (await server.store.query<Subject>(
      `SELECT a.chain, a.address FROM address_counterparties ac
         JOIN addresses a ON a.id = ac.address_id
         JOIN addresses cp ON cp.id = ac.counterparty_id
         JOIN entities e ON e.id = cp.entity_id
        WHERE e.category_id = 8 ORDER BY a.id LIMIT 1`,
    )) as [Subject];
  });
  afterAll(async () => {
    await server?.close();
  });

  test("002 §9 the report has 8 columns, is named by chain and address, largest flows first", async () => {
    const report = await client.triage.report(busy.chain, busy.address);
    expect(report.fileName).toBe(triageReportFileName(busy.chain, busy.address));
    const [header, ...lines] = Papa.parse<string[]>(report.csv.trim()).data;
    expect(header).toEqual([
      "Date",
      "Chain",
      "Address",
      "Counterparty",
      "Category",
      "Direction",
      "Amount (USD)",
      "Lead",
    ]);
    expect(lines.length).toBe(report.rows.length);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) {
      expect(line).toHaveLength(8);
      expect(line[1]).toBe(busy.chain);
      expect(line[2]).toBe(busy.address);
      expect(line[0]).toMatch(/ UTC$/);
    }
    const volumes = report.rows.map((row) => row.amountUsd);
    // Rows come a counterparty at a time (both directions), counterparties by their total volume.
    expect(Math.max(...volumes)).toBe(Math.max(volumes[0]!, volumes[1] ?? 0));
  });

  test("002 §9 an exchange counterparty (category 8) is marked as a lead", async () => {
    const report = await client.triage.report(withExchange.chain, withExchange.address);
    const leads = report.rows.filter((row) => row.categoryId === 8);
    expect(leads.length).toBeGreaterThan(0);
    const [, ...lines] = Papa.parse<string[]>(report.csv.trim()).data;
    expect(lines.filter((line) => line[7] === "Yes")).toHaveLength(leads.length);
  });

  test("002 §9 the German report formats its dates in German, the same rows otherwise", async () => {
    const german = await client.triage.report(busy.chain, busy.address, { language: "de" });
    const english = await client.triage.report(busy.chain, busy.address, { language: "en" });
    expect(german.rows).toEqual(english.rows);
    expect(german.csv).toBe(await triageReportCsv(busy, english.rows, "de"));
    expect(german.csv).not.toBe(english.csv);
  });

  test("002 §5 an invalid address answers 400 with the invalid message; an unseen one an empty report", async () => {
    const response = await server.fetch(`/v1/triage/addresses/ethereum/0x123/report`, {
      headers: { authorization: `Bearer ${await server.tokenFor(server.demo.user.email)}` },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe("This address is not valid on this chain.");
    const unseen = await client.triage.report("ethereum", "0x000000000000000000000000000000000000dead");
    expect(unseen.rows).toEqual([]);
    expect(unseen.csv.trim().split("\n")).toHaveLength(1);
  });
});
