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
    // The demo world prices every transfer.
    const volumes = report.rows.map((row) => row.amountUsd ?? Number.NaN);
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

  test("002 §7 address properties: the six named properties and the property tags, in the order asked", async () => {
    const [tagged] = await server.store.query<Subject & { address_type: string; id: number }>(
      `SELECT a.id, a.chain, a.address, a.address_type FROM addresses a
        WHERE a.chain = 'bitcoin' AND a.address_type IS NOT NULL
          AND EXISTS (SELECT 1 FROM transfers t WHERE t.address_id = a.id)
        ORDER BY a.id LIMIT 1`,
    );
    const [counts] = await server.store.query<{ total: number; inbound: number; outbound: number }>(
      `SELECT count(DISTINCT transaction_id)::int AS total,
         count(DISTINCT transaction_id) FILTER (WHERE direction = 'incoming')::int AS inbound,
         count(DISTINCT transaction_id) FILTER (WHERE direction = 'outgoing')::int AS outbound
       FROM transfers WHERE address_id = $1`,
      [tagged!.id],
    );
    const unseen = { chain: "ethereum" as const, address: "0x000000000000000000000000000000000000dEaD" };
    const [first, second] = await client.triage.addressProperties([
      { chain: tagged!.chain as "bitcoin", address: tagged!.address },
      unseen,
    ]);
    // Answered in canonical spelling; an address never seen has no properties.
    expect(second).toEqual({ ...unseen, address: unseen.address.toLowerCase(), properties: [] });
    const byName = Object.fromEntries(
      first!.properties.map((property) => [property.internal_name, property]),
    );
    expect(Object.keys(byName).slice(0, 6)).toEqual([
      "first_active",
      "last_active",
      "balance",
      "total_transactions",
      "inbound_transactions",
      "outbound_transactions",
    ]);
    expect(byName.total_transactions?.value).toBe(counts!.total);
    expect(byName.inbound_transactions?.value).toBe(counts!.inbound);
    expect(byName.outbound_transactions?.value).toBe(counts!.outbound);
    expect(byName.address_type).toEqual({
      internal_name: "address_type",
      name: "Address type",
      value: tagged!.address_type,
    });
    expect(String(byName.first_active?.value)).toMatch(/^\d{4}-\d\d-\d\dT/);
    // v3 and v4 answer alike.
    const body = JSON.stringify({ addresses: [{ chain: tagged!.chain, address: tagged!.address }] });
    const headers = {
      authorization: `Bearer ${await server.tokenFor(server.demo.user.email)}`,
      "content-type": "application/json",
    };
    const [v3, v4] = await Promise.all(
      ["v3", "v4"].map(async (version) =>
        (
          await server.fetch(`/trm-insights/${version}/address/properties`, { method: "POST", body, headers })
        ).json(),
      ),
    );
    expect(v3).toEqual(v4);
    expect(v3.data[0].properties).toEqual(first!.properties);
  });

  test("002 §7 address properties refuse an address not valid on its chain, naming it", async () => {
    const response = await server.fetch("/trm-insights/v4/address/properties", {
      method: "POST",
      body: JSON.stringify({ addresses: [{ chain: "ethereum", address: "0x123" }] }),
      headers: {
        authorization: `Bearer ${await server.tokenFor(server.demo.user.email)}`,
        "content-type": "application/json",
      },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toContain("0x123");
  });
});
