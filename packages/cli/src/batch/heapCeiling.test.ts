import { describe, expect, test } from "vitest";
import { exposedGc, heapCeiling } from "./heapCeiling.ts";

describe("issue 5 (CLI, streaming): a waiting batch holds its heap under a ceiling", () => {
  test("a full collection runs only while the used heap is above the limit", () => {
    let used = 10;
    let collections = 0;
    const check = heapCeiling({
      limitBytes: 64,
      usedBytes: () => used,
      collect: () => {
        collections += 1;
        used = 20;
      },
    });
    check();
    expect(collections).toBe(0);
    used = 65;
    check();
    expect(collections).toBe(1);
    // Collected back under the limit: the next waits cost nothing.
    check();
    check();
    expect(collections).toBe(1);
  });

  test("without node's gc (no --expose-gc) the check does nothing", () => {
    let read = 0;
    const check = heapCeiling({
      limitBytes: 0,
      usedBytes: () => {
        read += 1;
        return 1;
      },
      collect: undefined,
    });
    check();
    expect(read).toBe(0);
  });

  test("exposedGc finds node's gc only when it is exposed", () => {
    const global = globalThis as { gc?: unknown };
    const saved = global.gc;
    try {
      delete global.gc;
      expect(exposedGc()).toBeUndefined();
      let called = 0;
      global.gc = () => {
        called += 1;
      };
      exposedGc()?.();
      expect(called).toBe(1);
    } finally {
      if (saved === undefined) delete global.gc;
      else global.gc = saved;
    }
  });
});
