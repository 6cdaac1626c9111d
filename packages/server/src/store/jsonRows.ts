import type { Queryable } from "./store.ts";

/**
 * Runs `sql` and answers its rows decoded from one JSON text, for queries that answer hundreds of
 * rows at once (the 000 §7 bulk calls). PGlite decodes every field of every row in JavaScript,
 * which took longer than the query itself; one json_agg text is decoded by JSON.parse. Values come
 * back as JSON spells them: timestamps as ISO text with their offset, numbers (bigint included) as
 * numbers, jsonb as its value.
 */
export async function queryJsonRows<Row>(
  db: Queryable,
  sql: string,
  params?: readonly unknown[],
  /** Columns of `sql`'s rows (as `q.column`) to order the answer by: an ORDER BY inside `sql` is not kept. */
  orderBy?: string,
): Promise<Row[]> {
  const [answer] = await db.query<{ rows: string }>(
    `SELECT coalesce(json_agg(q${orderBy ? ` ORDER BY ${orderBy}` : ""}), '[]')::text AS rows FROM (${sql}) q`,
    params,
  );
  return answer ? (JSON.parse(answer.rows) as Row[]) : [];
}
