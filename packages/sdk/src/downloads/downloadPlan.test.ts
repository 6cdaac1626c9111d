import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { defaultDownloadFileName, downloadMessages, planDownload } from "./downloadPlan.ts";

describe("001 §5 download", () => {
  test("001 §5 the range needs both start and end", () => {
    expect(planDownload({ selection: { kind: "range", start: 1, end: null }, totalCount: 500 })).toEqual({
      ok: false,
      message: downloadMessages.rangeIncomplete,
    });
    expect(planDownload({ selection: { kind: "range", start: 11, end: 20 }, totalCount: 500 })).toEqual({
      ok: true,
      mode: "direct",
      offset: 10,
      limit: 10,
    });
  });

  test("001 §5 the count must be non-zero: 'No records are available to download.'", () => {
    expect(planDownload({ selection: { kind: "all" }, totalCount: 0 })).toEqual({
      ok: false,
      message: "No records are available to download.",
    });
    expect(planDownload({ selection: { kind: "range", start: 600, end: 700 }, totalCount: 500 })).toEqual({
      ok: false,
      message: "No records are available to download.",
    });
  });

  test("001 §9 the download limit is 100,000 rows", () => {
    expect(planDownload({ selection: { kind: "all" }, totalCount: 100_000 })).toMatchObject({
      ok: true,
      limit: 100_000,
    });
    expect(planDownload({ selection: { kind: "all" }, totalCount: 100_001 })).toEqual({
      ok: false,
      message: downloadMessages.overLimit,
    });
    expect(
      planDownload({ selection: { kind: "range", start: 1, end: 100_000 }, totalCount: 1e9 }),
    ).toMatchObject({
      ok: true,
    });
  });

  test("001 §4 a background job when forced or the count is above 100", () => {
    expect(planDownload({ selection: { kind: "all" }, totalCount: 100 })).toMatchObject({ mode: "direct" });
    expect(planDownload({ selection: { kind: "all" }, totalCount: 101 })).toMatchObject({ mode: "job" });
    expect(planDownload({ selection: { kind: "all" }, totalCount: 5, forceJob: true })).toMatchObject({
      mode: "job",
    });
  });

  test("001 §5 a planned range never reaches past the last row", () => {
    fc.assert(
      fc.property(
        fc.nat(200_000),
        fc.integer({ min: 1, max: 200_000 }),
        fc.nat(200_000),
        (total, start, length) => {
          const plan = planDownload({
            selection: { kind: "range", start, end: start + length },
            totalCount: total,
          });
          if (!plan.ok) return;
          expect(plan.limit).toBeGreaterThan(0);
          expect(plan.limit).toBeLessThanOrEqual(100_000);
          expect(plan.offset + plan.limit).toBeLessThanOrEqual(total);
        },
      ),
    );
  });

  test("001 §9 the default file name includes a UTC timestamp", () => {
    expect(defaultDownloadFileName("address transfers", new Date("2024-05-01T08:00:00Z"))).toBe(
      "address-transfers_20240501T080000Z.csv",
    );
    expect(defaultDownloadFileName("///", new Date("2024-05-01T08:00:00Z"))).toBe(
      "download_20240501T080000Z.csv",
    );
  });
});
