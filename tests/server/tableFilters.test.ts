import { type CounterpartyRow, matchesNumberFilter, type SleuthClient } from "@sleuth/sdk";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.ts";

// 000 §5 header filters beyond the transfers table (issue 39 "Tables"): the counterparties table
// filters its transfer count with equal, not equal, at least and at most, its total volume with at
// least and at most only, and the counterparty by a pasted URN; its file honours the same filters.
// One store: the filters are the server's SQL over the same rollups on both engines.

describe("000 §5 header filters of the counterparties and category transfers tables over HTTP", () => {
  let server: TestServer;
  let client: SleuthClient;
  let subject: string;
  let all: CounterpartyRow[];

  beforeAll(async () => {
    server = await startTestServer({ store: "pglite", world: "small" });
    client = server.client({
      token: await server.tokenFor(server.demo.user.email),
      organizationUuid: server.demo.organization.uuid,
    });
    // The address with the most counterparties: its table has counts of one and of more.
    const [row] = await server.store.query<{ urn: string }>(
      `SELECT 'urn:sleuth:address:' || a.chain || ':' || a.address AS urn
         FROM address_counterparties ac JOIN addresses a ON a.id = ac.address_id
        GROUP BY a.id, a.chain, a.address ORDER BY count(*) DESC, a.id LIMIT 1`,
    );
    subject = row!.urn;
    all = (await client.flows.counterpartySummary("address", { addressChainUrn: subject, limit: 100 })).rows;
  });
  afterAll(async () => {
    await server?.close();
  });

  const page = async (filters: Record<string, unknown>) =>
    (await client.flows.counterpartySummary("address", { addressChainUrn: subject, limit: 100, filters }))
      .rows;

  test("000 §5 the transfer count filters by equal, not equal, at least and at most", async () => {
    const counts = all.map((row) => row.totalTransfers);
    expect(new Set(counts).size).toBeGreaterThan(1);
    const value = counts[0]!;
    for (const operator of ["eq", "neq", "gte", "lte"] as const) {
      const filter = { operator, value };
      const rows = await page({ totalTransfers: filter });
      expect(rows.map((row) => row.counterpartyUrn)).toEqual(
        all
          .filter((row) => matchesNumberFilter(row.totalTransfers, filter))
          .map((row) => row.counterpartyUrn),
      );
    }
  });

  test("000 §5 the total volume allows only at least and at most; an unknown volume never matches", async () => {
    const priced = all.filter((row) => row.totalVolumeUsd !== null);
    expect(priced.length).toBeGreaterThan(1);
    const median = priced[Math.floor(priced.length / 2)]!.totalVolumeUsd!;
    const filter = { operator: "gte" as const, value: median };
    expect((await page({ totalVolumeUsd: filter })).map((row) => row.counterpartyUrn)).toEqual(
      priced
        .filter((row) => matchesNumberFilter(row.totalVolumeUsd!, filter))
        .map((row) => row.counterpartyUrn),
    );
    const refused = await server.fetch("/v2/counterparty-flows/address/summary", {
      method: "POST",
      headers: {
        authorization: `Bearer ${await server.tokenFor(server.demo.user.email)}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({
        addressChainUrn: subject,
        filters: { totalVolumeUsd: { operator: "eq", value: median } },
      }),
    });
    expect(refused.status).toBe(400);
  });

  test("000 §5 a pasted counterparty URN keeps that counterparty alone; the file holds the same rows", async () => {
    const target = all.find((row) => row.counterpartyType === "address") ?? all[0]!;
    const filters = { counterpartyUrn: [target.counterpartyUrn] };
    expect((await page(filters)).map((row) => row.counterpartyUrn)).toEqual([target.counterpartyUrn]);
    const direct = await client.asyncJobs.direct({
      jobType: "ADDRESS_COUNTERPARTIES_CSV",
      parameters: { addressChainUrn: subject, filters },
    });
    expect(direct.manifest.rowCount).toBe(1);
    expect(direct.csv).toContain(target.counterpartyUrn);
  });

  test("000 §5 category transfers filter their amounts by at least or at most, and the counterparty by URN", async () => {
    // The address with the most transfers with counterparties of one category.
    const [busiest] = await server.store.query<{ urn: string; category_id: number }>(
      `SELECT 'urn:sleuth:address:' || a.chain || ':' || a.address AS urn, x.category_id
         FROM transfers t JOIN addresses a ON a.id = t.address_id
         JOIN address_categories x ON x.address_id = t.counterparty_id
        GROUP BY a.id, a.chain, a.address, x.category_id ORDER BY count(*) DESC, a.id LIMIT 1`,
    );
    const request = {
      addressChainUrn: busiest!.urn,
      counterpartyCategoryId: busiest!.category_id,
      pageSize: 100,
    };
    const all = (await client.flows.categoryTransfers("address", request)).rows;
    expect(all.length).toBeGreaterThan(1);
    const magnitudes = all.map((row) => Math.abs(row.relevantAmountRaw)).sort((a, b) => a - b);
    const middle = magnitudes[Math.floor(magnitudes.length / 2)]!;
    const atLeast = await client.flows.categoryTransfers("address", {
      ...request,
      filters: { relevantAmount: { operator: "gte", value: middle } },
    });
    expect(atLeast.rows.map((row) => row.txHash)).toEqual(
      all.filter((row) => Math.abs(row.relevantAmountRaw) >= middle).map((row) => row.txHash),
    );
    const priced = all.filter((row) => row.relevantAmountUsd !== null);
    const usd = Math.abs(priced[0]?.relevantAmountUsd ?? 0);
    const atMost = await client.flows.categoryTransfers("address", {
      ...request,
      filters: { relevantAmountUsd: { operator: "lte", value: usd } },
    });
    expect(atMost.rows.map((row) => row.txHash)).toEqual(
      priced.filter((row) => Math.abs(row.relevantAmountUsd!) <= usd).map((row) => row.txHash),
    );
    const counterparty = all[0]!.counterpartyAddressChainUrns![0]!;
    const withOne = await client.flows.categoryTransfers("address", {
      ...request,
      filters: { counterpartyUrn: [counterparty] },
    });
    expect(withOne.rows.length).toBeGreaterThan(0);
    expect(withOne.rows.every((row) => row.counterpartyAddressChainUrns?.[0] === counterparty)).toBe(true);
    expect(withOne.rows.length).toBe(
      all.filter((row) => row.counterpartyAddressChainUrns?.[0] === counterparty).length,
    );
  });
});
