import { addressChainUrn, parseUrn } from "@sleuth/sdk";
import {
  categoryByKey,
  computeExposure,
  migrate,
  openPgliteStore,
  type Store,
  seedDemoAccounts,
  seedWorld,
  type TransferSide,
} from "@sleuth/server";
import { afterAll, beforeAll, expect, test } from "vitest";

let store: Store;
let seeded: Awaited<ReturnType<typeof seedWorld>>;

beforeAll(async () => {
  store = await openPgliteStore();
  await migrate(store);
  await seedDemoAccounts(store);
  seeded = await seedWorld(store, { scale: "small", seed: 3 });
}, 120_000);

afterAll(async () => {
  await store?.close();
});

test("issue 3: seedWorld loads the small world with COPY and says what it loaded", async () => {
  expect(seeded).toMatchObject({ seeded: true, workspace: true });
  const [row] = await store.query<{ transfers: number }>("SELECT count(*) AS transfers FROM transfers");
  expect(row?.transfers).toBe(seeded.counts.transferRows);
  const again = await seedWorld(store, { scale: "small", seed: 3 });
  expect(again.seeded).toBe(false);
});

test("002 §3 exposure figures equal what the transfers imply", async () => {
  const transfers = (
    await store.query<{
      address_id: number;
      counterparty_id: number | null;
      direction: "incoming" | "outgoing";
      amount_usd: number;
      at: string;
    }>(
      `SELECT address_id, counterparty_id, direction, amount_usd,
         to_char(block_timestamp AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') AS at
       FROM transfers ORDER BY id`,
    )
  ).map(
    (row): TransferSide => ({
      address: row.address_id,
      counterparty: row.counterparty_id,
      direction: row.direction,
      usd: row.amount_usd,
      time: row.at,
    }),
  );
  // Categories straight from ownership and tags, not from the address_categories rollup.
  const owned = await store.query<{ address_id: number; category_id: number }>(
    `SELECT a.id AS address_id, e.category_id FROM addresses a JOIN entities e ON e.id = a.entity_id
     UNION SELECT address_id, category_id FROM attribution_tags WHERE tag_type = 'ordinary'`,
  );
  const categoriesOf = new Map<number, Set<number>>();
  for (const row of owned)
    categoriesOf.set(row.address_id, (categoriesOf.get(row.address_id) ?? new Set()).add(row.category_id));
  const expected = computeExposure(transfers, categoriesOf);

  const stored = await store.query<{
    key: string;
    incoming_usd: number;
    outgoing_usd: number;
    instances: number;
    at: string;
  }>(
    `SELECT address_id || ':' || risk_type || ':' || category_id AS key, incoming_usd, outgoing_usd, instances,
       to_char(last_transfer_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') AS at
     FROM address_exposure`,
  );
  expect(stored.length).toBe(expected.size);
  expect(stored.some((row) => row.key.includes(":indirect:"))).toBe(true);
  for (const row of stored) {
    const want = expected.get(row.key);
    expect(want, row.key).toBeDefined();
    if (want === undefined) continue;
    expect(row.incoming_usd).toBeCloseTo(want.incomingUsd, 2);
    expect(row.outgoing_usd).toBeCloseTo(want.outgoingUsd, 2);
    expect(row.instances).toBe(want.instances);
    expect(row.at).toBe(want.lastTransferAt);
  }
});

test("issue 3: a wallet that paid a darknet market has counterparty exposure to it", async () => {
  const market = categoryByKey("darknet_market").id;
  const [payment] = await store.query<{ address_id: number; amount_usd: number }>(
    `SELECT t.address_id, t.amount_usd FROM transfers t
     JOIN addresses c ON c.id = t.counterparty_id JOIN entities e ON e.id = c.entity_id
     WHERE t.direction = 'outgoing' AND e.category_id = $1 AND t.entity_id IS NULL
     ORDER BY t.id LIMIT 1`,
    [market],
  );
  expect(payment).toBeDefined();
  const [exposure] = await store.query<{ outgoing_usd: number }>(
    "SELECT outgoing_usd FROM address_exposure WHERE address_id = $1 AND risk_type = 'counterparty' AND category_id = $2",
    [payment?.address_id, market],
  );
  expect(exposure?.outgoing_usd).toBeGreaterThanOrEqual((payment?.amount_usd ?? 0) - 0.01);
});

test("001 §3 stored running balances end at the asset holdings, and flows add up to them", async () => {
  const mismatches = await store.query(
    `SELECT b.address_id FROM address_balances b
     JOIN LATERAL (SELECT balance_raw FROM transfers t WHERE t.address_id = b.address_id AND t.asset_id = b.asset_id
                   ORDER BY block_timestamp DESC, id DESC LIMIT 1) last ON true
     WHERE last.balance_raw <> b.balance_raw`,
  );
  expect(mismatches).toEqual([]);
  const internal = await store.query(
    "SELECT 1 FROM entity_counterparties WHERE entity_id = counterparty_entity_id",
  );
  expect(internal).toEqual([]);
});

test("000 §3 the demo organizations get cases and custom entities pointing into the world", async () => {
  const cases = await store.query<{ name: string; relatables: { resourceUrn: string }[] }>(
    "SELECT c.name, c.relatables FROM cases c JOIN organizations o ON o.id = c.organization_id WHERE o.name = 'Demo Investigations'",
  );
  expect(cases.length).toBeGreaterThanOrEqual(2);
  const resources = await store.query<{ resource_urn: string }>(
    "SELECT resource_urn FROM custom_entity_resources",
  );
  expect(resources.length).toBeGreaterThan(0);
  for (const { resource_urn } of resources) {
    const parts = parseUrn(resource_urn);
    if (parts?.kind !== "address") throw new Error(`not an address URN: ${resource_urn}`);
    const [row] = await store.query<{ chain: "bitcoin"; address: string }>(
      "SELECT chain, address FROM addresses WHERE address = $1 AND chain = $2",
      [parts.address, parts.chain],
    );
    expect(row && addressChainUrn(row.chain, row.address)).toBe(resource_urn);
  }
});
