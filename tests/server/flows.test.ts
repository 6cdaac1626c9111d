import {
  ApiError,
  addressChainUrn,
  type ChainId,
  counterpartyFlowsPageSize,
  detailsTableMaxRecords,
  earliestDate,
  entityUrn,
  pageSizes,
  type SleuthClient,
  scamReportsMax,
  subjectNotFoundMessages,
} from "@sleuth/sdk";
import { refreshRollups } from "@sleuth/server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestServer, storeKinds, type TestServer } from "../helpers/server.ts";

// Follow the money end to end (issue 27): the SDK's flow, exposure, risk, holdings and observation
// calls against the real server over the small demo world, on both engines. Figures are checked
// against an independent reading of the transfers table.

describe.each(storeKinds)("follow the money on %s", (kind) => {
  let server: TestServer;
  let demo: SleuthClient;
  let partner: SleuthClient;
  let token: string;
  let busiest: { id: number; chain: ChainId; address: string; urn: string };
  let entity: { id: number; slug: string; urn: string };
  let customUrn: string;

  async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
    const [row] = await server.store.query<T>(sql, params);
    if (!row) throw new Error(`no row for ${sql}`);
    return row;
  }

  beforeAll(async () => {
    server = await startTestServer({ store: kind, world: "small" });
    token = await server.tokenFor(server.demo.user.email);
    demo = server.client({ token, organizationUuid: server.demo.organization.uuid });
    partner = server.client({ token, organizationUuid: server.demo.partner.uuid });
    const address = await one<{ address_id: number; chain: ChainId; address: string }>(
      `SELECT address_id, chain, address FROM address_summary
       ORDER BY incoming_transfers + outgoing_transfers DESC, address_id LIMIT 1`,
    );
    busiest = {
      ...address,
      id: Number(address.address_id),
      urn: addressChainUrn(address.chain, address.address),
    };
    const top = await one<{ id: number; slug: string }>(
      `SELECT e.id, e.slug FROM entity_summary s JOIN entities e ON e.id = s.entity_id
       ORDER BY s.transfers DESC, e.id LIMIT 1`,
    );
    entity = { ...top, urn: entityUrn(top.slug) };
    const custom = await one<{ uuid: string }>(
      `SELECT ce.uuid::text AS uuid FROM custom_entities ce JOIN organizations o ON o.id = ce.organization_id
       WHERE o.uuid = $1 ORDER BY ce.id LIMIT 1`,
      [server.demo.organization.uuid],
    );
    customUrn = `urn:sleuth:custom-entity:${custom.uuid}`;
  });
  afterAll(async () => {
    await server?.close();
  });

  test("002 §7 counterparty summary of the busiest address: pages of 30, largest first, adding up to its transfers", async () => {
    const firstPage = await demo.flows.counterpartySummary("address", { addressChainUrn: busiest.urn });
    expect(firstPage.rows.length).toBeLessThanOrEqual(counterpartyFlowsPageSize);
    expect(firstPage.hasMore).toBe(firstPage.rows.length === counterpartyFlowsPageSize);
    // Smaller pages walk the same list: a full page means another one exists (002 §7).
    const rows = [];
    let offset = 0;
    for (;;) {
      const page = await demo.flows.counterpartySummary("address", {
        addressChainUrn: busiest.urn,
        offset,
        limit: 5,
      });
      rows.push(...page.rows);
      if (!page.hasMore) break;
      expect(page.rows).toHaveLength(5);
      offset += 5;
    }
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.slice(0, firstPage.rows.length)).toEqual(firstPage.rows);
    const volumes = rows.map((row) => row.totalVolumeUsd ?? -1);
    expect(volumes).toEqual([...volumes].sort((a, b) => b - a));
    expect(new Set(rows.map((row) => row.counterpartyUrn)).size).toBe(rows.length);
    const counted = await one<{ n: string }>(
      `SELECT count(*) AS n FROM transfers WHERE address_id = $1 AND counterparty_id IS NOT NULL AND counterparty_id <> $1`,
      [busiest.id],
    );
    expect(rows.reduce((sum, row) => sum + row.totalTransfers, 0)).toBe(Number(counted.n));
    // An attributed counterparty is named by its entity, an unattributed one by its address.
    for (const row of rows) {
      if (row.counterpartyType === "entity") expect(row.entityUrn).toBe(row.counterpartyUrn);
      else expect(row.addressChainUrn).toBe(row.counterpartyUrn);
    }
  });

  test("002 §7 a custom entity's counterparties are its members' minus the members themselves", async () => {
    // The busiest address and its busiest unattributed counterparty, grouped: flows between them are internal.
    const partnerRow = await one<{ id: number; chain: ChainId; address: string }>(
      `SELECT c.id, c.chain, c.address FROM transfers t JOIN addresses c ON c.id = t.counterparty_id
       WHERE t.address_id = $1 AND c.entity_id IS NULL AND c.id <> $1
       GROUP BY c.id ORDER BY count(*) DESC, c.id LIMIT 1`,
      [busiest.id],
    );
    const created = await demo.customEntities.create({
      name: `Flows pair ${kind}`,
      resources: [
        { resourceUrn: busiest.urn },
        { resourceUrn: addressChainUrn(partnerRow.chain, partnerRow.address) },
      ],
    });
    const pairUrn = `urn:sleuth:custom-entity:${created.uuid}`;
    const rows = [];
    for (let offset = 0; ; offset += counterpartyFlowsPageSize) {
      const page = await demo.flows.counterpartySummary("custom-entity", {
        customEntityUrn: pairUrn,
        offset,
      });
      rows.push(...page.rows);
      if (!page.hasMore) break;
    }
    const members = [busiest.id, Number(partnerRow.id)];
    const memberUrns = [busiest.urn, addressChainUrn(partnerRow.chain, partnerRow.address)];
    expect(rows.some((row) => row.addressChainUrn !== null && memberUrns.includes(row.addressChainUrn))).toBe(
      false,
    );
    const counted = await one<{ n: string }>(
      `SELECT count(*) AS n FROM transfers WHERE address_id = ANY($1::bigint[])
         AND counterparty_id IS NOT NULL AND NOT counterparty_id = ANY($1::bigint[])`,
      [members],
    );
    expect(rows.reduce((sum, row) => sum + row.totalTransfers, 0)).toBe(Number(counted.n));
  });

  test("002 §7 counterparty summary filters: named entities only, a risk floor and a txDate range", async () => {
    const named = await demo.flows.counterpartySummary("address", {
      addressChainUrn: busiest.urn,
      includeNamedEntitiesOnly: true,
      limit: 100,
    });
    expect(named.rows.length).toBeGreaterThan(0);
    expect(named.rows.every((row) => row.counterpartyType === "entity" && row.name)).toBe(true);
    const risky = await demo.flows.counterpartySummary("entity", {
      entityUrn: entity.urn,
      riskScoreLevel: 4,
      limit: 100,
    });
    expect(risky.rows.every((row) => row.riskScoreLevel >= 4)).toBe(true);

    const day = await one<{ gte: string; lte: string }>(
      `SELECT to_char(min(block_timestamp) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS gte,
              to_char((min(block_timestamp) AT TIME ZONE 'UTC') + interval '10 days', 'YYYY-MM-DD') AS lte
       FROM transfers WHERE address_id = $1`,
      [busiest.id],
    );
    const ranged = await demo.flows.counterpartySummary("address", {
      addressChainUrn: busiest.urn,
      txDate: day,
      limit: 100,
    });
    const counted = await one<{ n: string }>(
      `SELECT count(*) AS n FROM transfers WHERE address_id = $1 AND counterparty_id IS NOT NULL AND counterparty_id <> $1
         AND block_timestamp >= $2::date AND block_timestamp < $3::date + 1`,
      [busiest.id, day.gte, day.lte],
    );
    expect(ranged.rows.reduce((sum, row) => sum + row.totalTransfers, 0)).toBe(Number(counted.n));
  });

  test("002 §7 counterparty summary of the busiest entity: every counterparty outside it, as its transfers add up", async () => {
    const all = async (request: { includeNamedEntitiesOnly?: boolean; txDate?: { gte: string } }) => {
      const rows = [];
      for (let offset = 0; ; offset += 100) {
        const page = await demo.flows.counterpartySummary("entity", {
          entityUrn: entity.urn,
          ...request,
          offset,
          limit: 100,
        });
        rows.push(...page.rows);
        if (!page.hasMore) break;
      }
      return rows;
    };
    const rows = await all({});
    // An independent reading: the entity's transfers with the world outside it, grouped as 002 §7 groups.
    const groups = await server.store.query<{
      slug: string | null;
      chain: ChainId;
      address: string;
      n: string;
      usd: number | null;
    }>(
      `SELECT e.slug, CASE WHEN e.slug IS NULL THEN c.chain END AS chain, CASE WHEN e.slug IS NULL THEN c.address END AS address,
         count(*) AS n, sum(t.amount_usd) AS usd
       FROM transfers t JOIN addresses o ON o.id = t.address_id JOIN addresses c ON c.id = t.counterparty_id
       LEFT JOIN entities e ON e.id = c.entity_id
       WHERE o.entity_id = $1 AND c.entity_id IS DISTINCT FROM o.entity_id
       GROUP BY 1, 2, 3`,
      [entity.id],
    );
    const expected = groups.map((group) => ({
      urn: group.slug ? entityUrn(group.slug) : addressChainUrn(group.chain, group.address),
      ...group,
    }));
    expect(rows.length).toBe(expected.length);
    expect(rows.length).toBeGreaterThan(counterpartyFlowsPageSize);
    const byUrn = new Map(rows.map((row) => [row.counterpartyUrn, row]));
    for (const group of expected) {
      const row = byUrn.get(group.urn);
      expect(row?.totalTransfers, group.urn).toBe(Number(group.n));
      if (group.usd !== null) expect(row?.totalVolumeUsd ?? 0).toBeCloseTo(Number(group.usd), 2);
    }
    const volumes = rows.map((row) => row.totalVolumeUsd ?? -1);
    expect(volumes).toEqual([...volumes].sort((a, b) => b - a));
    // Named entities only is the attributed part of the same list, in the same order.
    const named = await all({ includeNamedEntitiesOnly: true });
    expect(named).toEqual(rows.filter((row) => row.counterpartyType === "entity"));
    // A txDate range from the first day sums the transfers themselves: the same counterparties.
    const ranged = await all({ txDate: { gte: earliestDate } });
    expect(new Map(ranged.map((row) => [row.counterpartyUrn, row.totalTransfers]))).toEqual(
      new Map(rows.map((row) => [row.counterpartyUrn, row.totalTransfers])),
    );
  });

  test("000 §7 by-counterparty-entity pages by cursor both ways, and to-entity lists exactly /count transfers", async () => {
    const first = await demo.flows.byCounterparty("address", "entity", {
      addressChainUrn: busiest.urn,
      pageSize: 2,
    });
    expect(first.rows).toHaveLength(2);
    expect(first.previousCursor).toBeNull();
    expect(first.nextCursor).not.toBeNull();
    const second = await demo.flows.byCounterparty("address", "entity", {
      addressChainUrn: busiest.urn,
      pageSize: 2,
      after: first.nextCursor!,
    });
    expect(second.rows[0]?.counterpartyUrn).not.toBe(first.rows[0]?.counterpartyUrn);
    const back = await demo.flows.byCounterparty("address", "entity", {
      addressChainUrn: busiest.urn,
      pageSize: 2,
      after: second.previousCursor!,
    });
    expect(back.rows).toEqual(first.rows);

    const top = first.rows[0]!;
    const request = { addressChainUrn: busiest.urn, counterpartyEntityUrn: top.counterpartyUrn, pageSize: 5 };
    const count = await demo.flows.counterpartyTransferCount("address", "entity", request);
    expect(count).toBe(top.totalTransfers);
    const seen = [];
    let after: string | undefined;
    do {
      const page = await demo.flows.counterpartyTransfers("address", "entity", { ...request, after });
      seen.push(...page.rows);
      after = page.nextCursor ?? undefined;
    } while (after);
    expect(seen).toHaveLength(count);
    expect(
      new Set(seen.map((row) => `${row.transactionUrn} ${row.relevantAmountRaw} ${row.assetUrn}`)).size,
    ).toBe(count);
    expect(seen.every((row) => row.counterpartyEntities[0]?.entityUrn === top.counterpartyUrn)).toBe(true);
    const times = seen.map((row) => row.transactionTimestamp);
    expect(times).toEqual([...times].sort().reverse());
    expect(
      seen
        .filter((row) => row.direction === "outgoing")
        .every((row) => row.relevantAmountRaw.startsWith("-")),
    ).toBe(true);

    const assets = await demo.flows.chainAssets("address", "entity", {
      addressChainUrn: busiest.urn,
      counterpartyEntityUrn: top.counterpartyUrn,
    });
    expect(assets.reduce((sum, asset) => sum + asset.transfers, 0)).toBe(count);
  });

  test("002 §3 flow summary adds up its assets and matches the transfers; /bulk answers known URNs in order", async () => {
    const summary = await demo.flows.summary("address", { addressChainUrn: busiest.urn, includeDaily: true });
    const counted = await one<{ n: string }>("SELECT count(*) AS n FROM transfers WHERE address_id = $1", [
      busiest.id,
    ]);
    expect(summary.totalTransfers).toBe(Number(counted.n));
    expect(
      summary.assets.reduce((sum, asset) => sum + asset.incomingTransfers + asset.outgoingTransfers, 0),
    ).toBe(summary.totalTransfers);
    expect(summary.daily?.reduce((sum, day) => sum + day.incomingTransfers + day.outgoingTransfers, 0)).toBe(
      summary.totalTransfers,
    );
    expect(
      summary.daily?.every((day) => /^\d{4}-\d{2}-\d{2}$/.test(day.date) && day.date >= earliestDate),
    ).toBe(true);
    const unknown = addressChainUrn("ethereum", "0x000000000000000000000000000000000000dead");
    const bulk = await demo.flows.summaryBulk("address", [busiest.urn, unknown]);
    expect(bulk.success).toBe(true);
    expect(bulk.data.map((item) => item.urn)).toEqual([busiest.urn]);
    expect(bulk.data[0]?.totalTransfers).toBe(summary.totalTransfers);
    const byAsset = await demo.flows.byAssetSummary("entity", { entityUrn: entity.urn });
    expect(byAsset.length).toBeGreaterThan(0);
    expect(byAsset.every((asset) => /^-?\d+(\.\d+)?$/.test(asset.balanceAmountRaw))).toBe(true);
  });

  test("issue 44 000 §7 the flow summary and its /bulk accept filters: only the named assets or chain count", async () => {
    const whole = await demo.flows.summary("entity", { entityUrn: entity.urn });
    expect(whole.assets.length).toBeGreaterThan(0);
    const [first] = whole.assets;
    const byAsset = await demo.flows.summaryBulk("entity", [entity.urn], {
      filters: { assetUrns: [first!.assetUrn] },
    });
    expect(byAsset.data[0]?.assets).toEqual([first]);
    expect(byAsset.data[0]?.totalTransfers).toBe(first!.incomingTransfers + first!.outgoingTransfers);
    const byChain = await demo.flows.summary("entity", {
      entityUrn: entity.urn,
      filters: { chain: first!.chain },
    });
    expect(byChain.assets).toEqual(whole.assets.filter((asset) => asset.chain === first!.chain));
    // The filters are strict like the rest of the body: an unknown one is refused, not ignored.
    const refused = await server.fetch("/trm-insights/v5/flows/entity/summary/bulk", {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ entityUrns: [entity.urn], filters: { counterparty: "x" } }),
    });
    expect(refused.status).toBe(400);
  });

  test("000 §7 exposure over time: category, risk and ratio rows per YYYY-MM-DD day, agreeing with each other", async () => {
    const request = { entityUrn: entity.urn };
    const [categories, risk, ratios] = await Promise.all([
      demo.flows.categoryDaily("entity", request),
      demo.flows.riskDaily("entity", request),
      demo.flows.riskRatiosDaily("entity", request),
    ]);
    expect(categories.length).toBeGreaterThan(0);
    const sum = (rows: { incomingVolumeUsd: number; outgoingVolumeUsd: number }[]) =>
      rows.reduce((total, row) => total + row.incomingVolumeUsd + row.outgoingVolumeUsd, 0);
    expect(sum(risk)).toBeCloseTo(sum(categories), 2);
    expect(new Set(ratios.map((row) => `${row.date} ${row.riskLabel}`))).toEqual(
      new Set(risk.map((row) => `${row.date} ${row.riskLabel}`)),
    );
    expect(ratios.every((row) => row.totalPercentage >= 0 && row.totalPercentage <= 100)).toBe(true);
    const dates = categories.map((row) => row.date);
    expect(dates).toEqual([...dates].sort());
    const ranged = await demo.flows.categoryDaily("entity", {
      ...request,
      txDate: { gte: dates[0]!, lte: dates[0]! },
    });
    expect(new Set(ranged.map((row) => row.date))).toEqual(new Set([dates[0]]));
  });

  test("001 §2 risk indicators: riskiest first, each with at most 15 related transfers or relevant addresses", async () => {
    const rows = await demo.flows.riskIndicators("entity", { entityUrn: entity.urn });
    const address = await demo.flows.riskIndicators("address", { addressChainUrn: busiest.urn });
    for (const list of [rows, address]) {
      const levels = list.map((row) => row.categoryRiskScoreLevel);
      expect(levels).toEqual([...levels].sort((a, b) => b - a));
      for (const row of list) {
        expect(row.details.rows.length).toBeLessThanOrEqual(detailsTableMaxRecords);
        expect(row.details.kind).toBe(row.riskType === "counterparty" ? "transfers" : "addresses");
      }
    }
    const counterparty = [...rows, ...address].find((row) => row.riskType === "counterparty");
    expect(counterparty).toBeDefined();
    expect(counterparty!.details.rows.length).toBeGreaterThan(0);
    // An indirect row's addresses: the entity's direct counterparties exposed to that category, most exposed first.
    const indirect = rows.filter((row) => row.riskType === "indirect");
    expect(indirect.length).toBeGreaterThan(0);
    for (const row of indirect) {
      const expected = await server.store.query<{ chain: ChainId; address: string }>(
        `SELECT a.chain, a.address FROM address_exposure x JOIN addresses a ON a.id = x.address_id
         WHERE x.category_id = $2 AND x.address_id IN (
           SELECT c.counterparty_id FROM address_counterparties c JOIN addresses o ON o.id = c.address_id WHERE o.entity_id = $1)
         GROUP BY a.id ORDER BY sum(x.incoming_usd + x.outgoing_usd) DESC, a.id LIMIT $3`,
        [entity.id, row.categoryId, detailsTableMaxRecords],
      );
      const urns = row.details.rows.map((detail) =>
        "addressChainUrn" in detail ? detail.addressChainUrn : null,
      );
      expect(urns, row.category).toEqual(
        expected.map((found) => addressChainUrn(found.chain, found.address)),
      );
    }
  });

  test("001 §7 category transfers page by cursor or by offset alike; filter values and ownership addresses", async () => {
    const category = await one<{ category_id: number }>(
      `SELECT x.category_id FROM address_category_daily x WHERE x.address_id = $1
       GROUP BY x.category_id ORDER BY sum(x.incoming_transfers + x.outgoing_transfers) DESC LIMIT 1`,
      [busiest.id],
    );
    const base = { addressChainUrn: busiest.urn, counterpartyCategoryId: category.category_id };
    const first = await demo.flows.categoryTransfers("address", { ...base, pageSize: 3 });
    const second = await demo.flows.categoryTransfers("address", {
      ...base,
      pageSize: 3,
      after: first.nextCursor!,
    });
    const byOffset = await demo.flows.categoryTransfers("address", { ...base, limit: 6, offset: 0 });
    expect([...first.rows, ...second.rows]).toEqual(byOffset.rows);
    const values = await demo.flows.categoryFilterValues("address", base);
    expect(values.directions.length).toBeGreaterThan(0);
    const incoming = await demo.flows.categoryTransfers("address", {
      ...base,
      filters: { direction: "incoming" },
      limit: 50,
    });
    expect(incoming.rows.every((row) => row.relevantAmountRaw >= 0)).toBe(true);

    const owned = await one<{ category_id: number }>("SELECT category_id FROM entities WHERE id = $1", [
      entity.id,
    ]);
    const addresses = await demo.flows.ownershipAddresses("entity", {
      entityUrn: entity.urn,
      ownershipCategoryId: owned.category_id,
    });
    expect(addresses.length).toBeGreaterThan(0);
    expect(addresses.length).toBeLessThanOrEqual(pageSizes.categoryAddresses);
    const owners = await server.store.query<{ entity_id: number }>(
      "SELECT entity_id FROM addresses WHERE (address, chain) IN (SELECT unnest($1::text[]), unnest($2::text[]))",
      [
        addresses.map((row) => row.addressChainUrn.split(":").slice(4).join(":")),
        addresses.map((row) => row.chain),
      ],
    );
    expect(owners.every((row) => row.entity_id === entity.id)).toBe(true);
  });

  test("001 §2 category addresses table: the summary lists each ownership category its addresses carry", async () => {
    const categories = await demo.flows.ownershipCategories("entity", { entityUrn: entity.urn });
    const expected = await server.store.query<{ category_id: number; n: string }>(
      `SELECT x.category_id, count(*) AS n FROM addresses a JOIN address_categories x ON x.address_id = a.id
       WHERE a.entity_id = $1 GROUP BY x.category_id`,
      [entity.id],
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(
      categories.map((row) => [row.categoryId, row.addresses]).sort((a, b) => Number(a[0]) - Number(b[0])),
    ).toEqual(
      expected.map((row) => [row.category_id, Number(row.n)]).sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    for (let i = 1; i < categories.length; i++)
      expect(categories[i - 1]!.addresses).toBeGreaterThanOrEqual(categories[i]!.addresses);
    // Each category's count is the table's length: paging past it answers nothing.
    const [first] = categories;
    const last = await demo.flows.ownershipAddresses("entity", {
      entityUrn: entity.urn,
      ownershipCategoryId: first!.categoryId,
      offset: first!.addresses,
    });
    expect(last).toEqual([]);
    // Another organization's custom entity is not found; a malformed subject is a 400.
    await expect(
      partner.flows.ownershipCategories("custom-entity", { customEntityUrn: customUrn }),
    ).rejects.toMatchObject({
      status: 404,
    });
    const response = await fetch(
      `${server.baseUrl}/trm-insights/v5/flows/entity/by-ownership-category/summary`,
      {
        method: "POST",
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          "x-sleuth-organization": server.demo.organization.uuid,
        },
        body: JSON.stringify({ entityUrn: entity.urn, extra: 1 }),
      },
    );
    expect(response.status).toBe(400);
  });

  test("issue 45 an unknown subject answers 404 with its kind's one text, on flow and transfer routes alike", async () => {
    const unknownEntity = entityUrn("no-such-entity-here");
    const customNotFound = { status: 404, message: subjectNotFoundMessages["custom-entity"] };
    await expect(
      partner.flows.ownershipCategories("custom-entity", { customEntityUrn: customUrn }),
    ).rejects.toMatchObject(customNotFound);
    await expect(partner.transfers.customEntity({ customEntityUrn: customUrn })).rejects.toMatchObject(
      customNotFound,
    );
    const entityNotFound = { status: 404, message: subjectNotFoundMessages.entity };
    await expect(
      demo.flows.ownershipCategories("entity", { entityUrn: unknownEntity }),
    ).rejects.toMatchObject(entityNotFound);
    await expect(demo.transfers.entity({ entityUrn: unknownEntity })).rejects.toMatchObject(entityNotFound);
  });

  test("002 §3 holdings: v4 answers at most 30 per address, balances as decimal strings; statistics summary and bulk", async () => {
    const [holdings] = await demo.holdings.assetHoldings("v4", { addresses: [busiest.urn] });
    expect(holdings?.addressChainUrn).toBe(busiest.urn);
    expect(holdings!.holdings.length).toBeLessThanOrEqual(30);
    for (const holding of holdings!.holdings) expect(holding.balanceAmountRaw).toMatch(/^\d+(\.\d+)?$/);
    const stats = await demo.holdings.statistics("entity", entity.urn);
    const owned = await one<{ n: string }>("SELECT count(*) AS n FROM addresses WHERE entity_id = $1", [
      entity.id,
    ]);
    expect(stats.addressCount).toBe(Number(owned.n));
    const bulk = await demo.holdings.statisticsBulk("custom-entity", [customUrn]);
    expect(bulk.data.map((item) => item.urn)).toEqual([customUrn]);
    expect((await partner.holdings.statisticsBulk("custom-entity", [customUrn])).data).toEqual([]);
  });

  test("000 §7 IP observations come 10 a page with the total; 001 §7 scam reports name the address or one the entity owns", async () => {
    const observed = await one<{ chain: ChainId; address: string; n: string }>(
      `SELECT a.chain, a.address, count(*) AS n FROM inet_observations o JOIN addresses a ON a.id = o.address_id
       GROUP BY a.id, a.chain, a.address ORDER BY count(*) DESC, a.id LIMIT 1`,
    );
    const ips = await demo.observations.inetObservations({
      addressChainUrn: addressChainUrn(observed.chain, observed.address),
    });
    expect(ips.count).toBe(Number(observed.n));
    expect(ips.rows.length).toBe(Math.min(pageSizes.ipObservations, Number(observed.n)));
    expect(ips.rows.every((row) => row.entityUrn === `urn:sleuth:inet:${row.ip}`)).toBe(true);

    const reported = await one<{ chain: ChainId; address: string }>(
      `SELECT r.chain, r.address FROM scam_report_addresses r JOIN addresses a ON a.address = r.address AND a.chain = r.chain
       ORDER BY r.id LIMIT 1`,
    );
    const reports = await demo.observations.scamReports(addressChainUrn(reported.chain, reported.address));
    expect(reports.length).toBeGreaterThan(0);
    expect(
      reports.every((report) => report.addresses.some((entry) => entry.address === reported.address)),
    ).toBe(true);
    const quiet = await one<{ chain: ChainId; address: string }>(
      `SELECT a.chain, a.address FROM addresses a
       WHERE NOT EXISTS (SELECT 1 FROM scam_report_addresses r WHERE r.address = a.address AND r.chain = a.chain)
       ORDER BY a.id LIMIT 1`,
    );
    expect(await demo.observations.scamReports(addressChainUrn(quiet.chain, quiet.address))).toEqual([]);

    // An entity's reports are those naming any address it owns; an unknown subject is its kind's 404.
    const owner = await one<{ urn: string; n: string }>(
      `SELECT urn, n FROM (
         SELECT e.urn, count(DISTINCT r.report_id) AS n, e.id FROM entities e
         JOIN addresses a ON a.entity_id = e.id
         JOIN scam_report_addresses r ON r.address = a.address AND r.chain = a.chain
         GROUP BY e.id, e.urn
         UNION ALL SELECT $1, 0, $2) o
       ORDER BY n DESC, id LIMIT 1`,
      [entity.urn, entity.id],
    );
    expect((await demo.observations.scamReports(owner.urn)).length).toBe(
      Math.min(Number(owner.n), scamReportsMax),
    );
    const unknown = addressChainUrn("ethereum", "0x0000000000000000000000000000000000000001");
    await expect(demo.observations.scamReports(unknown)).rejects.toMatchObject({
      status: 404,
      message: subjectNotFoundMessages.address,
    });
    await expect(demo.observations.inetObservations({ addressChainUrn: unknown })).rejects.toMatchObject({
      status: 404,
      message: subjectNotFoundMessages.address,
    });
  });

  test("000 §3 custom entities are scoped: the owner's organization reads its flows, another gets 404, nobody 401", async () => {
    const summary = await demo.flows.summary("custom-entity", { customEntityUrn: customUrn });
    expect(summary.totalTransfers).toBeGreaterThan(0);
    await expect(
      partner.flows.summary("custom-entity", { customEntityUrn: customUrn }),
    ).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      partner.flows.counterpartySummary("custom-entity", { customEntityUrn: customUrn }),
    ).rejects.toMatchObject({ status: 404 });
    const anonymous = await server.fetch("/v2/counterparty-flows/address/summary", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ addressChainUrn: busiest.urn }),
    });
    expect(anonymous.status).toBe(401);
  });

  test("bad bodies answer 400 with the error envelope, unknown subjects 404", async () => {
    const post = (path: string, body: unknown) =>
      server.fetch(path, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
    const cases: [string, unknown][] = [
      ["/v2/counterparty-flows/address/summary", { entityUrn: entity.urn }],
      ["/v2/counterparty-flows/address/summary", { addressChainUrn: busiest.urn, limit: 0 }],
      [
        "/v2/counterparty-flows/address/summary",
        { addressChainUrn: busiest.urn, txDate: { gte: "2024-02-01", lte: "2024-01-01" } },
      ],
      [
        "/v2/counterparty-flows/address/summary",
        { addressChainUrn: busiest.urn, txDate: { gte: "2008-12-31" } },
      ],
      [
        "/trm-insights/v5/flows/address/by-counterparty-entity/transfers",
        { addressChainUrn: busiest.urn, after: "nonsense" },
      ],
      ["/trm-insights/v5/flows/address/to-entity/transfers", { addressChainUrn: busiest.urn }],
      ["/trm-insights/v6/flows/address/by-counterparty-category/transfers", { addressChainUrn: busiest.urn }],
      ["/risk/entity/indicators", { entityUrn: "urn:sleuth:entity:" }],
      ["/trm-insights/v4/address/asset_holdings", { addresses: [busiest.urn], limit: 31 }],
      ["/trm-insights/v5/flows/entity/summary", "not json object"],
    ];
    for (const [path, body] of cases) {
      const response = await post(path, body);
      expect({ path, body, status: response.status }).toEqual({ path, body, status: 400 });
      expect((await response.json()).error.code).toBe("bad_request");
    }
    const missing = await post("/trm-insights/v5/flows/entity/summary", {
      entityUrn: "urn:sleuth:entity:no-such-entity",
    });
    expect(missing.status).toBe(404);
    const ips = await server.fetch("/v1/inet/observations/summary/address?addressChainUrn=nope&limit=10", {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(ips.status).toBe(400);
    await expect(
      demo.flows.counterpartySummary("address", { addressChainUrn: busiest.urn, limit: 1000 }),
    ).rejects.toBeInstanceOf(ApiError);
  });

  test("a USD value is unknown (null), never 0, when the store has no price for the asset", async () => {
    const asset = await one<{ asset_id: number }>(
      `SELECT asset_id FROM address_daily_flows WHERE address_id = $1 GROUP BY asset_id ORDER BY count(*) DESC LIMIT 1`,
      [busiest.id],
    );
    // Issue 43: a transfer without a price has no USD; the rollups count it as unpriced.
    await server.store.query("DELETE FROM asset_prices WHERE asset_id = $1", [asset.asset_id]);
    await server.store.query("UPDATE transfers SET amount_usd = NULL WHERE asset_id = $1", [asset.asset_id]);
    await refreshRollups(server.store);
    const summary = await demo.flows.summary("address", { addressChainUrn: busiest.urn });
    const unpriced = summary.assets.find(
      (row) =>
        (row.incomingTransfers > 0 && row.incomingVolumeUsd === null) ||
        (row.outgoingTransfers > 0 && row.outgoingVolumeUsd === null),
    );
    expect(unpriced).toBeDefined();
    expect(summary.isUsdPartial).toBe(true);
    const [holdings] = await demo.holdings.assetHoldings("v2", { addresses: [busiest.urn] });
    const held = holdings?.holdings.find((row) => row.assetUrn === unpriced!.assetUrn);
    if (held) expect(held.balanceAmountUsd).toBeNull();
  });
});
