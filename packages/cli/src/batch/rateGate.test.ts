import { expect, test } from "vitest";
import { RateGate } from "./rateGate.ts";

/** A gate on a clock of its own: a wait moves the clock on by what was waited. */
function gateOnClock() {
  const clock = { now: 0, waits: [] as number[] };
  const gate = new RateGate({
    now: () => clock.now,
    sleep: async (ms) => {
      clock.waits.push(ms);
      clock.now += ms;
    },
  });
  return { gate, clock };
}

test("000 §7 after a rate-limited answer every request waits what the server asked; before it none does", async () => {
  const { gate, clock } = gateOnClock();
  const signal = new AbortController().signal;
  await gate.ready(signal);
  expect(clock.waits).toEqual([]);
  gate.limited(2000);
  await gate.ready(signal);
  await gate.ready(signal);
  expect(clock.waits).toEqual([2000]);
});

test("000 §7 without a Retry-After the gate still holds requests for a backoff", async () => {
  const { gate, clock } = gateOnClock();
  gate.limited(null);
  await gate.ready(new AbortController().signal);
  expect(clock.now).toBeGreaterThanOrEqual(0);
  expect(clock.waits.every((ms) => ms > 0)).toBe(true);
});

test("an abort ends the wait at once with the abort's reason", async () => {
  const gate = new RateGate();
  const controller = new AbortController();
  gate.limited(60_000);
  const waiting = gate.ready(controller.signal);
  controller.abort(new Error("stopped"));
  await expect(waiting).rejects.toThrow("stopped");
});
