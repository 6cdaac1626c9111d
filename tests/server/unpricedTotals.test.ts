import { readFileSync } from "node:fs";
import {
  addressChainUrn,
  type CounterpartyRow,
  counterpartyTotalText,
  entityUrn,
  type RiskIndicatorRow,
  riskVolumeText,
  type SleuthClient,
} from "@sleuth/sdk";
import { refreshRollups } from "@sleuth/server";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { busiestAddressOf, sample2017File, sentFromFile } from "../helpers/pricedSample.ts";
import { startTestServer, storeKinds, type TestServer } from "../helpers/server.ts";

// Issue 43, unknown is never zero, over HTTP on both stores: a total over partly priced transfers
// says how many have no USD price, in an entity's counterparties (the entity_counterparty_totals
// rollup, and the query-time sum of a date range), in the risk indicators, and the triage report
// leaves a wholly unpriced flow's amount empty. The 2017 sample is priced for 2017-03-06 (the
// fixture's Coin Metrics-layout values, invented); two more transfers of its busiest address on
// 2017-03-08, a day the fixture has no price for, stay unpriced.

const pricesFile = new URL("../../packages/server/fixtures/sleuth/prices/eth.csv", import.meta.url);
const unpricedDay = Date.parse("2017-03-08T12:00:00Z") / 1000;
const stranger = "0x5a00000000000000000000000000000000004343";
const ether = 10n ** 18n;

/** Two transfers on the unpriced day: the busiest address pays `to`, and receives from a stranger. */
function unpricedCsv(busiest: string, to: string): string {
  const header = readFileSync(sample2017File, "utf8").split(/\r?\n/, 1)[0]!;
  const line = (index: number, from: string, recipient: string, wei: bigint) => {
    const hash = `0x43${index.toString(16).padStart(62, "0")}`;
    const block = 3_320_000 + index;
    return `${hash},${index},0x${block.toString(16).padStart(64, "0")},${block},0,${from},${recipient},${wei},21000,20000000000,0x,${unpricedDay},,,0`;
  };
  return `${[header, line(1, busiest, to, 3n * ether), line(2, stranger, busiest, 5n * ether)].join("\n")}\n`;
}

/** Every counterparty row of a subject, page by page. */
async function allCounterparties(
  client: SleuthClient,
  valueType: "address" | "entity",
  request: Record<string, unknown>,
): Promise<CounterpartyRow[]> {
  const rows: CounterpartyRow[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await client.flows.counterpartySummary(valueType, { ...request, limit: 100, offset });
    rows.push(...page.rows);
    if (!page.hasMore) return rows;
  }
}

