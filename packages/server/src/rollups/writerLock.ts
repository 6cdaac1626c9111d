import type { Queryable } from "../store/store.ts";

// Every writer of chain facts settles the read model in its transaction (settleWrites.ts): imports,
// the chain follower's batches and roll-backs, the full rebuild. Two settling at once on one
// PostgreSQL database would each build its keys' rows from base tables the other is changing, and
// fight over the same rollup rows; one lock for all of them makes them take turns (issue 46).

// Any fixed 64-bit number, the same for every writer (migrate.ts's lock is another).
const rollupWritersLockKey = 7_365_810_246;

/**
 * Waits until no other writer of chain facts or rollups holds the lock, then holds it until `tx`
 * ends. Taken first thing in a writer's transaction, before it writes anything another writer could
 * wait on; taking it again in the same transaction is free (settleWrites and refreshRollups do, so
 * no writer settles outside it).
 */
export async function lockRollupWriters(tx: Queryable): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock($1)", [rollupWritersLockKey]);
}
