import { randomBytes } from "node:crypto";
import { createTestIo, run } from "@sleuth/cli";
import {
  addressChainUrn,
  type ChainId,
  chainsOfFamily,
  encodeAddress,
  type SleuthClient,
  searchMessages,
  searchSections,
} from "@sleuth/sdk";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { type CliSandbox, createCliSandbox } from "./run.ts";

let server: TestServer;
let client: SleuthClient;
let env: Record<string, string>;

async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
  const [row] = await server.store.query<T>(sql, params);
  if (!row) throw new Error(`no row for ${sql}`);
  return row;
}

beforeAll(async () => {
  server = await startTestServer({ store: "pglite", world: "small" });
  const token = await server.tokenFor(server.demo.user.email);
  client = server.client({ token, organizationUuid: server.demo.organization.uuid });
  env = { SLEUTH_API_URL: server.baseUrl, SLEUTH_TOKEN: token };
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

interface SearchJson {
  query: string;
  identifiers: { kind: string; chain: string | null; urn: string }[];
  sections: Record<string, { [key: string]: unknown }[]>;
  total: number;
  failedSections: string[];
}

describe("000 §4 sleuth search against the small demo world", () => {
  test("an entity's name finds it; off a terminal the answer is JSON, sections in the palette's order", async () => {
    const entity = await one<{ urn: string; name: string }>(
      "SELECT urn, name FROM entities ORDER BY id LIMIT 1",
    );
    const result = await cli.runProcess(["search", entity.name], { env });
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout) as SearchJson;
    expect(Object.keys(json.sections)).toEqual([...searchSections]);
    expect(json.query).toBe(entity.name);
    expect(json.sections.entities?.[0]).toMatchObject({
      entityUrn: entity.urn,
      name: entity.name,
      match: "exact",
    });
    expect(json.total).toBe(
      searchSections.reduce((sum, section) => sum + (json.sections[section]?.length ?? 0), 0),
    );
  });

  test("000 §7 --flows adds each hit's bulk flow summary and statistics, equal to the single calls", async () => {
    const entity = await one<{ urn: string; name: string }>(
      `SELECT e.urn, e.name FROM entities e WHERE EXISTS (SELECT 1 FROM addresses a WHERE a.entity_id = e.id)
       ORDER BY e.id LIMIT 1`,
    );
    const result = await cli.run(["search", entity.name, "--flows"], { env });
    expect(result.code, result.stderr).toBe(0);
    const json = JSON.parse(result.stdout) as SearchJson;
    const hit = json.sections.entities?.find((row) => row.entityUrn === entity.urn);
    const [summary, statistics] = await Promise.all([
      client.flows.summary("entity", { entityUrn: entity.urn }),
      client.holdings.statistics("entity", entity.urn),
    ]);
    expect(summary.totalTransfers).toBeGreaterThan(0);
    const { daily: _daily, ...total } = summary;
    const { urn: _urn, ...stats } = statistics;
    expect(hit?.figures).toEqual({ flowSummary: total, statistics: stats });
    for (const address of json.sections.addresses ?? [])
      expect(address.figures).toHaveProperty("flowSummary");
  });

  test("an address on several chains is one hit with its other chains; a transaction hash finds the transaction", async () => {
    const multi = await one<{ address: string; chains: ChainId[] }>(
      `SELECT address, array_agg(chain) AS chains FROM addresses WHERE address LIKE '0x%'
       GROUP BY address HAVING count(*) > 1 ORDER BY address LIMIT 1`,
    );
    const addressResult = await cli.run(["search", multi.address, "--json"], { env });
    expect(addressResult.code).toBe(0);
    const addresses = (JSON.parse(addressResult.stdout) as SearchJson).sections.addresses ?? [];
    expect(addresses).toHaveLength(1);
    const hit = addresses[0] as { addressChainUrn: string; multiple: boolean; seeMore: { chain: string }[] };
    expect(hit.multiple).toBe(true);
    expect(multi.chains).toContain(hit.addressChainUrn.split(":")[3]);
    expect(hit.seeMore).toHaveLength(multi.chains.length - 1);

    const transaction = await one<{ chain: ChainId; hash: string }>(
      "SELECT chain, hash FROM transactions WHERE chain = 'bitcoin' ORDER BY id LIMIT 1",
    );
    const transactionResult = await cli.run(["search", transaction.hash], { env });
    expect(transactionResult.code).toBe(0);
    const json = JSON.parse(transactionResult.stdout) as SearchJson;
    expect(json.identifiers.some((identifier) => identifier.kind === "transaction")).toBe(true);
    expect(json.sections.transactions).toMatchObject([
      {
        txnHash: transaction.hash,
        chain: "bitcoin",
        transactionUrn: `urn:sleuth:transaction:bitcoin:${transaction.hash}`,
      },
    ]);
  });

  test("000 §5 a 0x-address is recognised on the EVM chains the server has data on only", async () => {
    const covered = new Set(
      (await server.store.query<{ chain: ChainId }>("SELECT DISTINCT chain FROM addresses")).map(
        (row) => row.chain,
      ),
    );
    const evm = chainsOfFamily("evm").map((chain) => chain.id);
    expect(evm.some((id) => !covered.has(id))).toBe(true);
    const address = encodeAddress("ethereum", "evm", randomBytes(20));
    const result = await cli.run(["search", address, "--json"], { env });
    expect(result.code).toBe(0);
    const { identifiers } = JSON.parse(result.stdout) as SearchJson;
    expect(identifiers.map((identifier) => identifier.chain)).toEqual(evm.filter((id) => covered.has(id)));
  });

  test("002 §8 no match prints the no-results message on stderr and exits 0; the query is in the activity log", async () => {
    const query = "zqxv no such party anywhere";
    const result = await cli.run(["search", "zqxv", "no", "such", "party", "anywhere"], { env });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ query, total: 0, failedSections: [] });
    expect(result.stderr).toContain(searchMessages.noResults);
    expect(result.stderr).toContain(searchMessages.tryDifferentKeywords);
    // 000 §4: a search query records an activity log entry.
    const entries = await client.activity.list({ limit: 20 });
    expect(entries.some((entry) => entry.action === "search_query" && entry.details.query === query)).toBe(
      true,
    );
  });

  test("on a terminal: a table per section under its heading, no JSON", async () => {
    const entity = await one<{ urn: string; name: string }>(
      "SELECT urn, name FROM entities ORDER BY id LIMIT 1",
    );
    const terminal = createTestIo({ env, homeDir: cli.dir, cwd: cli.dir, tty: true });
    expect(await run(["search", entity.name], terminal)).toBe(0);
    const text = terminal.stdoutText();
    expect(text).toMatch(/^Entities \(\d+\)\nNAME +CATEGORY +ADDRESSES +VOLUME/m);
    expect(text).toContain(entity.name);
    expect(() => JSON.parse(text)).toThrow();
  });

  test("an empty query exits 1 before any request; without a token exits 4", async () => {
    const empty = await cli.run(["search", "   "], { env });
    expect(empty.code).toBe(1);
    expect(empty.stdout).toBe("");
    expect(empty.stderr).toContain("nothing to search for");
    const anonymous = await cli.run(["search", "anything"], { env: { SLEUTH_API_URL: server.baseUrl } });
    expect(anonymous.code).toBe(4);
    expect(anonymous.stdout).toBe("");
  });

  test("the URN column holds what `sleuth batch` takes back", async () => {
    const owned = await one<{ chain: ChainId; address: string }>(
      "SELECT chain, address FROM addresses WHERE chain = 'bitcoin' AND entity_id IS NOT NULL ORDER BY id LIMIT 1",
    );
    const found = await cli.run(["search", owned.address, "--json"], { env });
    const hits = (JSON.parse(found.stdout) as SearchJson).sections.addresses ?? [];
    const urn = (hits[0] as { addressChainUrn: string } | undefined)?.addressChainUrn;
    expect(urn).toBe(addressChainUrn(owned.chain, owned.address));
    const batch = await cli.run(["batch", "-", "--format", "ndjson"], { env, stdin: `${urn}\n` });
    expect(batch.code).toBe(0);
    expect(JSON.parse(batch.stdout)).toMatchObject({ urn, status: "resolved" });
  });
});
