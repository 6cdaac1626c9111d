import type { Queryable } from "./store.ts";

// Issue 46: a streaming replica (DATABASE_REPLICA_URL) answers the analytics reads. It replays the
// primary's WAL a moment behind, so a write answers only once the replica has replayed it: whoever
// asks next, through any server process, reads what the write changed.

/** How long a write waits for the replica before it answers anyway (its reads may then lag). */
export const replicaReplayWaitMs = 10_000;

const firstPollMs = 2;
const lastPollMs = 50;

/**
 * Waits until `replica` has replayed the primary's WAL up to where it stands now (everything
 * committed before this call), at most `timeoutMs`. True when it has; a database that is not in
 * recovery (a primary given as its own replica) has nothing to replay.
 */
export async function awaitReplicaReplay(
  primary: Queryable,
  replica: Queryable,
  timeoutMs = replicaReplayWaitMs,
): Promise<boolean> {
  // The insert position: with synchronous_commit off, a commit may not be flushed yet when it answers.
  const [written] = await primary.query<{ lsn: string }>("SELECT pg_current_wal_insert_lsn()::text AS lsn");
  const deadline = Date.now() + timeoutMs;
  for (let pollMs = firstPollMs; ; pollMs = Math.min(pollMs * 2, lastPollMs)) {
    const [state] = await replica.query<{ replayed: boolean }>(
      "SELECT coalesce(pg_last_wal_replay_lsn() >= $1::pg_lsn, NOT pg_is_in_recovery()) AS replayed",
      [written!.lsn],
    );
    if (state?.replayed) return true;
    if (Date.now() + pollMs > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/**
 * Refuses a "replica" that is not a copy of the primary's database: the analytics would answer from
 * other data. A physical replica shares its primary's system identifier.
 */
export async function checkReplicaOf(primary: Queryable, replica: Queryable): Promise<void> {
  const identity =
    "SELECT system_identifier::text AS system, current_database() AS database FROM pg_control_system()";
  const [ours] = await primary.query<{ system: string; database: string }>(identity);
  const [theirs] = await replica.query<{ system: string; database: string }>(identity);
  if (ours?.system !== theirs?.system || ours?.database !== theirs?.database)
    throw new Error(
      "DATABASE_REPLICA_URL is not a streaming replica of DATABASE_URL's database (another cluster or database)",
    );
}
