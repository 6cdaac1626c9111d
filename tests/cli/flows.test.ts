import { createTestIo, run } from "@sleuth/cli";
import {
  addressChainUrn,
  type CategoryAddressRow,
  type ChainId,
  type CounterpartyRow,
  chainIds,
  counterpartyRowName,
  entityUrn,
  flowMessages,
  type RiskDailyRow,
} from "@sleuth/sdk";
import Papa from "papaparse";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { type CliSandbox, createCliSandbox } from "./run.ts";

// `sleuth counterparties` and `sleuth exposure` (issue 27 "CLI") against the small demo world: data
// off a terminal, tables on one, and the same figures as the SDK's calls.

let server: TestServer;
let env: Record<string, string>;
let busiest: { chain: ChainId; address: string };
let entity: string;

beforeAll(async () => {
  server = await startTestServer({ store: "pglite", world: "small" });
  const token = await server.tokenFor(server.demo.user.email);
  env = { SLEUTH_API_URL: server.baseUrl, SLEUTH_TOKEN: token };
  [busiest] = (await server.store.query<{ chain: ChainId; address: string }>(
    "SELECT chain, address FROM address_summary ORDER BY incoming_transfers + outgoing_transfers DESC, address_id LIMIT 1",
  )) as [{ chain: ChainId; address: string }];
  const [top] = await server.store.query<{ slug: string }>(
    "SELECT e.slug FROM entity_summary s JOIN entities e ON e.id = s.entity_id ORDER BY s.transfers DESC, e.id LIMIT 1",
  );
  entity = entityUrn(top!.slug);
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

describe("sleuth counterparties and sleuth exposure", () => {
  test("002 §7 off a terminal, counterparties print as JSON, largest first, the same rows the SDK reads", async () => {
    const result = await cli.runProcess(
      ["counterparties", busiest.address, "--chain", busiest.chain, "--limit", "5"],
      { env },
    );
    expect(result.code).toBe(0);
    const rows = JSON.parse(result.stdout) as CounterpartyRow[];
    const client = server.client({ token: env.SLEUTH_TOKEN! });
    const expected = await client.flows.counterpartySummary("address", {
      addressChainUrn: addressChainUrn(busiest.chain, busiest.address),
      limit: 5,
    });
    // Issue 39: each row also says who the counterparty is, by the SDK's one naming rule.
    expect(rows).toEqual(
      expected.rows.map((row) => ({ ...row, counterpartyName: counterpartyRowName(row) })),
    );
    const named = await cli.run(["counterparties", entity, "--named", "--risk", "2"], { env });
    expect(named.code).toBe(0);
    const namedRows = JSON.parse(named.stdout) as CounterpartyRow[];
    expect(namedRows.every((row) => row.counterpartyType === "entity" && row.riskScoreLevel >= 2)).toBe(true);
    // Issue 44, 000 §7: --assets adds each counterparty's chain assets, as the chain-assets call answers.
    const withAssets = await cli.run(
      ["counterparties", busiest.address, "--chain", busiest.chain, "--limit", "2", "--assets"],
      { env },
    );
    expect(withAssets.code).toBe(0);
    const assetRows = JSON.parse(withAssets.stdout) as (CounterpartyRow & { assets: unknown[] })[];
    expect(assetRows).toHaveLength(2);
    for (const row of assetRows) {
      const field =
        row.counterpartyType === "entity" ? "counterpartyEntityUrn" : "counterpartyAddressChainUrn";
      expect(row.assets).toEqual(
        await client.flows.chainAssets("address", row.counterpartyType, {
          addressChainUrn: addressChainUrn(busiest.chain, busiest.address),
          [field]: row.counterpartyUrn,
        }),
      );
      expect(row.assets.length).toBeGreaterThan(0);
    }
  });

  test("002 §7 on a terminal, counterparties are a table with the counterparty, risk and USD columns", async () => {
    const terminal = createTestIo({ env, homeDir: cli.dir, cwd: cli.dir, tty: true });
    expect(await run(["counterparties", addressChainUrn(busiest.chain, busiest.address)], terminal)).toBe(0);
    const text = terminal.stdoutText();
    expect(text).toMatch(/^COUNTER\S* +NAMED BY +CATEGORY +RISK +RECEIVED +SENT +TOTAL +TRANSFERS +LAST +U/m);
    expect(() => JSON.parse(text)).toThrow();
  });

  test("000 §7 exposure by risk per YYYY-MM-DD day as JSON; by category as a table on a terminal", async () => {
    const result = await cli.run(["exposure", entity], { env });
    expect(result.code).toBe(0);
    const rows = JSON.parse(result.stdout) as RiskDailyRow[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => /^\d{4}-\d{2}-\d{2}$/.test(row.date))).toBe(true);
    const flows = await cli.run(
      ["exposure", entity, "--by", "flows", "--since", rows[0]!.date, "--until", rows[0]!.date],
      {
        env,
      },
    );
    expect(JSON.parse(flows.stdout)).toHaveLength(1);
    const terminal = createTestIo({ env, homeDir: cli.dir, cwd: cli.dir, tty: true });
    expect(await run(["exposure", entity, "--by", "category"], terminal)).toBe(0);
    expect(terminal.stdoutText()).toMatch(/^DATE +CATEGORY +RECEIVED +SENT/m);
  });

  test("a subject that is not one exits 1 with nothing on stdout; a reversed range is refused", async () => {
    const bad = await cli.run(["counterparties", "not-an-address"], { env });
    expect(bad.code).toBe(1);
    expect(bad.stdout).toBe("");
    expect(bad.stderr).toContain("not an address or a URN");
    const reversed = await cli.run(["exposure", entity, "--since", "2025-02-01", "--until", "2025-01-01"], {
      env,
    });
    expect(reversed.code).toBe(1);
    expect(reversed.stdout).toBe("");
  });

  test("001 §2 sleuth ownership lists the ownership categories, then one category's addresses in order", async () => {
    const client = server.client({ token: env.SLEUTH_TOKEN! });
    const categories = await client.flows.ownershipCategories("entity", { entityUrn: entity });
    const listed = await cli.run(["ownership", entity], { env });
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual(categories);
    const [top] = categories;
    // By name, case aside; 30 addresses read across two pages of 25.
    const owned = await cli.run(
      [
        "ownership",
        entity,
        "--category",
        top!.category.toUpperCase(),
        "--sort",
        "balanceAmountUsd",
        "--limit",
        "30",
      ],
      { env },
    );
    expect(owned.code).toBe(0);
    const rows = JSON.parse(owned.stdout) as CategoryAddressRow[];
    const request = {
      entityUrn: entity,
      ownershipCategoryId: top!.categoryId,
      sort: { field: "balanceAmountUsd", direction: "desc" },
    } as const;
    const expected = [
      ...(await client.flows.ownershipAddresses("entity", request)),
      ...(await client.flows.ownershipAddresses("entity", { ...request, offset: 25 })),
    ].slice(0, 30);
    expect(rows).toEqual(expected);
    expect(rows.length).toBe(Math.min(30, top!.addresses));
    const terminal = createTestIo({ env, homeDir: cli.dir, cwd: cli.dir, tty: true });
    expect(await run(["ownership", entity], terminal)).toBe(0);
    expect(terminal.stdoutText()).toMatch(/^ *ID +CATEGORY +ADDRESSES +VOLUME\n +\d+ +\S/m);
    // A chain none of the category's addresses is on: no rows, and stderr says so.
    const usedChains = new Set<ChainId>();
    for (let offset = 0; offset < top!.addresses; offset += 25)
      for (const row of await client.flows.ownershipAddresses("entity", { ...request, offset }))
        usedChains.add(row.chain);
    const otherChain = chainIds.find((chain) => !usedChains.has(chain));
    expect(otherChain).toBeDefined();
    const none = await cli.run(
      ["ownership", entity, "--category", String(top!.categoryId), "--chain", otherChain!],
      { env },
    );
    expect(none.code).toBe(0);
    expect(JSON.parse(none.stdout)).toEqual([]);
    expect(none.stderr).toContain(flowMessages.noOwnedAddresses);
    // A category the subject's addresses do not carry names the ones they do.
    const missing = await cli.run(["ownership", entity, "--category", "No Such Category"], { env });
    expect(missing.code).toBe(1);
    expect(missing.stdout).toBe("");
    expect(missing.stderr).toContain(`${top!.category} (${top!.categoryId})`);
  });

  test("000 §5 sleuth ownership --volume, --assets and --address filter as the table's header filters do", async () => {
    const client = server.client({ token: env.SLEUTH_TOKEN! });
    const [top] = await client.flows.ownershipCategories("entity", { entityUrn: entity });
    const base = { entityUrn: entity, ownershipCategoryId: top!.categoryId, limit: 25 };
    const [first, second] = await client.flows.ownershipAddresses("entity", base);
    const volume = { operator: "gte" as const, value: first!.totalVolumeUsd ?? 0 };
    const assets = { operator: "neq" as const, value: second!.uniqueAssetAllCount };
    const filtered = await cli.run(
      [
        "ownership",
        entity,
        "--category",
        String(top!.categoryId),
        "--volume",
        `>=${volume.value}`,
        "--assets",
        `!=${assets.value}`,
        "--limit",
        "25",
      ],
      { env },
    );
    expect(filtered.code).toBe(0);
    expect(JSON.parse(filtered.stdout)).toEqual(
      await client.flows.ownershipAddresses("entity", {
        ...base,
        filters: { totalVolumeUsd: volume, uniqueAssetAllCount: assets },
      }),
    );
    const one = await cli.run(
      ["ownership", entity, "--category", String(top!.categoryId), "--address", second!.addressChainUrn],
      { env },
    );
    expect((JSON.parse(one.stdout) as CategoryAddressRow[]).map((row) => row.addressChainUrn)).toEqual([
      second!.addressChainUrn,
    ]);
    // Equal is refused on a volume column, before a request is sent.
    const refused = await cli.run(
      ["ownership", entity, "--category", String(top!.categoryId), "--volume", "=5"],
      { env },
    );
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain("at least or at most");
  });

  test("000 §5 sleuth risk lists the risk rows, --level and --volume filtering as the table's header filters do", async () => {
    const client = server.client({ token: env.SLEUTH_TOKEN! });
    const all = await client.flows.riskIndicators("entity", { entityUrn: entity });
    expect(all.length).toBeGreaterThan(0);
    const listed = await cli.run(["risk", entity], { env });
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual(all);
    const level = { operator: "neq" as const, value: all[0]!.categoryRiskScoreLevel };
    const filtered = await cli.run(["risk", entity, "--level", `!=${level.value}`], { env });
    expect(filtered.code).toBe(0);
    expect(JSON.parse(filtered.stdout)).toEqual(
      await client.flows.riskIndicators("entity", {
        entityUrn: entity,
        filters: { categoryRiskScoreLevel: level },
      }),
    );
    expect((JSON.parse(filtered.stdout) as { categoryRiskScoreLevel: number }[]).length).toBe(
      all.filter((row) => row.categoryRiskScoreLevel !== level.value).length,
    );
    // Nothing reaches an impossible volume: stdout is an empty list and stderr says why.
    const none = await cli.run(["risk", entity, "--volume", ">=1e15"], { env });
    expect(none.code).toBe(0);
    expect(JSON.parse(none.stdout)).toEqual([]);
    expect(none.stderr).toContain(flowMessages.noRiskIndicatorsFiltered);
    const refused = await cli.run(["risk", entity, "--volume", "!=5"], { env });
    expect(refused.code).not.toBe(0);
    // sleuth export risk: the same rows as the Risk pane's CSV file, riskiest first.
    const exported = await cli.run(["export", "risk", entity], { env });
    expect(exported.code, exported.stderr).toBe(0);
    const records = Papa.parse<Record<string, string>>(exported.stdout.trim(), { header: true }).data;
    expect(records.map((record) => [record.category, record.riskType, Number(record.instances)])).toEqual(
      all.map((row) => [row.category, row.riskType, row.instances]),
    );
  });
});
