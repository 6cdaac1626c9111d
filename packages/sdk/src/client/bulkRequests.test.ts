import { describe, expect, test } from "vitest";
import { bulkInBatches } from "./bulkRequests.ts";
import { ApiError } from "./errors.ts";

const urns = (count: number) => Array.from({ length: count }, (_, index) => `u${index}`);
const unavailable = () => new ApiError({ status: 503, code: "unavailable", message: "busy" });
const waits: number[] = [];
const sleep = async (ms: number) => {
  waits.push(ms);
};

describe("000 §7 bulk batching", () => {
  test("000 §7 bulk calls go out in batches of the given size, answers joined in order", async () => {
    const sent: number[] = [];
    const result = await bulkInBatches(urns(2_000), 900, async (batch) => {
      sent.push(batch.length);
      return batch.map((urn) => ({ urn }));
    });
    expect(sent).toEqual([900, 900, 200]);
    expect(result).toMatchObject({ success: true, failures: [] });
    expect(result.data.map((item) => item.urn)).toEqual(urns(2_000));
  });

  test("000 §7 a failed batch is retried once before it counts", async () => {
    let calls = 0;
    waits.length = 0;
    const result = await bulkInBatches(
      urns(3),
      2,
      async (batch) => {
        calls += 1;
        if (calls === 1)
          throw new ApiError({
            status: 429,
            code: "rate_limited",
            message: "slow down",
            retryAfterMs: 1_000,
          });
        return batch;
      },
      undefined,
      { sleep },
    );
    expect(calls).toBe(3);
    // A rate-limited batch waits out the server's Retry-After before its retry.
    expect(waits).toEqual([1_000]);
    expect(result).toMatchObject({ success: true, data: urns(3) });
  });

  test("000 §7 a batch failing twice marks the result unsuccessful and the next batches still run", async () => {
    const tried: string[] = [];
    const result = await bulkInBatches(
      urns(6),
      2,
      async (batch) => {
        tried.push(batch[0]!);
        if (batch[0] === "u2") throw unavailable();
        return batch;
      },
      undefined,
      { sleep },
    );
    expect(tried).toEqual(["u0", "u2", "u2", "u4"]);
    expect(result.success).toBe(false);
    expect(result.data).toEqual(["u0", "u1", "u4", "u5"]);
    expect(result.failures).toEqual([{ index: 1, items: ["u2", "u3"], error: unavailable() }]);
  });

  test("000 §7 a refused batch (400) is not retried: it would be refused again", async () => {
    let calls = 0;
    const result = await bulkInBatches(urns(2), 2, async () => {
      calls += 1;
      throw new ApiError({ status: 400, code: "bad_request", message: "no" });
    });
    expect(calls).toBe(1);
    expect(result.success).toBe(false);
  });

  test("an abort stops the run instead of failing every later batch", async () => {
    const controller = new AbortController();
    let calls = 0;
    const run = bulkInBatches(
      urns(10),
      2,
      async (batch) => {
        calls += 1;
        if (calls === 2) controller.abort(new Error("cancelled"));
        return batch;
      },
      controller.signal,
    );
    await expect(run).rejects.toThrow("cancelled");
    expect(calls).toBe(2);
  });
});