describe.each(storeKinds)("unpriced totals over HTTP on %s", (kind) => {
  let server: TestServer;
  let client: SleuthClient;
  let busiest: string;
  let payee: string;
  const desk = entityUrn("unpriced-desk");
  const mixer = entityUrn("unpriced-mixer");
  let mixingCategory: number;

  beforeAll(async () => {
    server = await startTestServer({ store: kind });
    client = server.client({
      token: await server.tokenFor(server.demo.user.email),
      organizationUuid: server.demo.organization.uuid,
    });
    busiest = busiestAddressOf(sample2017File);
    // The address the busiest one sent the most ether to on 2017-03-06.
    payee = [...sentFromFile(busiest)].sort((a, b) => (b[1] > a[1] ? 1 : b[1] < a[1] ? -1 : 0))[0]![0];
    await client.imports.run("ethereum-etl", readFileSync(sample2017File, "utf8"));
    await client.imports.run("prices", readFileSync(pricesFile, "utf8"), { source: "eth.csv" });
    await client.imports.run("ethereum-etl", unpricedCsv(busiest, payee));
    // The busiest address belongs to a gambling desk (an ownership risk), the payee to a mixer (a
    // counterparty risk).
    await server.store.query(
      `INSERT INTO entities (slug, name, category_id, source)
       SELECT 'unpriced-desk', 'Unpriced Desk', id, 'test' FROM categories WHERE key = 'gambling'
       UNION ALL
       SELECT 'unpriced-mixer', 'Unpriced Mixer', id, 'test' FROM categories WHERE key = 'mixing_service'`,
    );
    await server.store.query(
      `UPDATE addresses a SET entity_id = e.id FROM entities e
       WHERE a.chain = 'ethereum' AND ((a.address = $1 AND e.slug = 'unpriced-desk')
          OR (a.address = $2 AND e.slug = 'unpriced-mixer'))`,
      [busiest, payee],
    );
    // The stranger carries a scam tag: it owns a category, its only transfer unpriced.
    await server.store.query(
      `INSERT INTO attribution_tags (address_id, category_id, label, tag_type, evidence, confidence, source, created_at)
       SELECT a.id, c.id, 'Reported scam', 'ordinary', 'test', (SELECT id FROM confidence_levels LIMIT 1), 'test', now()
       FROM addresses a, categories c WHERE a.chain = 'ethereum' AND a.address = $1 AND c.key = 'scam'`,
      [stranger],
    );
    await refreshRollups(server.store, { owners: true });
    const [mixing] = await server.store.query<{ id: number }>(
      "SELECT id FROM categories WHERE key = 'mixing_service'",
    );
    mixingCategory = mixing!.id;
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  test("issue 43 an address's counterparty over partly priced transfers reads as a lower bound", async () => {
    const rows = await allCounterparties(client, "address", {
      addressChainUrn: addressChainUrn("ethereum", busiest),
    });
    const [summary] = (await client.metrics.addresses([addressChainUrn("ethereum", busiest)])).data;
    expect(summary?.unpricedTransfers).toBe(2);
    expect(rows.reduce((sum, row) => sum + (row.unpricedTransfers ?? -1), 0)).toBe(2);
    const toMixer = rows.find((row) => row.entityUrn === mixer)!;
    expect(toMixer.unpricedTransfers).toBe(1);
    expect(toMixer.totalVolumeUsd).toBeGreaterThan(0);
    expect(counterpartyTotalText(toMixer)).toMatch(
      new RegExp(`^at least \\$[\\d,.]+; 1 of ${toMixer.totalTransfers} transfers have no USD price$`),
    );
    const fromStranger = rows.find((row) => row.counterpartyUrn === addressChainUrn("ethereum", stranger))!;
    expect(fromStranger).toMatchObject({ totalVolumeUsd: null, unpricedTransfers: 1, totalTransfers: 1 });
  });

  test("issue 43 an entity's counterparties count their unpriced transfers, all time and in a range alike", async () => {
    // All time, one entity: the entity_counterparty_totals rollup answers.
    const allTime = await allCounterparties(client, "entity", { entityUrn: desk });
    // A range: the query-time sum over the entity's transfers answers.
    const ranged = await allCounterparties(client, "entity", {
      entityUrn: desk,
      txDate: { gte: "2017-03-01", lte: "2017-03-31" },
    });
    const byUrn = (rows: CounterpartyRow[]) =>
      Object.fromEntries(
        rows.map((row) => [
          row.counterpartyUrn,
          [row.totalTransfers, row.unpricedTransfers, row.totalVolumeUsd],
        ]),
      );
    expect(allTime.length).toBeGreaterThan(2);
    expect(allTime.every((row) => row.unpricedTransfers !== undefined)).toBe(true);
    expect(byUrn(allTime)).toEqual(byUrn(ranged));
    expect(allTime.reduce((sum, row) => sum + row.unpricedTransfers!, 0)).toBe(2);
    const toMixer = allTime.find((row) => row.counterpartyUrn === mixer)!;
    expect(toMixer.unpricedTransfers).toBe(1);
    expect(counterpartyTotalText(toMixer)).toMatch(
      /^at least \$[\d,.]+; 1 of \d+ transfers have no USD price$/,
    );

    // On the wire the field is there as documented (docs/API.md "Fields we add").
    const response = await server.fetch("/v2/counterparty-flows/entity/summary", {
      method: "POST",
      headers: {
        authorization: `Bearer ${await server.tokenFor(server.demo.user.email)}`,
        "content-type": "application/json",
        "x-sleuth-organization": server.demo.organization.uuid,
      },
      body: JSON.stringify({ entityUrn: desk, limit: 100 }),
    });
    expect(response.status).toBe(200);
    const wire = (await response.json()) as { data: Array<Record<string, unknown>> };
    const wireMixer = wire.data.find((row) => row.counterpartyUrn === mixer);
    expect(wireMixer).toMatchObject({ unpricedTransfers: 1, totalTransfers: toMixer.totalTransfers });
  });

  test("issue 43 a risk indicator counts its unpriced transfers, so its volume reads as a lower bound", async () => {
    const check = (rows: RiskIndicatorRow[]) => {
      const counterparty = rows.find(
        (row) => row.riskType === "counterparty" && row.categoryId === mixingCategory,
      )!;
      expect(counterparty).toBeDefined();
      expect(counterparty.instances).toBeGreaterThan(1);
      expect(counterparty.totalTransfers).toBe(counterparty.instances);
      expect(counterparty.unpricedTransfers).toBe(1);
      expect(riskVolumeText(counterparty, "total")).toMatch(
        new RegExp(`^at least \\$[\\d,.]+; 1 of ${counterparty.instances} transfers have no USD price$`),
      );
      expect(riskVolumeText(counterparty, "outgoing")).toMatch(/^at least \$/);
    };
    const addressRows = await client.flows.riskIndicators("address", {
      addressChainUrn: addressChainUrn("ethereum", busiest),
    });
    check(addressRows);
    const entityRows = await client.flows.riskIndicators("entity", { entityUrn: desk });
    check(entityRows);
    // The desk's own category (gambling) covers all of the address's and the entity's volume: its
    // two unpriced transfers among them.
    for (const rows of [addressRows, entityRows]) {
      const ownership = rows.find((row) => row.riskType === "ownership")!;
      expect(ownership.unpricedTransfers).toBe(2);
      expect(riskVolumeText(ownership, "total")).toMatch(
        /^at least \$[\d,.]+; 2 of \d+ transfers have no USD price$/,
      );
    }
  });

  test("issue 43 an owned address whose transfers have no USD price has an unknown volume, never $0.00", async () => {
    const urn = addressChainUrn("ethereum", stranger);
    const [ownership] = await client.flows.riskIndicators("address", { addressChainUrn: urn });
    expect(ownership).toMatchObject({ riskType: "ownership", totalTransfers: 1, unpricedTransfers: 1 });
    expect(riskVolumeText(ownership!, "total")).toBe("unknown: its transfer has no USD price");
    // Its details table (001 §3 category address rows): the sent volume is unknown, nothing received.
    expect(ownership!.details.kind).toBe("addresses");
    expect(ownership!.details.rows).toEqual([
      expect.objectContaining({
        addressChainUrn: urn,
        totalVolumeUsd: null,
        incomingVolumeUsd: 0,
        outgoingVolumeUsd: null,
      }),
    ]);
    const [category] = await client.flows.ownershipCategories("address", { addressChainUrn: urn });
    expect(category).toMatchObject({ addresses: 1, totalVolumeUsd: null });
    // The desk's busiest address, partly priced: its volume is the priced part, known.
    const [gambling] = await client.flows.ownershipCategories("entity", { entityUrn: desk });
    expect(gambling?.totalVolumeUsd).toBeGreaterThan(0);
    const owned = await client.flows.ownershipAddresses("entity", {
      entityUrn: desk,
      ownershipCategoryId: gambling!.categoryId,
    });
    expect(owned).toEqual([
      expect.objectContaining({ addressChainUrn: addressChainUrn("ethereum", busiest) }),
    ]);
    expect(owned[0]!.totalVolumeUsd).toBeGreaterThan(0);
  });

  test("issue 43 the triage report leaves a wholly unpriced flow's amount empty, never 0", async () => {
    const report = await client.triage.report("ethereum", busiest);
    // Issue 39: the stranger is named by its label; its address stays on the row and in the cell.
    const fromStranger = report.rows.filter((row) => row.counterpartyAddress === stranger);
    expect(fromStranger).toEqual([expect.objectContaining({ direction: "incoming", amountUsd: null })]);
    expect(report.rows.filter((row) => row.amountUsd !== null).length).toBeGreaterThan(0);
    const [, ...lines] = Papa.parse<string[]>(report.csv.trim()).data;
    const line = lines.find((cells) => cells[3]?.endsWith(stranger))!;
    expect(line[6]).toBe("");
  });
});
