// Where a benchmark's store time goes, statement by statement (issue 46): a Store that times every
// statement sent through it or through its transactions, keyed by the statement's text with
// whitespace folded, so the benchmarks can print the statements a batch spends its time in.
import type { Queryable, Store } from "@sleuth/server";

interface Tally {
  calls: number;
  ms: number;
  /** The plan of its slowest run, when plans are asked for. */
  plan?: string;
  planMs?: number;
}

// Writes whose rows nobody reads back can run under EXPLAIN ANALYZE, which runs them all the same.
const explainable = (sql: string) =>
  /^\s*(INSERT|UPDATE|DELETE|CREATE TEMP TABLE \w+ AS)/i.test(sql) && !/RETURNING/i.test(sql);

export interface StatementProfile {
  store: Store;
  /** The statements by total time, the longest first, with their calls and share of the total. */
  report(top?: number): string;
  reset(): void;
  /** Milliseconds in statements so far. */
  totalMs(): number;
}

const keyOf = (sql: string) => sql.replace(/\s+/g, " ").trim().slice(0, 140);

/** `plans`: run the writes under EXPLAIN ANALYZE and keep each statement's slowest plan. */
export function profileStatements(inner: Store, plans = false): StatementProfile {
  let tallies = new Map<string, Tally>();
  const timed = async <R>(sql: string, work: () => Promise<R>, plan?: () => Promise<string>): Promise<R> => {
    const started = performance.now();
    let text: string | undefined;
    try {
      if (plan) {
        text = await plan();
        return [] as R;
      }
      return await work();
    } finally {
      const key = keyOf(sql);
      const tally = tallies.get(key) ?? { calls: 0, ms: 0 };
      const ms = performance.now() - started;
      tally.calls++;
      tally.ms += ms;
      if (text !== undefined && ms > (tally.planMs ?? -1)) {
        tally.plan = text;
        tally.planMs = ms;
      }
      tallies.set(key, tally);
    }
  };
  const wrap = (db: Queryable): Queryable => ({
    query: (sql, params) =>
      timed(
        sql,
        () => db.query(sql, params),
        plans && explainable(sql)
          ? async () =>
              (await db.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params))
                .map((row) => row["QUERY PLAN"])
                .join("\n")
          : undefined,
      ),
    exec: (sql) => timed(sql, () => db.exec(sql)),
  });
  const store: Store = {
    ...wrap(inner),
    kind: inner.kind,
    transaction: (fn) => inner.transaction((tx) => fn(wrap(tx))),
    waiting: () => inner.waiting(),
    expectedWaitMs: () => inner.expectedWaitMs(),
    close: () => inner.close(),
  };
  return {
    store,
    totalMs: () => [...tallies.values()].reduce((sum, tally) => sum + tally.ms, 0),
    reset: () => {
      tallies = new Map();
    },
    report(top = 25) {
      const rows = [...tallies.entries()].sort((a, b) => b[1].ms - a[1].ms);
      const total = rows.reduce((sum, [, tally]) => sum + tally.ms, 0);
      return [
        `store time ${(total / 1000).toFixed(2)} s in ${rows.reduce((sum, [, t]) => sum + t.calls, 0)} statements`,
        ...rows
          .slice(0, top)
          .map(
            ([key, tally]) =>
              `${(tally.ms / 1000).toFixed(2).padStart(7)} s ${String(tally.calls).padStart(6)}× ${((tally.ms / total) * 100).toFixed(0).padStart(3)}%  ${key}${tally.plan ? `\n${tally.plan.replace(/^/gm, "      | ")}` : ""}`,
          ),
      ].join("\n");
    },
  };
}
