import { expect, test } from "vitest";
import { storeWorkPerRequest } from "./loadShedding.ts";

test("issue 41 a request's store cost is the units requests ran, averaged, never below one", () => {
  const work = storeWorkPerRequest();
  expect(work.units()).toBe(1);
  // Requests of four units each: the average moves toward four, a sample at a time.
  for (let sample = 0; sample < 30; sample++) {
    for (let request = 0; request < 5; request++) work.answered(4);
    work.sample();
  }
  expect(work.units()).toBeCloseTo(4, 2);
  // A sample with no answer (an import running alone) leaves it where it was.
  work.sample();
  expect(work.units()).toBeCloseTo(4, 2);
  // Requests answered from memory, with no unit at all, cost at least one.
  for (let sample = 0; sample < 30; sample++) {
    work.answered(0);
    work.sample();
  }
  expect(work.units()).toBe(1);
});
