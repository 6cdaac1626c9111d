import { expect, test } from "vitest";
import { RateGate, sleep } from "./rateGate.ts";

test("after a rate-limited answer every request waits for the pause; before it none does", async () => {
  let now = 0;
  const gate = new RateGate({ pauseMs: 1000, now: () => now });
  const signal = new AbortController().signal;
  await gate.ready(signal);
  gate.limited();
  let open = false;
  const waiting = gate.ready(signal).then(() => {
    open = true;
  });
  await sleep(5, signal);
  expect(open).toBe(false);
  now = 1000;
  await waiting;
  expect(open).toBe(true);
});

test("an abort opens the gate at once", async () => {
  const gate = new RateGate({ pauseMs: 60_000 });
  const controller = new AbortController();
  gate.limited();
  const waiting = gate.ready(controller.signal);
  controller.abort();
  await waiting;
});
