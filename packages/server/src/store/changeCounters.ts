import type { Queryable, Store } from "./store.ts";

// Issue 46: a server process remembers some answers for a moment (metrics/rememberedAnswers.ts,
// accounts/rememberedCallers.ts). Several processes may share one PostgreSQL database, so a change
// made by one must reach the memory of all at once. Each writer counts its change in the transaction
// that makes it (migration 0320); a reader takes the count before it reads and recalls only what it
// remembered under the same count. A counter read is ordered by the database itself: a request that
// begins after the writer's commit sees the new count. A LISTEN/NOTIFY message races the next request
// through another socket, and one sent while the listening connection was down is lost.

/** What a counter counts changes of. */
export type ChangeTopic =
  /** The read model: rollups rebuilt, or followed by an import or an ingest batch. */
  | "read_model"
  /** Who a credential is: sessions ended, tokens revoked, memberships and organizations changed. */
  | "callers";

/** Counts a change of `topic`: in the writer's transaction, or right after its one statement. */
export async function countChange(db: Queryable, topic: ChangeTopic): Promise<void> {
  await db.query("UPDATE change_counters SET changes = changes + 1 WHERE topic = $1", [topic]);
}

/**
 * The changes of `topic` counted so far as `db` sees them: read it before the reads whose answers are
 * remembered, from the store they are read from (a replica shows a writer's count with its rows). An
 * embedded store belongs to one process (pgliteStore.ts claims its directory), whose own forgetting
 * covers every change: no statement is sent.
 */
export async function changeCount(db: Queryable, topic: ChangeTopic): Promise<number> {
  if ((db as Partial<Store>).kind === "pglite") return 0;
  const [row] = await db.query<{ changes: number }>("SELECT changes FROM change_counters WHERE topic = $1", [
    topic,
  ]);
  return row?.changes ?? 0;
}
