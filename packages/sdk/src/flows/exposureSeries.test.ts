import { describe, expect, test } from "vitest";
import { unknownUsdText } from "../format/usdAmount.ts";
import { categorySeries, initialChartWindow, riskSeries, zoomChartWindow } from "./exposureSeries.ts";
import { formatFlowUsd } from "./flowFormats.ts";

const now = new Date("2026-01-01T00:00:00Z");

describe("exposure series", () => {
  test("categories beyond the largest few become one Other band, every day has every key", () => {
    const rows = ["a", "b", "c"].flatMap((category, index) => [
      {
        date: "2024-01-02",
        categoryId: index,
        category,
        incomingVolumeUsd: 10 * (index + 1),
        outgoingVolumeUsd: 0,
        incomingTransfers: 1,
        outgoingTransfers: 0,
      },
    ]);
    rows.push({ ...rows[0]!, date: "2024-01-01", incomingVolumeUsd: 5 });
    const series = categorySeries(rows, 2);
    expect(series.keys).toEqual(["c", "b", "Other"]);
    expect(series.points).toEqual([
      { date: "2024-01-01", c: 0, b: 0, Other: 5 },
      { date: "2024-01-02", c: 30, b: 20, Other: 10 },
    ]);
  });

  test("002 §3 risk bands run Severe to Low, then None", () => {
    const series = riskSeries([
      { date: "2024-01-01", riskLabel: "None", incomingVolumeUsd: 1, outgoingVolumeUsd: 1 },
      { date: "2024-01-01", riskLabel: "Low", incomingVolumeUsd: 1, outgoingVolumeUsd: 0 },
      { date: "2024-01-01", riskLabel: "Severe", incomingVolumeUsd: 0, outgoingVolumeUsd: 5 },
    ]);
    expect(series.keys).toEqual(["Severe", "Low", "None"]);
    expect(series.points[0]).toEqual({ date: "2024-01-01", Severe: 5, Low: 1, None: 2 });
  });
});

describe("001 §9 chart windows", () => {
  test("a single day of data opens on 7 days, never before 2009-01-03", () => {
    expect(initialChartWindow(["2024-03-10"], now)).toEqual({ from: "2024-03-03", to: "2024-03-10" });
    expect(initialChartWindow(["2009-01-04"], now)).toEqual({ from: "2009-01-03", to: "2009-01-10" });
    expect(initialChartWindow([], now)).toBeNull();
  });

  test("zooming in stops at 7 days; zooming out stops at the data's days", () => {
    const bounds = { from: "2024-01-01", to: "2024-03-31" };
    let window = bounds;
    for (let step = 0; step < 10; step++) window = zoomChartWindow(window, 0.5, bounds, now);
    expect(window.from < window.to).toBe(true);
    const days = (Date.parse(window.to) - Date.parse(window.from)) / 86_400_000;
    expect(days).toBe(7);
    for (let step = 0; step < 10; step++) window = zoomChartWindow(window, 2, bounds, now);
    expect(window).toEqual(bounds);
  });
});

test("a USD value without a price reads 'no price', never $0.00; under a dollar it is raw (002 §9)", () => {
  expect(formatFlowUsd(null)).toBe(unknownUsdText);
  expect(formatFlowUsd(0.0123)).toBe("$0.0123");
  expect(formatFlowUsd(1234.5)).toBe("$1,234.50");
});
