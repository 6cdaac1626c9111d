import type { RefreshPart } from "@sleuth/sdk";
import { customEntitySummaries } from "../metrics/customEntitySummaries.ts";
import { customEntityMembers } from "../metrics/subjects.ts";
import { afterRequestTransaction, outsideRequest } from "../store/requestTransaction.ts";
import type { Queryable, Store } from "../store/store.ts";
import type { RefreshResults } from "./customEntityRows.ts";

// 000 §4 custom entity refresh: the server recomputes four parts in the background, each
// processing, then succeeded or failed; clients poll GET /v1/custom-entities/refresh/status.

const partColumns = {
  counterpartyFlows: "refresh_summary",
  transfers: "refresh_transfers",
  addresses: "refresh_addresses",
  metrics: "refresh_metrics",
} as const satisfies Record<RefreshPart, string>;

/** Refreshes running in this process, by custom entity id, with their generation. */
const running = new Map<number, number>();
const inFlight = new Set<Promise<void>>();

/**
 * Marks a new refresh: every part processing and a new generation. Call it inside the transaction
 * that changed the custom entity, then `scheduleRefresh` once that transaction committed.
 */
export async function markRefreshStarted(db: Queryable, id: number): Promise<number> {
  const [row] = await db.query<{ refresh_generation: number }>(
    `UPDATE custom_entities SET refresh_generation = refresh_generation + 1, refresh_started_at = now(),
       refresh_summary = 'processing', refresh_transfers = 'processing',
       refresh_addresses = 'processing', refresh_metrics = 'processing'
     WHERE id = $1 RETURNING refresh_generation`,
    [id],
  );
  return row!.refresh_generation;
}

type PartResult = Partial<RefreshResults>;

/** Each part's computation over the custom entity's members (resources the store knows). */
const parts: Record<RefreshPart, (db: Queryable, id: number) => Promise<PartResult>> = {
  async addresses(db, id) {
    const members = (await customEntityMembers(db, [id])).get(id)!;
    const [owned] = await db.query<{ count: number }>(
      "SELECT count(*)::integer AS count FROM addresses WHERE entity_id = ANY($1::int[]) AND NOT (id = ANY($2::bigint[]))",
      [members.entityIds, members.addressIds],
    );
    return { addressCount: new Set(members.addressIds).size + (owned?.count ?? 0) };
  },
  async transfers(db, id) {
    const summary = (
      await customEntitySummaries(db, [id], {
        includeAssetCount: false,
        includeVolumeMetrics: true,
        includeBalanceMetrics: false,
      })
    ).get(id)?.summary;
    return { transfers: summary?.totalTransfers ?? 0 };
  },
  async counterpartyFlows(db, id) {
    const members = (await customEntityMembers(db, [id])).get(id)!;
    const [row] = await db.query<{ count: number }>(
      `SELECT (SELECT count(DISTINCT counterparty_id) FROM address_counterparties
               WHERE address_id = ANY($1::bigint[]))::integer
            + (SELECT count(DISTINCT counterparty_entity_id) FROM entity_counterparties
               WHERE entity_id = ANY($2::int[]))::integer AS count`,
      [members.addressIds, members.entityIds],
    );
    return { counterparties: row?.count ?? 0 };
  },
  async metrics(db, id) {
    const summary = (await customEntitySummaries(db, [id])).get(id)?.summary;
    return {
      metrics: {
        firstActiveDate: summary?.firstActiveDate ?? null,
        lastActiveDate: summary?.lastActiveDate ?? null,
        totalVolumeUsd: summary?.totalVolumeUsd ?? null,
      },
    };
  },
};

async function runPart(store: Store, id: number, generation: number, part: RefreshPart): Promise<void> {
  const column = partColumns[part];
  try {
    const result = await parts[part](store, id);
    await store.query(
      `UPDATE custom_entities SET ${column} = 'succeeded', refresh_results = refresh_results || $3::jsonb
       WHERE id = $1 AND refresh_generation = $2`,
      [id, generation, JSON.stringify(result)],
    );
  } catch {
    // The store may have closed under a job at shutdown; a part left processing restarts later.
    await store
      .query(`UPDATE custom_entities SET ${column} = 'failed' WHERE id = $1 AND refresh_generation = $2`, [
        id,
        generation,
      ])
      .catch(() => {});
  }
}

async function run(store: Store, id: number, generation: number): Promise<void> {
  // One part after another: the machine's connections serve requests first.
  for (const part of Object.keys(partColumns) as RefreshPart[]) {
    if (running.get(id) !== generation) return;
    await runPart(store, id, generation, part);
  }
  await store
    .query(
      `UPDATE custom_entities SET refreshed_at = now()
       WHERE id = $1 AND refresh_generation = $2 AND refresh_summary = 'succeeded'
         AND refresh_transfers = 'succeeded' AND refresh_addresses = 'succeeded' AND refresh_metrics = 'succeeded'`,
      [id, generation],
    )
    .catch(() => {});
}

/** Runs the refresh of `generation` in the background; a newer one supersedes it. */
export function scheduleRefresh(store: Store, id: number, generation: number): void {
  running.set(id, generation);
  // Issue 41: the refresh outlives the request that scheduled it, so neither its deadline nor its
  // transaction, and reads what it committed.
  afterRequestTransaction(() => {
    const job = outsideRequest(() =>
      new Promise<void>((resolve) => setImmediate(resolve)).then(() => run(store, id, generation)),
    ).finally(() => {
      if (running.get(id) === generation) running.delete(id);
      inFlight.delete(job);
    });
    inFlight.add(job);
  });
}

/** Whether this process is computing a refresh of the custom entity now. */
export function isRefreshRunning(id: number): boolean {
  return running.has(id);
}

/** Waits for every running refresh; the server calls it on close, before the store closes. */
export async function drainRefreshes(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}
