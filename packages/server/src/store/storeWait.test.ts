import { expect, test } from "vitest";
import { HoldTimes, TurnGate } from "./storeWait.ts";

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
