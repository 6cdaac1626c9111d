import { addressChainUrn } from "@sleuth/sdk";
import type { Queryable, Store } from "@sleuth/server";
// The search and metrics modules are not re-exported by @sleuth/server's entry point.
import {
  addressAttribution,
  addressMetrics,
  addressRiskInfo,
  autocomplete,
  customEntityMetrics,
  entityAttribution,
  entityMetrics,
  entityRiskScores,
  findCustomEntityRow,
  listCustomEntities,
  lookupTransactions,
} from "@sleuth/server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openTestStore, storeKinds } from "../helpers/server.ts";

// Issue 5: every search and bulk lookup is served by indexes, never by a scan of a table that grows
// with the data. The small world's tables are tiny, so the planner would rightly scan them; with
// sequential scans switched off it still scans a table only when no index can serve the query,
// which is what these tests catch.

// Tables that grow with the chain data or with the users' own data.
const growingTables = new Set([
  "addresses",
  "entities",
  "attribution_tags",
  "transactions",
  "transfers",
  "inet_hosts",
  "inet_observations",
  "custom_entities",
  "custom_entity_resources",
  "custom_entity_collaborators",
  "address_categories",
  "address_balances",
  "address_daily_flows",
  "entity_daily_flows",
  "address_exposure",
  "entity_exposure",
  "address_summary",
  "entity_summary",
  "user_reports",
]);

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  Plans?: PlanNode[];
}

function scannedTables(node: PlanNode, found: string[] = []): string[] {
  if (node["Node Type"] === "Seq Scan" && node["Relation Name"] && growingTables.has(node["Relation Name"]))
    found.push(node["Relation Name"]);
  for (const child of node.Plans ?? []) scannedTables(child, found);
  return found;
}

/** Runs `fn` against a Queryable that EXPLAINs every SELECT before running it, seq scans off. */
async function explainAll(
  store: Store,
  fn: (db: Queryable) => Promise<unknown>,
): Promise<{ sql: string; scans: string[] }[]> {
  return store.transaction(async (tx) => {
    await tx.query("SET LOCAL enable_seqscan = off");
    const explained: { sql: string; scans: string[] }[] = [];
    const db: Queryable = {
      async query<T>(sql: string, params: readonly unknown[] = []) {
        if (/^\s*(SELECT|WITH)\b/i.test(sql)) {
          const [row] = await tx.query<{ "QUERY PLAN": unknown }>(`EXPLAIN (FORMAT JSON) ${sql}`, params);
          const raw = row?.["QUERY PLAN"];
          const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
          explained.push({
            sql: sql.replace(/\s+/g, " ").slice(0, 120),
            scans: scannedTables(plan[0]!.Plan),
          });
        }
        return tx.query<T>(sql, params);
      },
      exec: (sql) => tx.exec(sql),
    };
    await fn(db);
    return explained;
  });
}

