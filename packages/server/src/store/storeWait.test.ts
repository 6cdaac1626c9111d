import { expect, test } from "vitest";
import { HoldTimes, serialWaitMs, TurnGate } from "./storeWait.ts";

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

test("issue 41 a store's expected wait counts the queue and a unit that has run long", () => {
  const holds = new HoldTimes();
  for (const ms of [10, 10, 10]) holds.record(ms);
  expect(holds.averageMs).toBe(10);
  expect(serialWaitMs({ queued: 0, runningForMs: null, averageMs: holds.averageMs })).toBe(0);
  // The unit running counts as a typical one until it has run longer than that.
  expect(serialWaitMs({ queued: 4, runningForMs: 2, averageMs: holds.averageMs })).toBe(50);
  expect(serialWaitMs({ queued: 4, runningForMs: 3_000, averageMs: holds.averageMs })).toBe(3_040);
  // A change of load shows within a few units.
  for (const ms of [200, 200, 200, 200, 200]) holds.record(ms);
  expect(holds.averageMs).toBeGreaterThan(100);
});
