import { fileURLToPath } from "node:url";
import { type CounterpartyRow, type TraceResult, transferUsdCents } from "@sleuth/sdk";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { busiestAddressOf, sample2017File, sentFromFile } from "../helpers/pricedSample.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { type CliSandbox, createCliSandbox } from "./run.ts";

// Issue 43 from the terminal: `sleuth import prices`, `sleuth trace --min-amount` on the real 2017
// ethereum-etl sample without prices, and `sleuth counterparties` adding up to amount × price to the
// cent once the (invented, Coin Metrics-layout) ETH prices are in.

const pricesFile = fileURLToPath(
  new URL("../../packages/server/fixtures/sleuth/prices/eth.csv", import.meta.url),
);

let server: TestServer;
let env: Record<string, string>;
let busiest: string;

beforeAll(async () => {
  server = await startTestServer({ store: "pglite" });
  env = { SLEUTH_API_URL: server.baseUrl, SLEUTH_TOKEN: await server.tokenFor(server.demo.user.email) };
  busiest = busiestAddressOf(sample2017File);
});
afterAll(async () => {
  await server?.close();
});

let cli: CliSandbox;
beforeEach(async () => {
  cli = await createCliSandbox();
});
afterEach(async () => {
  await cli.remove();
});

describe("issue 43 sleuth import prices, trace and counterparties", () => {
  test("issue 43 sleuth trace follows an unpriced sample by amount and --min-amount 10 ETH", async () => {
    const imported = await cli.runProcess(["import", "ethereum-etl", sample2017File], { env });
    expect(imported.code, imported.stderr).toBe(0);
    const all = await cli.run(["trace", busiest, "--hops", "1"], { env });
    expect(all.code, all.stderr).toBe(0);
    const trace = JSON.parse(all.stdout) as TraceResult;
    expect(trace.nodes.length).toBeGreaterThan(0);
    expect(all.stderr).toContain(`${trace.unpricedFlows} of ${trace.flows.length} flows have no USD price`);
    const limited = JSON.parse(
      (
        await cli.run(["trace", busiest, "--hops", "1", "--fan-out", "20", "--min-amount", "10", "ETH"], {
          env,
        })
      ).stdout,
    ) as TraceResult;
    // Only the recipients of at least 10 ether, from the file alone.
    const tenEth = 10n * 10n ** 18n;
    const bigOnes = [...sentFromFile(busiest)].filter(([, wei]) => wei >= tenEth).map(([to]) => to);
    expect(new Set(limited.nodes.map((node) => node.trmUrn.split(":").pop()!.toLowerCase()))).toEqual(
      new Set(bigOnes.slice(0, 20)),
    );
    const bad = await cli.run(["trace", busiest, "--min-amount", "ten"], { env });
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain("--min-amount takes an amount and an asset");
  });

  test("issue 43 after sleuth import prices, sleuth counterparties adds up to amount × price to the cent", async () => {
    const imported = await cli.run(["import", "prices", pricesFile], { env });
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain("3 inserted");
    const result = await cli.run(["counterparties", busiest, "--chain", "ethereum", "--limit", "1000"], {
      env,
    });
    expect(result.code, result.stderr).toBe(0);
    const rows = JSON.parse(result.stdout) as CounterpartyRow[];
    const cents = rows.reduce((sum, row) => sum + BigInt(Math.round(row.totalVolumeUsd! * 100)), 0n);
    // The same figure from the sample's rows through the SDK's rule (every busiest transfer is on 2017-03-06).
    const { store } = server;
    const transfers = await store.query<{ amount_raw: string }>(
      `SELECT t.amount_raw::text FROM transfers t JOIN addresses a ON a.id = t.address_id
       WHERE a.chain = 'ethereum' AND a.address = $1`,
      [busiest],
    );
    const expected = transfers.reduce(
      (sum, row) => sum + transferUsdCents(BigInt(row.amount_raw), 18, "19.7310011223344"),
      0n,
    );
    expect(cents).toBe(expected);
  });
});
