import {
  type CategoryAddressRow,
  type CounterpartyRow,
  matchesNumberFilter,
  type OwnershipAddressFilters,
  type RiskIndicatorRow,
  type RiskRowFilters,
  riskRowMatches,
  type SleuthClient,
} from "@sleuth/sdk";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.ts";

// 000 §5 header filters beyond the transfers table (issue 39 "Tables"): the counterparties table
// filters its transfer count with equal, not equal, at least and at most, its total volume with at
// least and at most only, and the counterparty by a pasted URN; its file honours the same filters.
// One store: the filters are the server's SQL over the same rollups on both engines.

describe("000 §5 header filters of the counterparties, category and risk tables over HTTP", () => {
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

  test("000 §5 category addresses filter volume and balance by at least or at most, asset count by any operator, address by URN", async () => {
    // The entity whose addresses carry one ownership category most often: a table of many rows.
    const [owner] = await server.store.query<{ urn: string; category_id: number }>(
      `SELECT e.urn, x.category_id FROM addresses a JOIN entities e ON e.id = a.entity_id
         JOIN address_categories x ON x.address_id = a.id
        GROUP BY e.id, e.urn, x.category_id ORDER BY count(*) DESC, e.id LIMIT 1`,
    );
    const request = { entityUrn: owner!.urn, ownershipCategoryId: owner!.category_id };
    // Every row under the filters, 25 a page.
    const read = async (filters: OwnershipAddressFilters = {}) => {
      const rows: CategoryAddressRow[] = [];
      for (let offset = 0; ; offset += 25) {
        const page = await client.flows.ownershipAddresses("entity", {
          ...request,
          filters,
          limit: 25,
          offset,
        });
        rows.push(...page);
        if (page.length < 25) return rows;
      }
    };
    const all = await read();
    expect(all.length).toBeGreaterThan(2);
    const urns = (rows: { addressChainUrn: string }[]) => rows.map((row) => row.addressChainUrn);
    const priced = all.filter((row) => row.totalVolumeUsd !== null);
    const middle = priced[Math.floor(priced.length / 2)]!.totalVolumeUsd!;
    for (const operator of ["gte", "lte"] as const) {
      const filter = { operator, value: middle };
      expect(urns(await read({ totalVolumeUsd: filter }))).toEqual(
        urns(priced.filter((row) => matchesNumberFilter(row.totalVolumeUsd!, filter))),
      );
    }
    const balances = all.filter((row) => row.balanceAmountUsd !== null);
    const balance = { operator: "gte" as const, value: balances[0]?.balanceAmountUsd ?? 0 };
    expect(urns(await read({ balanceAmountUsd: balance }))).toEqual(
      urns(balances.filter((row) => matchesNumberFilter(row.balanceAmountUsd!, balance))),
    );
    const count = all[0]!.uniqueAssetAllCount;
    for (const operator of ["eq", "neq"] as const) {
      const filter = { operator, value: count };
      expect(urns(await read({ uniqueAssetAllCount: filter }))).toEqual(
        urns(all.filter((row) => matchesNumberFilter(row.uniqueAssetAllCount, filter))),
      );
    }
    const target = all[1]!.addressChainUrn;
    expect(urns(await read({ addressUrn: [target] }))).toEqual([target]);
    // The file holds the filtered rows too.
    const direct = await client.asyncJobs.direct({
      jobType: "CATEGORY_ADDRESSES_CSV",
      parameters: { ...request, filters: { addressUrn: [target] } },
    });
    expect(direct.manifest.rowCount).toBe(1);
    // Equal on a volume column is refused: it allows at least and at most only.
    const refused = await server.fetch("/trm-insights/v5/flows/entity/by-ownership-category/addresses", {
      method: "POST",
      headers: {
        authorization: `Bearer ${await server.tokenFor(server.demo.user.email)}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({
        ...request,
        limit: 25,
        filters: { totalVolumeUsd: { operator: "eq", value: middle } },
      }),
    });
    expect(refused.status).toBe(400);
  });

  test("000 §5 risk rows filter their level and instances by any operator, their volume by at least or at most", async () => {
    // The entity with the most risk rows: ownership and behavioral rows over its addresses.
    const entities = await server.store.query<{ urn: string }>(
      `SELECT e.urn FROM entities e JOIN addresses a ON a.entity_id = e.id
        GROUP BY e.id, e.urn ORDER BY count(*) DESC, e.id LIMIT 5`,
    );
    let subjectUrn = "";
    let all: RiskIndicatorRow[] = [];
    for (const { urn } of entities) {
      const rows = await client.flows.riskIndicators("entity", { entityUrn: urn });
      if (rows.length > all.length) [subjectUrn, all] = [urn, rows];
    }
    expect(all.length).toBeGreaterThan(1);
    const key = (rows: RiskIndicatorRow[]) => rows.map((row) => `${row.riskType}:${row.category}`);
    const read = (filters: RiskRowFilters) =>
      client.flows.riskIndicators("entity", { entityUrn: subjectUrn, filters });
    for (const operator of ["eq", "neq", "gte", "lte"] as const) {
      const level = { operator, value: all[0]!.categoryRiskScoreLevel };
      expect(key(await read({ categoryRiskScoreLevel: level }))).toEqual(
        key(all.filter((row) => matchesNumberFilter(row.categoryRiskScoreLevel, level))),
      );
      const instances = { operator, value: all.at(-1)!.instances };
      expect(key(await read({ instances }))).toEqual(
        key(all.filter((row) => matchesNumberFilter(row.instances, instances))),
      );
    }
    const volume = { operator: "gte" as const, value: all[0]!.totalVolumeUsd };
    expect(key(await read({ totalVolumeUsd: volume }))).toEqual(
      key(all.filter((row) => riskRowMatches(row, { totalVolumeUsd: volume }))),
    );
  });
});
