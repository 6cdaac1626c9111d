import { ApiError, type SleuthClient, type TransferRow, transferRequestMessages } from "@sleuth/sdk";
import type { Queryable } from "@sleuth/server";
// The transfer listing is not re-exported by @sleuth/server's entry point.
import { addressScope, countTransfers, customEntityScope, entityScope, listTransfers } from "@sleuth/server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestServer, storeKinds, type TestServer } from "../helpers/server.ts";

// Issue 27 transfer tables end to end: the SDK's calls against the real server over the small demo
// world, on both engines. The expected rows are read from the store with plain SQL.

interface StoreRow {
  id: string;
  hash: string;
  chain: string;
  ts: string;
  direction: "incoming" | "outgoing";
  amount_usd: number | null;
  counterparty: string | null;
  counterparty_entity: string | null;
}

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  Plans?: PlanNode[];
}

/** How each plan node reads `transfers`: "Index Scan transfers_address_time_idx", "Seq Scan", … */
function transferAccesses(node: PlanNode, found: string[] = []): string[] {
  if (node["Relation Name"] === "transfers")
    found.push(`${node["Node Type"]} ${node["Index Name"] ?? ""}`.trim());
  for (const child of node.Plans ?? []) transferAccesses(child, found);
  return found;
}

/** A row's identity on the wire: its transaction and signed amount (one side of one movement). */
const keyOf = (row: TransferRow) => `${row.transactionUrn} ${row.relevantAmountRaw} ${row.assetUrn}`;

