import fc from "fast-check";
import { expect, test } from "vitest";
import { bulkBatchSizes } from "../constants/limits.ts";
import { runInBatches } from "./runInBatches.ts";

test("000 §7 addresses go out in batches of 900", async () => {
  const urns = Array.from({ length: 2000 }, (_, i) => `urn:${i}`);
  const sent: number[] = [];
  const outcome = await runInBatches(urns, bulkBatchSizes.addresses, async (batch) => {
    sent.push(batch.length);
    return { success: true, data: batch };
  });
  expect(sent).toEqual([900, 900, 200]);
  expect(outcome.success).toBe(true);
  expect(outcome.responses.flatMap((response) => response.data)).toEqual(urns);
});

test("000 §7 an unsuccessful bulk response marks the result unsuccessful and processing continues", async () => {
  const calls: number[] = [];
  const outcome = await runInBatches([1, 2, 3, 4, 5], 2, async (batch, index) => {
    calls.push(index);
    if (index === 0) return { success: false, data: [] };
    if (index === 1) throw new Error("boom");
    return { success: true, data: batch };
  });
  expect(calls).toEqual([0, 1, 2]);
  expect(outcome.success).toBe(false);
  expect(outcome.responses).toEqual([{ success: true, data: [5] }]);
  expect(outcome.failures.map((failure) => [failure.index, failure.items])).toEqual([
    [0, [1, 2]],
    [1, [3, 4]],
  ]);
  expect(outcome.failures[1]?.error).toBeInstanceOf(Error);
});

test("000 §9 batches cover every item exactly once, none larger than the size", async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(fc.integer()), fc.integer({ min: 1, max: 50 }), async (items, size) => {
      const outcome = await runInBatches(items, size, async (batch) => batch);
      expect(outcome.responses.flat()).toEqual(items);
      expect(outcome.responses.every((batch) => batch.length >= 1 && batch.length <= size)).toBe(true);
    }),
  );
});

test("000 §9 a batch size below 1 is refused", async () => {
  await expect(runInBatches([1], 0, async (batch) => batch)).rejects.toThrow(RangeError);
});