describe.each(storeKinds)("search indexes on %s", (kind) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let organizationId: number;

  beforeAll(async () => {
    ({ store, dispose } = await openTestStore(kind, { world: "small" }));
    const [organization] = await store.query<{ id: number }>(
      "SELECT organization_id AS id FROM custom_entities ORDER BY id LIMIT 1",
    );
    organizationId = organization!.id;
  });
  afterAll(async () => {
    await dispose?.();
  });

  async function expectIndexed(fn: (db: Queryable) => Promise<unknown>) {
    const explained = await explainAll(store, fn);
    expect(explained.length).toBeGreaterThan(0);
    for (const { sql, scans } of explained) expect(scans, sql).toEqual([]);
  }

  test("issue 5 palette queries never scan: exact and prefix addresses, names, IPs", async () => {
    const [evm] = await store.query<{ address: string }>(
      "SELECT address FROM addresses WHERE address LIKE '0x%' ORDER BY id LIMIT 1",
    );
    const [host] = await store.query<{ ip: string }>("SELECT ip FROM inet_hosts WHERE ip LIKE '%.%' LIMIT 1");
    const queries: [Parameters<typeof autocomplete>[1], string][] = [
      ["address", evm!.address],
      ["address", evm!.address.slice(0, 8).toUpperCase().replace("0X", "0x")],
      ["address", `${evm!.address.slice(0, 6)}%a`],
      ["entity", "aurora"],
      ["entity", "au"],
      ["entity", "%mixer%"],
      ["entity", "urn:sleuth:entity:aurora-trade"],
      ["custom_entity", "peel chain"],
      ["custom_entity", "pe"],
      ["inet", host!.ip],
      ["inet", host!.ip.split(".").slice(0, 2).join(".")],
    ];
    for (const [type, query] of queries) {
      await expectIndexed((db) => autocomplete(db, type, { query, limit: 20, offset: 0, organizationId }));
    }
  });

  test("issue 5 transaction lookup and attribution never scan", async () => {
    const [tx] = await store.query<{ hash: string }>("SELECT hash FROM transactions ORDER BY id LIMIT 1");
    await expectIndexed((db) =>
      lookupTransactions(db, {
        tx_hashes: [tx!.hash],
        include_fee: true,
        include_raw_tx: false,
        include_signatures: false,
        exclude_transfers: false,
      }),
    );
    const addresses = await store.query<{ chain: "ethereum"; address: string }>(
      "SELECT chain, address FROM addresses ORDER BY id LIMIT 50",
    );
    const urns = addresses.map((row) => addressChainUrn(row.chain, row.address));
    await expectIndexed((db) => addressAttribution(db, urns));
    const entities = await store.query<{ urn: string }>("SELECT urn FROM entities ORDER BY id LIMIT 20");
    const customs = await store.query<{ urn: string }>(
      "SELECT 'urn:sleuth:custom-entity:' || uuid AS urn FROM custom_entities ORDER BY id",
    );
    await expectIndexed((db) =>
      entityAttribution(
        db,
        [...entities, ...customs].map((row) => row.urn),
        {
          includeHasInetData: true,
          organizationId,
        },
      ),
    );
  });

  test("000 §7 bulk metrics and risk read the rollups by key, never by scan", async () => {
    const addresses = await store.query<{ chain: "ethereum"; address: string }>(
      "SELECT chain, address FROM addresses ORDER BY id LIMIT 900",
    );
    const urns = addresses.map((row) => addressChainUrn(row.chain, row.address));
    const parts = { includeAssetCount: true, includeVolumeMetrics: true, includeBalanceMetrics: true };
    await expectIndexed((db) => addressMetrics(db, urns, parts));
    await expectIndexed((db) => addressRiskInfo(db, urns));
    const entities = (
      await store.query<{ urn: string }>("SELECT urn FROM entities ORDER BY id LIMIT 20")
    ).map((row) => row.urn);
    await expectIndexed((db) => entityMetrics(db, entities, parts));
    await expectIndexed((db) => entityRiskScores(db, entities));
    const customs = (
      await store.query<{ urn: string }>(
        "SELECT 'urn:sleuth:custom-entity:' || uuid AS urn FROM custom_entities WHERE organization_id = $1",
        [organizationId],
      )
    ).map((row) => row.urn);
    await expectIndexed((db) => customEntityMetrics(db, customs, parts, organizationId));
  });

  test("issue 32 the custom-entity list and page read by index, visibility included", async () => {
    const [member] = await store.query<{ id: number }>(
      "SELECT user_id AS id FROM memberships WHERE organization_id = $1 ORDER BY user_id LIMIT 1",
      [organizationId],
    );
    const caller = { userId: member!.id, organizationId, role: "editor" as const };
    const [row] = await store.query<{ uuid: string }>(
      "SELECT uuid::text AS uuid FROM custom_entities WHERE organization_id = $1 ORDER BY id LIMIT 1",
      [organizationId],
    );
    await expectIndexed((db) => listCustomEntities(db, caller, { limit: 10, offset: 0 }));
    await expectIndexed((db) => findCustomEntityRow(db, caller, row!.uuid));
  });
});