describe.each(storeKinds)("transfer tables on %s", (kind) => {
  let server: TestServer;
  let demo: SleuthClient;
  let partner: SleuthClient;
  let busiest: { id: string; urn: string; chain: string };
  /** The busiest address's rows, newest first, as the store holds them. */
  let expected: StoreRow[];

  async function storeRows(where = ""): Promise<StoreRow[]> {
    return server.store.query<StoreRow>(
      `SELECT t.id::text AS id, x.hash, x.chain, t.block_timestamp::text AS ts, t.direction, t.amount_usd,
         c.address AS counterparty, e.urn AS counterparty_entity
       FROM transfers t JOIN transactions x ON x.id = t.transaction_id
       LEFT JOIN addresses c ON c.id = t.counterparty_id LEFT JOIN entities e ON e.id = t.counterparty_entity_id
       WHERE t.address_id = $1 ${where} ORDER BY t.block_timestamp DESC, t.id DESC`,
      [busiest.id],
    );
  }
  const urnOf = (row: StoreRow) => `urn:sleuth:transaction:${row.chain}:${row.hash}`;

  async function all(request: Parameters<SleuthClient["transfers"]["iterateAddress"]>[0]) {
    const rows: TransferRow[] = [];
    for await (const row of demo.transfers.iterateAddress(request, { limit: Number.POSITIVE_INFINITY }))
      rows.push(row);
    return rows;
  }

  beforeAll(async () => {
    server = await startTestServer({ store: kind, world: "small" });
    const token = await server.tokenFor(server.demo.user.email);
    demo = server.client({ token, organizationUuid: server.demo.organization.uuid });
    partner = server.client({ token, organizationUuid: server.demo.partner.uuid });
    const [row] = await server.store.query<{ id: string; urn: string; chain: string }>(
      `SELECT a.id::text AS id, 'urn:sleuth:address:' || a.chain || ':' || a.address AS urn, a.chain
       FROM (SELECT address_id, count(*) AS n FROM transfers GROUP BY address_id ORDER BY n DESC, address_id LIMIT 1) b
       JOIN addresses a ON a.id = b.address_id`,
    );
    busiest = row!;
    expected = await storeRows();
  });
  afterAll(async () => {
    await server?.close();
  });

  test("001 §4 pages of 30, newest first, follow the next cursor to every row and back", async () => {
    expect(expected.length).toBeGreaterThan(90);
    const first = await demo.transfers.address({ addressChainUrn: busiest.urn });
    expect(first.data).toHaveLength(30);
    expect(first.meta.previousCursor).toBeNull();
    expect(first.data.map((row) => row.transactionUrn)).toEqual(expected.slice(0, 30).map(urnOf));
    const second = await demo.transfers.address({
      addressChainUrn: busiest.urn,
      after: first.meta.nextCursor!,
    });
    expect(second.data.map((row) => row.transactionUrn)).toEqual(expected.slice(30, 60).map(urnOf));
    const third = await demo.transfers.address({
      addressChainUrn: busiest.urn,
      after: second.meta.nextCursor!,
    });
    const back = await demo.transfers.address({
      addressChainUrn: busiest.urn,
      after: third.meta.previousCursor!,
    });
    expect(back.data.map(keyOf)).toEqual(second.data.map(keyOf));
    const home = await demo.transfers.address({
      addressChainUrn: busiest.urn,
      after: back.meta.previousCursor!,
    });
    expect(home.data.map(keyOf)).toEqual(first.data.map(keyOf));
    expect(home.meta.previousCursor).toBeNull();
    const rows = await all({ addressChainUrn: busiest.urn });
    expect(rows.map((row) => row.transactionUrn)).toEqual(expected.map(urnOf));
    expect(await demo.transfers.addressCount({ addressChainUrn: busiest.urn })).toBe(expected.length);
  });

  test("issue 44 001 §7 the offset form of flows/{valueType}/transfers (v5, v6) answers the listing's rows", async () => {
    // An address, v5 and v6 alike: rows 40..69 of the newest-first listing, more after them.
    const pinned = await demo.transfers.atOffset("address", { addressChainUrn: busiest.urn, offset: 40 });
    expect(pinned.rows.map((row) => row.transactionUrn)).toEqual(expected.slice(40, 70).map(urnOf));
    expect(pinned.hasMore).toBe(expected.length > 70);
    demo.core.setLatestApiVersions(true);
    try {
      const latest = await demo.transfers.atOffset("address", {
        addressChainUrn: busiest.urn,
        offset: 40,
        filters: { direction: "incoming" },
        limit: 5,
      });
      const incoming = expected.filter((row) => row.direction === "incoming");
      expect(latest.rows.map((row) => row.transactionUrn)).toEqual(incoming.slice(40, 45).map(urnOf));
      // The entity's v6 path keeps its keyset form; a body with offset asks for this one.
      const [entity] = await server.store.query<{ urn: string }>(
        "SELECT e.urn FROM transfers t JOIN entities e ON e.id = t.entity_id GROUP BY e.urn ORDER BY count(*) DESC LIMIT 1",
      );
      const keyset = await demo.transfers.entity({ entityUrn: entity!.urn, pageSize: 20 });
      const byOffset = await demo.transfers.atOffset("entity", {
        entityUrn: entity!.urn,
        offset: 10,
        limit: 10,
      });
      expect(byOffset.rows.map(keyOf)).toEqual(keyset.data.slice(10, 20).map(keyOf));
    } finally {
      demo.core.setLatestApiVersions(false);
    }
    const past = await demo.transfers.atOffset("address", {
      addressChainUrn: busiest.urn,
      offset: expected.length,
    });
    expect(past).toEqual({ rows: [], hasMore: false });
    // 001 §5 holds here too: no USD sort with a timestamp filter.
    await expect(
      demo.transfers.atOffset("address", {
        addressChainUrn: busiest.urn,
        offset: 0,
        sort: { column: "usdAmount", direction: "desc" },
        filters: { timestamp: { gte: "2020-01-01", lte: "2030-01-01" } },
      }),
    ).rejects.toMatchObject({ status: 400 });
  });

  test("001 §3 each row names its counterparty's categories, as the store tags that address", async () => {
    const tags = await server.store.query<{ address: string; names: string }>(
      `SELECT c.address, string_agg(k.name, '|' ORDER BY ac.category_id) AS names
       FROM addresses c JOIN address_categories ac ON ac.address_id = c.id JOIN categories k ON k.id = ac.category_id
       WHERE c.id IN (SELECT counterparty_id FROM transfers WHERE address_id = $1) GROUP BY c.address`,
      [busiest.id],
    );
    const byAddress = new Map(tags.map((tag) => [tag.address, tag.names]));
    expect(byAddress.size).toBeGreaterThan(0);
    const rows = await all({ addressChainUrn: busiest.urn, pageSize: 1000 });
    for (const row of rows) {
      const counterparty = row.counterpartyAddressChainUrns[0]?.split(":").at(-1) ?? "";
      expect(row.counterpartyCategories.map((tag) => tag.category).join("|"), counterparty).toBe(
        byAddress.get(counterparty) ?? "",
      );
    }
  });

  test("001 §3 pages of 1000 (sleuth transfers, exports) hold exactly the rows of pages of 30", async () => {
    const small = await all({ addressChainUrn: busiest.urn, pageSize: 30 });
    const large = await all({ addressChainUrn: busiest.urn, pageSize: 1000 });
    expect(large.length).toBe(expected.length);
    expect(large).toEqual(small);
    expect(large.some((row) => row.counterpartyCategories.length > 0)).toBe(true);
    const [entity] = await server.store.query<{ urn: string }>(
      `SELECT e.urn FROM transfers t JOIN entities e ON e.id = t.entity_id
       WHERE t.counterparty_entity_id IS NOT NULL GROUP BY e.urn ORDER BY count(*) DESC LIMIT 1`,
    );
    const entityRows = async (pageSize: number) => {
      const rows: unknown[] = [];
      const request = { entityUrn: entity!.urn, pageSize };
      for await (const row of demo.transfers.iterateEntity(request, { limit: Number.POSITIVE_INFINITY }))
        rows.push(row);
      return rows;
    };
    const entityLarge = (await entityRows(1000)) as Awaited<ReturnType<typeof demo.transfers.entity>>["data"];
    expect(entityLarge.some((row) => row.counterpartyEntities.length > 0)).toBe(true);
    expect(entityLarge).toEqual(await entityRows(30));
  });

  test("001 §4 a cursor's page stays the same while newer transfers arrive", async () => {
    const first = await demo.transfers.address({ addressChainUrn: busiest.urn });
    const before = await demo.transfers.address({
      addressChainUrn: busiest.urn,
      after: first.meta.nextCursor!,
    });
    await server.store.query(
      `INSERT INTO transfers (transaction_id, block_timestamp, address_id, counterparty_id, entity_id,
         counterparty_entity_id, asset_id, direction, amount_raw, amount_usd, balance_raw)
       SELECT transaction_id, block_timestamp + interval '1 day', address_id, counterparty_id, entity_id,
         counterparty_entity_id, asset_id, direction, amount_raw, amount_usd, balance_raw
       FROM transfers WHERE address_id = $1 ORDER BY block_timestamp DESC, id DESC LIMIT 3`,
      [busiest.id],
    );
    try {
      const after = await demo.transfers.address({
        addressChainUrn: busiest.urn,
        after: first.meta.nextCursor!,
      });
      expect(after.data.map(keyOf)).toEqual(before.data.map(keyOf));
      const fresh = await demo.transfers.address({ addressChainUrn: busiest.urn });
      expect(fresh.data[3]?.transactionUrn).toBe(first.data[0]?.transactionUrn);
    } finally {
      await server.store.query(
        `DELETE FROM transfers WHERE id IN (SELECT id FROM transfers WHERE address_id = $1 ORDER BY id DESC LIMIT 3)`,
        [busiest.id],
      );
    }
  });

  test("001 §4 jump-to a transaction lands on the page it starts and forces timestamp descending", async () => {
    const target = expected[47]!;
    const page = await demo.transfers.address({
      addressChainUrn: busiest.urn,
      jumpTo: { transactionUrn: urnOf(target) },
      sort: { column: "timestamp", direction: "asc" },
    });
    expect(page.meta.sort).toEqual({ column: "timestamp", direction: "desc" });
    const at = expected.findIndex((row) => urnOf(row) === urnOf(target));
    expect(page.data[0]?.transactionUrn).toBe(urnOf(target));
    expect(page.data.map((row) => row.transactionUrn)).toEqual(expected.slice(at, at + 30).map(urnOf));
    const previous = await demo.transfers.address({
      addressChainUrn: busiest.urn,
      after: page.meta.previousCursor!,
    });
    expect(previous.data.map((row) => row.transactionUrn)).toEqual(expected.slice(at - 30, at).map(urnOf));
    const missing = `urn:sleuth:transaction:${busiest.chain}:${target.hash.replace(/[0-9a-f]$/, (c) => (c === "0" ? "1" : "0"))}`;
    await expect(
      demo.transfers.address({ addressChainUrn: busiest.urn, jumpTo: { transactionUrn: missing } }),
    ).rejects.toMatchObject({ status: 404, message: transferRequestMessages.jumpTargetMissing });
  });

  test("001 §4 jump-to a time lands on the last transfer at or before it", async () => {
    const target = expected[70]!;
    const time = new Date(Date.parse(target.ts.replace(" ", "T").replace(/\+00$/, "Z")) + 500).toISOString();
    const page = await demo.transfers.address({ addressChainUrn: busiest.urn, jumpTo: { timestamp: time } });
    const at = expected.findIndex(
      (row) => Date.parse(row.ts.replace(" ", "T").replace(/\+00$/, "Z")) <= Date.parse(time),
    );
    expect(page.data.map((row) => row.transactionUrn)).toEqual(expected.slice(at, at + 30).map(urnOf));
    expect(page.meta.previousCursor).not.toBeNull();
    const deepest = await demo.transfers.address({
      addressChainUrn: busiest.urn,
      jumpTo: { transactionUrn: urnOf(expected.at(-1)!) },
    });
    expect(deepest.data.map((row) => row.transactionUrn)).toEqual([urnOf(expected.at(-1)!)]);
    expect(deepest.meta.nextCursor).toBeNull();
  });

  test("001 §2/§7 filters: direction, counterparty entity and address prefix, time range, amount", async () => {
    const outgoing = await all({ addressChainUrn: busiest.urn, filters: { direction: "outgoing" } });
    expect(outgoing.map((row) => row.transactionUrn)).toEqual(
      expected.filter((row) => row.direction === "outgoing").map(urnOf),
    );
    expect(outgoing.every((row) => row.relevantAmountRaw.startsWith("-"))).toBe(true);

    const named = expected.find((row) => row.counterparty_entity)!;
    const byEntity = await all({
      addressChainUrn: busiest.urn,
      filters: { counterpartyEntity: [named.counterparty_entity!] },
    });
    expect(byEntity.map((row) => row.transactionUrn)).toEqual(
      expected.filter((row) => row.counterparty_entity === named.counterparty_entity).map(urnOf),
    );
    expect(
      await demo.transfers.addressCount({
        addressChainUrn: busiest.urn,
        filters: { counterpartyEntity: [named.counterparty_entity!] },
      }),
    ).toBe(byEntity.length);

    const withCounterparty = expected.find((row) => row.counterparty)!;
    const prefix = withCounterparty.counterparty!.slice(0, 8);
    const byPrefix = await all({
      addressChainUrn: busiest.urn,
      filters: { counterpartyAddressPrefix: prefix },
    });
    expect(byPrefix.map((row) => row.transactionUrn)).toEqual(
      expected.filter((row) => row.counterparty?.startsWith(prefix)).map(urnOf),
    );

    const iso = (row: StoreRow) =>
      new Date(Date.parse(row.ts.replace(" ", "T").replace(/\+00$/, "Z"))).toISOString();
    const range = { gte: iso(expected[60]!), lte: iso(expected[20]!) };
    const inRange = await all({ addressChainUrn: busiest.urn, filters: { timestamp: range } });
    expect(inRange.map((row) => row.transactionUrn)).toEqual(
      expected.filter((row) => iso(row) >= range.gte && iso(row) <= range.lte).map(urnOf),
    );

    const amounts = (await all({ addressChainUrn: busiest.urn })).map((row) =>
      Math.abs(Number(row.relevantAmountRaw)),
    );
    const median = [...amounts].sort((a, b) => a - b)[Math.floor(amounts.length / 2)]!;
    const large = await all({
      addressChainUrn: busiest.urn,
      filters: { relevantAmount: { operator: "gte", value: median } },
    });
    expect(large.length).toBe(amounts.filter((amount) => amount >= median).length);
    expect(large.every((row) => Math.abs(Number(row.relevantAmountRaw)) >= median)).toBe(true);

    const v6 = await demo.transfers.addressV6({
      addressChainUrn: busiest.urn,
      counterpartyEntityUrn: named.counterparty_entity!,
    });
    expect(v6.data.map((row) => row.transactionUrn)).toEqual(
      byEntity.slice(0, 30).map((row) => row.transactionUrn),
    );
  });

  test("001 §5 USD sort pages by amount both ways, a missing price last, and is refused with a time filter", async () => {
    const byUsd = await all({
      addressChainUrn: busiest.urn,
      sort: { column: "usdAmount", direction: "desc" },
    });
    const usd = byUsd.map((row) => (row.relevantAmountUsd === null ? -1 : Math.abs(row.relevantAmountUsd)));
    expect(usd).toEqual([...usd].sort((a, b) => b - a));
    expect(byUsd).toHaveLength(expected.length);
    const first = await demo.transfers.address({
      addressChainUrn: busiest.urn,
      sort: { column: "usdAmount", direction: "asc" },
    });
    const second = await demo.transfers.address({
      addressChainUrn: busiest.urn,
      after: first.meta.nextCursor!,
    });
    const back = await demo.transfers.address({
      addressChainUrn: busiest.urn,
      after: second.meta.previousCursor!,
    });
    expect(back.data.map(keyOf)).toEqual(first.data.map(keyOf));
    expect(second.meta.sort).toEqual({ column: "usdAmount", direction: "asc" });

    const refused = await server.fetch("/trm-insights/v8/address/transfers", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${await server.tokenFor(server.demo.user.email)}`,
      },
      body: JSON.stringify({
        addressChainUrn: busiest.urn,
        sort: { column: "usdAmount", direction: "desc" },
        filters: { timestamp: { gte: "2020-01-01T00:00:00Z", lte: "2030-01-01T00:00:00Z" } },
      }),
    });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toMatchObject({
      code: "bad_request",
      message: transferRequestMessages.usdSortRefused,
    });
  });

  test("issue 27 a USD amount without a price is null, never 0; the native amount is still there", async () => {
    const [row] = await server.store.query<{ id: string; amount_usd: number | null }>(
      "SELECT id::text AS id, amount_usd FROM transfers WHERE address_id = $1 ORDER BY block_timestamp DESC, id DESC LIMIT 1",
      [busiest.id],
    );
    await server.store.query("UPDATE transfers SET amount_usd = NULL WHERE id = $1", [row!.id]);
    try {
      const [top] = (await demo.transfers.address({ addressChainUrn: busiest.urn, pageSize: 1 })).data;
      expect(top?.relevantAmountUsd).toBeNull();
      expect(top?.relevantAmountRaw).toMatch(/^-?[0-9]/);
    } finally {
      await server.store.query("UPDATE transfers SET amount_usd = $2 WHERE id = $1", [
        row!.id,
        row!.amount_usd,
      ]);
    }
  });

  test("000 §7 entity and custom-entity tables; a custom entity is its organization's only", async () => {
    const [entity] = await server.store.query<{ urn: string; n: string }>(
      `SELECT e.urn, count(*)::text AS n FROM transfers t JOIN entities e ON e.id = t.entity_id
       GROUP BY e.urn ORDER BY count(*) DESC LIMIT 1`,
    );
    const page = await demo.transfers.entity({ entityUrn: entity!.urn });
    expect(page.data).toHaveLength(30);
    expect(
      page.data.every(
        (row) => row.runningBalanceRaw === null && row.addressChainUrn.startsWith("urn:sleuth:address:"),
      ),
    ).toBe(true);
    expect(await demo.transfers.entityCount({ entityUrn: entity!.urn })).toBe(Number(entity!.n));

    const [custom] = await server.store.query<{ urn: string }>(
      `SELECT 'urn:sleuth:custom-entity:' || ce.uuid AS urn FROM custom_entities ce
       JOIN organizations o ON o.id = ce.organization_id WHERE o.uuid = $1 ORDER BY ce.id LIMIT 1`,
      [server.demo.organization.uuid],
    );
    const customRows: unknown[] = [];
    for await (const row of demo.transfers.iterateCustomEntity(
      { customEntityUrn: custom!.urn },
      { limit: 10_000 },
    ))
      customRows.push(row);
    expect(await demo.transfers.customEntityCount({ customEntityUrn: custom!.urn })).toBe(customRows.length);
    await expect(partner.transfers.customEntity({ customEntityUrn: custom!.urn })).rejects.toMatchObject({
      status: 404,
    });
    await expect(partner.transfers.customEntityCount({ customEntityUrn: custom!.urn })).rejects.toMatchObject(
      {
        status: 404,
      },
    );
    await expect(
      demo.transfers.entity({ entityUrn: "urn:sleuth:entity:no-such-entity" }),
    ).rejects.toBeInstanceOf(ApiError);
  });

  test("000 §7 bad bodies answer 400 with the error envelope; no credentials 401", async () => {
    const token = await server.tokenFor(server.demo.user.email);
    const post = (path: string, body: unknown, auth = true) =>
      server.fetch(path, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(auth ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
    const first = await demo.transfers.address({ addressChainUrn: busiest.urn });
    const other = (
      await server.store.query<{ urn: string }>(
        "SELECT 'urn:sleuth:address:' || chain || ':' || address AS urn FROM addresses WHERE id <> $1 LIMIT 1",
        [busiest.id],
      )
    )[0]!.urn;
    for (const [path, body] of [
      ["/trm-insights/v8/address/transfers", {}],
      ["/trm-insights/v8/address/transfers", { addressChainUrn: "urn:sleuth:address:bitcoin:nope" }],
      ["/trm-insights/v8/address/transfers", { addressChainUrn: busiest.urn, pageSize: 0 }],
      ["/trm-insights/v8/address/transfers", { addressChainUrn: busiest.urn, after: "garbage" }],
      ["/trm-insights/v8/address/transfers", { addressChainUrn: other, after: first.meta.nextCursor }],
      [
        "/trm-insights/v8/address/transfers",
        { addressChainUrn: busiest.urn, filters: { relevantAmount: { operator: "eq", value: 1 } } },
      ],
      [
        "/trm-insights/v8/address/transfers",
        { addressChainUrn: busiest.urn, jumpTo: { timestamp: "yesterday" } },
      ],
      ["/trm-insights/v7/address/transfers/count", { addressChainUrn: 42 }],
      ["/trm-insights/v7/flows/entity/transfers", { entityUrn: busiest.urn }],
      [
        "/trm-insights/v6/flows/custom-entity/transfers/count",
        { customEntityUrn: "urn:sleuth:custom-entity:x" },
      ],
    ] as const) {
      const response = await post(path, body);
      expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      const answer = await response.json();
      expect(answer.error.code).toBe("bad_request");
      expect(typeof answer.error.requestId).toBe("string");
    }
    expect(
      (await post("/trm-insights/v8/address/transfers", { addressChainUrn: busiest.urn }, false)).status,
    ).toBe(401);
  });

  test("issue 27 every listing reads transfers through an index, never a scan of the table", async () => {
    const plans = await server.store.transaction(async (tx) => {
      await tx.query("SET LOCAL enable_seqscan = off");
      const found: { sql: string; accesses: string[] }[] = [];
      const db: Queryable = {
        async query<T>(sql: string, params: readonly unknown[] = []) {
          if (/^\s*(SELECT|WITH)\b/i.test(sql) && /\btransfers\b/.test(sql)) {
            const [row] = await tx.query<{ "QUERY PLAN": unknown }>(`EXPLAIN (FORMAT JSON) ${sql}`, params);
            const raw = row?.["QUERY PLAN"];
            const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
            found.push({
              sql: sql.replace(/\s+/g, " ").slice(0, 160),
              accesses: transferAccesses(plan[0]!.Plan),
            });
          }
          return tx.query<T>(sql, params);
        },
        exec: (sql) => tx.exec(sql),
      };
      const [organization] = await tx.query<{ id: number }>("SELECT id FROM organizations WHERE uuid = $1", [
        server.demo.organization.uuid,
      ]);
      const [custom] = await tx.query<{ urn: string }>(
        "SELECT 'urn:sleuth:custom-entity:' || uuid AS urn FROM custom_entities WHERE organization_id = $1 LIMIT 1",
        [organization!.id],
      );
      const [entity] = await tx.query<{ urn: string }>(
        "SELECT e.urn FROM entities e WHERE EXISTS (SELECT 1 FROM transfers t WHERE t.entity_id = e.id) LIMIT 1",
      );
      const [member] = await tx.query<{ id: number }>(
        "SELECT user_id AS id FROM memberships WHERE organization_id = $1 LIMIT 1",
        [organization!.id],
      );
      const viewer = { organizationId: organization!.id, userId: member!.id };
      const address = await addressScope(db, busiest.urn);
      const base = { pageSize: 30, filters: {}, sort: { column: "timestamp", direction: "desc" } } as const;
      const first = await listTransfers(db, address, base, viewer);
      await listTransfers(db, address, { ...base, after: first.meta.nextCursor! }, viewer);
      await listTransfers(
        db,
        address,
        { ...base, jumpTo: { transactionUrn: urnOf(expected.at(-1)!) } },
        viewer,
      );
      await listTransfers(db, address, { ...base, sort: { column: "usdAmount", direction: "desc" } }, viewer);
      await listTransfers(db, address, { ...base, pageSize: 1000 }, viewer);
      await listTransfers(
        db,
        address,
        { ...base, filters: { direction: "incoming", counterpartyAddressPrefix: "1" } },
        viewer,
      );
      await countTransfers(db, address, {}, viewer);
      await listTransfers(db, await entityScope(db, entity!.urn), base, viewer);
      await listTransfers(db, await customEntityScope(db, custom!.urn, viewer), base, viewer);
      return found;
    });
    expect(plans.length).toBeGreaterThan(8);
    for (const { sql, accesses } of plans) {
      expect(accesses.length, sql).toBeGreaterThan(0);
      expect(accesses, sql).not.toContain("Seq Scan");
    }
  });
});
