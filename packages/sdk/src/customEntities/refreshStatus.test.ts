import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  overallRefreshStatus,
  pollRefreshStatus,
  type RefreshStatus,
  refreshParts,
} from "./refreshStatus.ts";

const all = (part: "processing" | "failed" | "succeeded"): RefreshStatus => ({
  counterpartyFlows: part,
  transfers: part,
  addresses: part,
  metrics: part,
});

describe("000 §4 custom entity refresh status", () => {
  test("000 §4 failed if any part failed, else processing if any is processing or missing", () => {
    expect(overallRefreshStatus({ ...all("succeeded"), metrics: "failed" })).toBe("failed");
    expect(overallRefreshStatus({ ...all("processing"), transfers: "failed" })).toBe("failed");
    expect(overallRefreshStatus({ ...all("succeeded"), addresses: "processing" })).toBe("processing");
    expect(
      overallRefreshStatus({
        counterpartyFlows: "succeeded",
        transfers: "succeeded",
        addresses: "succeeded",
      }),
    ).toBe("processing");
    expect(overallRefreshStatus(undefined)).toBe("processing");
    expect(overallRefreshStatus(all("succeeded"))).toBe("succeeded");
  });

  test("000 §4 succeeded only when all four parts succeeded", () => {
    const part = fc.constantFrom("processing", "failed", "succeeded", null, undefined);
    fc.assert(
      fc.property(fc.tuple(part, part, part, part), (parts) => {
        const status = Object.fromEntries(refreshParts.map((name, i) => [name, parts[i]])) as RefreshStatus;
        const overall = overallRefreshStatus(status);
        expect(overall === "succeeded").toBe(parts.every((p) => p === "succeeded"));
        expect(overall === "failed").toBe(parts.includes("failed"));
      }),
    );
  });
});

describe("000 §4 custom entity refresh polling", () => {
  test("000 §4 polls every 5 seconds until all four succeed", async () => {
    const answers = [all("processing"), { ...all("succeeded"), metrics: null }, all("succeeded")];
    const waits: number[] = [];
    const seen: string[] = [];
    const result = await pollRefreshStatus(async () => answers.shift() ?? all("failed"), {
      sleep: async (ms) => {
        waits.push(ms);
      },
      onStatus: (_status, overall) => seen.push(overall),
    });
    expect(result.overall).toBe("succeeded");
    expect(waits).toEqual([5000, 5000]);
    expect(seen).toEqual(["processing", "processing", "succeeded"]);
  });

  test("000 §4 polling stops when a part failed", async () => {
    let reads = 0;
    const result = await pollRefreshStatus(
      async () => {
        reads += 1;
        return { ...all("processing"), transfers: "failed" };
      },
      { sleep: async () => {} },
    );
    expect(result.overall).toBe("failed");
    expect(reads).toBe(1);
  });

  test("000 §4 polling is cancelled through the AbortSignal", async () => {
    const controller = new AbortController();
    let reads = 0;
    const polling = pollRefreshStatus(
      async () => {
        reads += 1;
        return all("processing");
      },
      {
        signal: controller.signal,
        sleep: async () => {
          if (reads === 2) controller.abort(new Error("left the page"));
        },
      },
    );
    await expect(polling).rejects.toThrow("left the page");
    expect(reads).toBe(2);
  });

  test("000 §4 the default sleep rejects at once when aborted", async () => {
    const controller = new AbortController();
    const polling = pollRefreshStatus(async () => all("processing"), {
      signal: controller.signal,
      intervalMs: 60_000,
    });
    setTimeout(() => controller.abort(new Error("cancelled")), 0);
    await expect(polling).rejects.toThrow("cancelled");
  });
});
