import { expect, test } from "vitest";
import type { Queryable } from "./store.ts";
import { HoldTimes, pgliteSliceMs, TurnGate, takingTurns } from "./storeWait.ts";

/** Blocks the thread as a PGlite statement does. */
function busyFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // spin
  }
}

test("issue 41 the store gate serves callers in order and lets the loop go round between slices", async () => {
  const gate = new TurnGate(5);
  const order: string[] = [];
  const unit = async (name: string) => {
    await gate.enter();
    try {
      order.push(name);
      busyFor(4);
    } finally {
      gate.leave();
    }
  };
  // A request read from a socket meanwhile: it must not wait for every queued unit.
  setImmediate(() => order.push("loop"));
  await Promise.all(["a", "b", "c", "d", "e", "f"].map(unit));
  expect(order.filter((name) => name !== "loop")).toEqual(["a", "b", "c", "d", "e", "f"]);
  expect(order.indexOf("loop")).toBeGreaterThan(0);
  expect(order.indexOf("loop")).toBeLessThan(order.length - 1);
});

test("issue 41 the recent hold time follows a change of load within a few units", () => {
  const holds = new HoldTimes();
  for (const ms of [10, 10, 10]) holds.record(ms);
  expect(holds.averageMs).toBe(10);
  expect(holds.count).toBe(3);
  for (const ms of [200, 200, 200, 200, 200]) holds.record(ms);
  expect(holds.averageMs).toBeGreaterThan(100);
});

test("issue 46 a transaction of many statements gives the loop a turn between them", async () => {
  const order: string[] = [];
  // Each statement holds the thread as PGlite's do, and resolves without a turn of the loop.
  const tx: Queryable = {
    query: async <T>(sql: string) => {
      order.push(sql);
      busyFor(pgliteSliceMs / 2);
      return [] as T[];
    },
    exec: async () => {},
  };
  const turns = takingTurns(tx);
  // A request read from a socket meanwhile (/healthz): it must not wait for the whole transaction.
  setImmediate(() => order.push("loop"));
  for (let statement = 0; statement < 8; statement++) await turns.query(`statement ${statement}`);
  expect(order.filter((entry) => entry !== "loop")).toHaveLength(8);
  expect(order.indexOf("loop")).toBeGreaterThan(0);
  expect(order.indexOf("loop")).toBeLessThan(order.length - 1);
});
