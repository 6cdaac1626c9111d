import {
  autocomplete,
  ensureRollups,
  migrate,
  openPgliteStore,
  refreshRollups,
  type Store,
  seedDemoAccounts,
  seedWorld,
} from "@sleuth/server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

let store: Store;

beforeAll(async () => {
  store = await openPgliteStore();
  await migrate(store);
  await seedDemoAccounts(store);
  await seedWorld(store, { scale: "small", seed: 5 });
}, 120_000);

afterAll(async () => {
  await store?.close();
});

const query = (text: string) => ({ query: text, limit: 20, offset: 0, organizationId: 1 });

interface EntityFigures {
  slug: string;
  addresses: number;
  transfers: number;
  volume: number | null;
}

/** What an entity hit should show, summed from the tables themselves. */
function liveEntityFigures(): Promise<EntityFigures[]> {
  return store.query<EntityFigures>(
    `SELECT e.slug, (SELECT count(*)::int FROM addresses a WHERE a.entity_id = e.id) AS addresses,
            coalesce((SELECT sum(d.incoming_transfers + d.outgoing_transfers)::int FROM entity_daily_flows d
                      WHERE d.entity_id = e.id), 0) AS transfers,
            (SELECT sum(d.incoming_usd + d.outgoing_usd) FROM entity_daily_flows d WHERE d.entity_id = e.id) AS volume
     FROM entities e ORDER BY e.id`,
  );
}

async function expectEntityHits(entities: readonly EntityFigures[]) {
  for (const entity of entities) {
    const { hits } = await autocomplete(store, "entity", query(entity.slug));
    expect(hits[0], entity.slug).toMatchObject({
      entity: entity.slug,
      addresses: entity.addresses,
      totalTransfers: entity.transfers,
    });
    if (entity.volume === null) expect(hits[0]?.totalVolume).toBeNull();
    else expect(hits[0]?.totalVolume).toBeCloseTo(entity.volume, 1);
  }
}

describe("002 §4 search hits read their figures from rollups", () => {
  test("002 §4 an entity hit shows its addresses, transfers and volume, rebuilt with the rollups", async () => {
    const before = await liveEntityFigures();
    await expectEntityHits(before);
    // An address changes hands (as an attribution import does): the hits follow once the rollups are rebuilt.
    const [owned] = await store.query<{ id: number; entity_id: number }>(
      "SELECT id, entity_id FROM addresses WHERE entity_id IS NOT NULL ORDER BY id LIMIT 1",
    );
    const [other] = await store.query<{ id: number }>(
      "SELECT id FROM entities WHERE id <> $1 ORDER BY id LIMIT 1",
      [owned!.entity_id],
    );
    await store.query("UPDATE addresses SET entity_id = $1 WHERE id = $2", [other!.id, owned!.id]);
    await refreshRollups(store, { owners: true });
    const after = await liveEntityFigures();
    expect(after).not.toEqual(before);
    await expectEntityHits(after);
  });

  test("002 §4 entity hits are right in a store older than entity_summary, once the server has started", async () => {
    const figures = await liveEntityFigures();
    await store.exec("TRUNCATE entity_summary");
    expect(await ensureRollups(store)).toBe(true);
    await expectEntityHits(figures);
  });

  test("002 §4 an address hit counts its transfer rows and adds up their USD, also in a store older than address_summary", async () => {
    const addresses = await store.query<{
      chain: string;
      address: string;
      transfers: number;
      volume: number | null;
    }>(
      `SELECT a.chain, a.address, count(t.id)::int AS transfers,
              CASE WHEN count(t.id) > 0 THEN coalesce(sum(t.amount_usd), 0) END AS volume
       FROM addresses a LEFT JOIN transfers t ON t.address_id = a.id
       WHERE a.id % 37 = 0 GROUP BY a.id ORDER BY a.id`,
    );
    expect(addresses.some((row) => row.transfers === 0)).toBe(true);
    const check = async () => {
      for (const row of addresses) {
        const { hits } = await autocomplete(store, "address", query(row.address));
        const hit = [hits[0], ...(hits[0]?.seeMore ?? [])].find((item) => item?.chain === row.chain);
        expect(hit?.transactions, row.address).toBe(row.transfers);
        if (row.volume === null) expect(hit?.totalVolume).toBeNull();
        else expect(hit?.totalVolume).toBeCloseTo(row.volume, 1);
      }
    };
    await check();
    // A store whose rollups were built before address_summary existed has no rows there: at start
    // the server rebuilds them, and only then.
    // Whoever started it is told of a rebuild (minutes on a large store), and only of one.
    const notices: string[] = [];
    const notify = { beforeRebuild: () => notices.push("rebuilding") };
    expect(await ensureRollups(store, notify)).toBe(false);
    expect(notices).toHaveLength(0);
    await store.exec("TRUNCATE address_summary");
    expect(await ensureRollups(store, notify)).toBe(true);
    expect(notices).toEqual(["rebuilding"]);
    await check();
  });
});
