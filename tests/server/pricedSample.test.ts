import { readFileSync } from "node:fs";
import { addressChainUrn, type CounterpartyRow, type SleuthClient, transferUsdCents } from "@sleuth/sdk";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { busiestAddressOf, sample2017File, sentFromFile } from "../helpers/pricedSample.ts";
import { startTestServer, storeKinds, type TestServer } from "../helpers/server.ts";
import { downloadJobFile, waitForJob } from "./exportHelpers.ts";

// Issue 43 "Done when": the real 2017 ethereum-etl sample, then Coin Metrics-layout ETH prices (the
// test fixture's values are invented: Coin Metrics' own data is CC BY-NC and stays out of the
// repository). The busiest address's total volume in USD is the sum over its transfers of amount ×
// that UTC day's price, each rounded to the cent (docs/RULES.md), on the summary route, in its
// counterparties and in their CSV file; before the prices it is unknown, never $0.00.

const pricesFile = new URL("../../packages/server/fixtures/sleuth/prices/eth.csv", import.meta.url);

/** Day → price text of the fixture, read as written. */
function fixturePrices(): Map<string, string> {
  const [, ...lines] = readFileSync(pricesFile, "utf8").trim().split("\n");
  return new Map(lines.map((line) => line.split(",")).map((cells) => [cells[0]!, cells[3]!]));
}

/** The busiest address's expected USD in cents, from the two files alone, and its transfer count. */
function expectedFromFiles(address: string): { cents: bigint; transfers: number } {
  const prices = fixturePrices();
  const [header = "", ...lines] = readFileSync(sample2017File, "utf8").split(/\r?\n/);
  const columns = header.split(",");
  const at = (name: string) => columns.indexOf(name);
  let cents = 0n;
  let transfers = 0;
  for (const line of lines) {
    const cells = line.split(",");
    if (cells.length < columns.length || cells[at("value")] === "0" || cells[at("to_address")] === "")
      continue;
    const sides = [cells[at("from_address")], cells[at("to_address")]].filter((side) => side === address);
    const day = new Date(Number(cells[at("block_timestamp")]) * 1000).toISOString().slice(0, 10);
    for (const _ of sides) {
      transfers++;
      cents += transferUsdCents(BigInt(cells[at("value")]!), 18, prices.get(day)!);
    }
  }
  return { cents, transfers };
}

const toCents = (usd: number) => BigInt(Math.round(usd * 100));

describe.each(storeKinds)("the priced 2017 sample on %s", (kind) => {
  let server: TestServer;
  let client: SleuthClient;
  let busiest: string;
  let urn: string;

  beforeAll(async () => {
    server = await startTestServer({ store: kind });
    client = server.client({
      token: await server.tokenFor(server.demo.user.email),
      organizationUuid: server.demo.organization.uuid,
    });
    await client.imports.run("ethereum-etl", readFileSync(sample2017File, "utf8"));
    busiest = busiestAddressOf(sample2017File);
    urn = addressChainUrn("ethereum", busiest);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  test("issue 43 without prices the summary's USD is unknown, never 0, and says how many transfers lack one", async () => {
    const { transfers } = expectedFromFiles(busiest);
    const [summary] = (await client.metrics.addresses([urn])).data;
    expect(summary?.totalTransfers).toBe(transfers);
    expect(summary?.unpricedTransfers).toBe(transfers);
    expect(summary?.totalVolumeUsd).toBeNull();
    const counterparties = await client.flows.counterpartySummary("address", {
      addressChainUrn: urn,
      limit: 100,
    });
    expect(counterparties.rows.length).toBeGreaterThan(0);
    expect(counterparties.rows.every((row) => row.totalVolumeUsd === null)).toBe(true);
  });

  test("issue 43 without prices a trace follows the largest amounts and says its flows have no USD", async () => {
    const sent = [...sentFromFile(busiest)].sort((a, b) => (b[1] > a[1] ? 1 : b[1] < a[1] ? -1 : 0));
    const trace = await client.graphs.trace({ trmUrn: urn, hops: 1, fanOut: 5 });
    const reached = (result: typeof trace) =>
      new Set(result.nodes.map((node) => node.trmUrn.split(":").pop()!.toLowerCase()));
    expect(reached(trace)).toEqual(new Set(sent.slice(0, 5).map(([to]) => to)));
    expect(trace.unpricedFlows).toBe(trace.flows.length);
    expect(trace.flows.every((flow) => flow.amountUsd === null)).toBe(true);
    // --min-amount 10 ETH: only the recipients of at least 10 ether.
    const tenEth = 10n * 10n ** 18n;
    const bigOnes = sent.filter(([, wei]) => wei >= tenEth).map(([to]) => to);
    expect(bigOnes.length).toBeGreaterThan(0);
    const limited = await client.graphs.trace({
      trmUrn: urn,
      hops: 1,
      fanOut: 20,
      minAmount: { amount: 10, asset: "ETH" },
    });
    expect(reached(limited)).toEqual(new Set(bigOnes.slice(0, 20)));
  });

  test("issue 43 with the ETH prices the total volume is amount × that day's price to the cent, everywhere", async () => {
    const imported = await client.imports.run("prices", readFileSync(pricesFile, "utf8"), {
      source: "eth.csv",
    });
    expect(imported.inserted).toBe(3);
    const { cents, transfers } = expectedFromFiles(busiest);
    expect(cents).toBeGreaterThan(0n);

    const [summary] = (await client.metrics.addresses([urn])).data;
    expect(summary?.unpricedTransfers).toBe(0);
    expect(toCents(summary!.totalVolumeUsd!)).toBe(cents);
    expect(toCents(summary!.incomingVolumeUsd!) + toCents(summary!.outgoingVolumeUsd!)).toBe(cents);

    // Every transfer of a value movement has a counterparty: the counterparties add up to the total.
    const rows: CounterpartyRow[] = [];
    for (let offset = 0; ; offset += 100) {
      const page = await client.flows.counterpartySummary("address", {
        addressChainUrn: urn,
        limit: 100,
        offset,
      });
      rows.push(...page.rows);
      if (!page.hasMore) break;
    }
    expect(rows.reduce((sum, row) => sum + row.totalTransfers, 0)).toBe(transfers);
    expect(rows.reduce((sum, row) => sum + toCents(row.totalVolumeUsd!), 0n)).toBe(cents);

    const job = await client.asyncJobs.create({
      jobType: "ADDRESS_COUNTERPARTIES_CSV",
      parameters: { addressChainUrn: urn },
    });
    const done = await waitForJob(client, job.asyncJobUuid);
    expect(done.status, done.error ?? "").toBe("succeeded");
    const file = (await downloadJobFile(client, job.asyncJobUuid)).text;
    const cells = Papa.parse<Record<string, string>>(file.trim(), { header: true }).data;
    expect(cells).toHaveLength(rows.length);
    expect(cells.reduce((sum, row) => sum + toCents(Number(row.totalVolumeUsd)), 0n)).toBe(cents);
  });
});
