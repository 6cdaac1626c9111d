import { expect, test } from "vitest";
import type { Queryable } from "./store.ts";
import { DrainTimes, HoldTimes, pgliteSliceMs, SojournTimes, TurnGate, takingTurns } from "./storeWait.ts";

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

test("issue 41 a caller gives up its place in the gate at its deadline, and the others keep their order", async () => {
  const gate = new TurnGate(5);
  await gate.enter();
  const order: string[] = [];
  const queued = (name: string, giveUpAt?: number) =>
    (async () => {
      const letIn = await gate.enter(giveUpAt);
      if (letIn === false) {
        order.push(`${name} gave up`);
        return;
      }
      order.push(name);
      gate.leave();
    })();
  const all = Promise.all([queued("a"), queued("late", performance.now() + 20), queued("b")]);
  await new Promise((resolve) => setTimeout(resolve, 60));
  gate.leave();
  await all;
  expect(order).toEqual(["late gave up", "a", "b"]);
});

test("issue 41 the drain time counts the loop's turns between slices, not only the units' own time", () => {
  const drains = new DrainTimes();
  // Ten quick units, then the loop goes round for 180 ms before the next: 200 ms for 11 units.
  for (let unit = 0; unit < 10; unit++) drains.record(2);
  drains.record(180);
  expect(drains.averageMs).toBeGreaterThan(15);
  expect(drains.averageMs).toBeLessThan(25);
});

test("issue 41 the sojourn is what work waited lately, and the age of the oldest still waiting", () => {
  const sojourns = new SojournTimes();
  expect(sojourns.expectedMs(0)).toBe(0);
  const first = sojourns.asked(0);
  sojourns.asked(10);
  // Nothing has gone in yet: the oldest has waited 500 ms.
  expect(sojourns.expectedMs(500)).toBe(500);
  sojourns.waited(first, 600);
  expect(sojourns.expectedMs(600)).toBeGreaterThanOrEqual(590);
  // Once the queue has emptied, a new burst starts from what it waits, not what the last one did.
  sojourns.waited(10, 700);
  expect(sojourns.expectedMs(800)).toBe(0);
  sojourns.asked(800);
  expect(sojourns.expectedMs(810)).toBe(10);
});
