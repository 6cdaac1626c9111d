import {
  addressChainUrn,
  entityUrn,
  type TransferRow,
  toCsvRecords,
  transferCsvFields,
  transferCsvRow,
} from "@sleuth/sdk";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { insertAwkwardTransfers } from "../helpers/awkwardTransfers.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { insertSyntheticTransfers } from "../helpers/syntheticTransfers.ts";
import { type CliSandbox, createCliSandbox } from "./run.ts";

// Issue 27: `sleuth transfers` reads every page from our NDJSON route a row at a time. What it
// writes must be exactly the rows the transfer table's own call answers (the console's pages of 30,
// and the 1000-row pages the store writes as text), awkward rows included, across several pages,
// and stop mid-page at --limit.

interface Envelope {
  data: TransferRow[];
  meta: { nextCursor: string | null };
}

describe("sleuth transfers streams the table's rows (issue 27)", () => {
  let server: TestServer;
  let cli: CliSandbox;
  let env: Record<string, string>;
  let awkwardAddress: string;
  let awkwardEntity: string;
  let synthetic: string;

  /** Every row of a listing along the JSON route's cursor, in pages of `pageSize`. */
  const tableRows = async (path: string, body: Record<string, unknown>, pageSize: number) => {
    const rows: TransferRow[] = [];
    let after: string | null = null;
    do {
      const response = await server.fetch(path, {
        method: "POST",
        headers: {
          authorization: `Bearer ${env.SLEUTH_TOKEN}`,
          "x-sleuth-organization": server.demo.organization.uuid,
          "content-type": "application/json",
        },
        body: JSON.stringify({ ...body, pageSize, ...(after ? { after } : {}) }),
      });
      expect(response.status).toBe(200);
      const page = (await response.json()) as Envelope;
      rows.push(...page.data);
      after = page.meta.nextCursor;
    } while (after);
    return rows;
  };
  // The search configuration is read once when the server starts, before these rows were added, so
  // the address is named with its chain.
  const bare = (urn: string) => urn.split(":").at(-1) as string;
  const ndjsonOf = (rows: TransferRow[]) => rows.map((row) => `${JSON.stringify(row)}\n`).join("");

  beforeAll(async () => {
    server = await startTestServer({ store: "pglite" });
    const world = await insertAwkwardTransfers(server.store);
    // The awkward world also stores contracts no asset URN can hold, which the SDK refuses at the
    // boundary as it should; here every asset gets a real contract, the rest stays awkward.
    await server.store.query(
      `UPDATE assets SET contract = '0xe' || lpad(to_hex(id), 39, '0') WHERE contract NOT LIKE '0x%' AND contract <> 'native'`,
    );
    awkwardAddress = addressChainUrn("ethereum", world.address);
    awkwardEntity = entityUrn(world.entitySlug);
    synthetic = (await insertSyntheticTransfers(server.store, { count: 2_500 })).addressChainUrn;
    env = { SLEUTH_API_URL: server.baseUrl, SLEUTH_TOKEN: await server.tokenFor(server.demo.user.email) };
    cli = await createCliSandbox();
  }, 180_000);
  afterAll(async () => {
    await cli?.remove();
    await server?.close();
  });

  test("001 §3 NDJSON and CSV of awkward rows are exactly the table's rows, address and entity", async () => {
    const address = await tableRows(
      "/trm-insights/v8/address/transfers",
      { addressChainUrn: awkwardAddress },
      30,
    );
    expect(address).toHaveLength(300);
    const ndjson = await cli.runProcess(
      ["transfers", bare(awkwardAddress), "--chain", "eth", "--format", "ndjson"],
      { env },
    );
    expect(ndjson.code, ndjson.stderr).toBe(0);
    expect(ndjson.stdout).toBe(ndjsonOf(address));

    const csv = await cli.run(["transfers", bare(awkwardAddress), "--chain", "eth"], { env });
    expect(csv.code, csv.stderr).toBe(0);
    expect(csv.stdout).toBe(
      `${toCsvRecords(address.map(transferCsvRow), transferCsvFields, { header: true })}\r\n`,
    );

    const entity = await tableRows(
      "/trm-insights/v7/flows/entity/transfers",
      { entityUrn: awkwardEntity },
      30,
    );
    const entityNdjson = await cli.run(["transfers", awkwardEntity, "--format", "ndjson"], { env });
    expect(entityNdjson.code, entityNdjson.stderr).toBe(0);
    expect(entityNdjson.stdout).toBe(ndjsonOf(entity));
  });

  test("001 §4 every 1000-row page along the cursor, then --limit stops mid-page", async () => {
    const expected = await tableRows(
      "/trm-insights/v8/address/transfers",
      { addressChainUrn: synthetic },
      1000,
    );
    expect(expected).toHaveLength(2_500);
    const all = await cli.run(["transfers", bare(synthetic), "--chain", "eth", "--format", "ndjson"], {
      env,
    });
    expect(all.code, all.stderr).toBe(0);
    expect(all.stdout).toBe(ndjsonOf(expected));

    const limited = await cli.run(
      ["transfers", bare(synthetic), "--chain", "eth", "--format", "ndjson", "--limit", "1500"],
      { env },
    );
    expect(limited.code, limited.stderr).toBe(0);
    expect(limited.stdout).toBe(ndjsonOf(expected.slice(0, 1_500)));
  });
});
