import { describe, expect, test } from "vitest";
import { orderedWindow } from "./orderedWindow.ts";

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** Items 0..count-1, counting how many were pulled. */
function source(count: number) {
  const state = { pulled: 0 };
  async function* items() {
    for (let i = 0; i < count; i++) {
      state.pulled += 1;
      yield i;
    }
  }
  return { items: items(), state };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("results in input order, with a bounded window", () => {
  test("results come in item order even when later items finish first", async () => {
    const { items } = source(20);
    const results: number[] = [];
    for await (const result of orderedWindow(
      items,
      async (i) => {
        await new Promise((resolve) => setTimeout(resolve, (19 - i) % 7));
        return i * 10;
      },
      { concurrency: 4 },
    ))
      results.push(result);
    expect(results).toEqual(Array.from({ length: 20 }, (_, i) => i * 10));
  });

  test("never more than `concurrency` in flight, and the input is not read ahead of the window", async () => {
    const { items, state } = source(1000);
    const gates = Array.from({ length: 1000 }, () => deferred<number>());
    let inFlight = 0;
    let most = 0;
    const results = orderedWindow(
      items,
      async (i) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        const value = await gates[i]!.promise;
        inFlight -= 1;
        return value;
      },
      { concurrency: 3 },
    );
    const first = results.next();
    await tick();
    expect(state.pulled).toBe(3);
    // Items 1 and 2 finish first: still nothing is yielded nor pulled until item 0 is done.
    gates[1]!.resolve(1);
    gates[2]!.resolve(2);
    await tick();
    expect(state.pulled).toBe(3);
    gates[0]!.resolve(0);
    expect((await first).value).toBe(0);
    for (let i = 3; i < 1000; i++) gates[i]!.resolve(i);
    const rest: number[] = [];
    for await (const result of results) rest.push(result);
    expect(rest).toEqual(Array.from({ length: 999 }, (_, i) => i + 1));
    expect(most).toBeLessThanOrEqual(3);
  });

  test("a failure is thrown after the results before it", async () => {
    const { items } = source(5);
    const results: number[] = [];
    const run = async () => {
      for await (const result of orderedWindow(
        items,
        async (i) => {
          if (i === 2) throw new Error("batch 2 broke");
          return i;
        },
        { concurrency: 3 },
      ))
        results.push(result);
    };
    await expect(run()).rejects.toThrow("batch 2 broke");
    expect(results).toEqual([0, 1]);
  });

  test("after an abort only what is already complete, in order, is yielded", async () => {
    const { items, state } = source(100);
    const controller = new AbortController();
    const gates = Array.from({ length: 100 }, () => deferred<number>());
    const results = orderedWindow(items, (i) => gates[i]!.promise, {
      concurrency: 3,
      signal: controller.signal,
    });
    const first = results.next();
    await tick();
    gates[0]!.resolve(0);
    gates[2]!.resolve(2);
    expect((await first).value).toBe(0);
    const second = results.next();
    await tick();
    controller.abort();
    // Item 1 is not done, so item 2 (done) must not be written after it either.
    gates[1]!.reject(new Error("aborted"));
    expect((await second).done).toBe(true);
    expect(state.pulled).toBeLessThanOrEqual(4);
  });
});
