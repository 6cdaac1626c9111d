import { expect, onTestFinished, test } from "vitest";
import { chartZoomRange, clampToSelectableRange, earliestDate, formatUtc } from "./dates.ts";

test("001 §9 dates are formatted in UTC whatever the viewer's zone", () => {
  const zone = process.env.TZ;
  process.env.TZ = "America/New_York";
  onTestFinished(() => {
    // Assigning undefined would set the text "undefined": the files after this one share the process.
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });
  expect(new Date("2024-03-11T04:30:00Z").getHours()).toBe(0);
  expect(formatUtc("2024-03-10T23:30:00-05:00")).toBe("2024-03-11 04:30:00 UTC");
  expect(formatUtc(Date.UTC(2009, 0, 3), "yyyy-MM-dd")).toBe(earliestDate);
  expect(formatUtc("garbage")).toBe("—");
});

test("001 §9 nothing before 2009-01-03 or after now can be selected", () => {
  const now = new Date("2024-01-01T00:00:00Z");
  const range = clampToSelectableRange(
    { start: new Date("2001-01-01T00:00:00Z"), end: new Date("2030-01-01T00:00:00Z") },
    now,
  );
  expect(range.start.toISOString()).toBe("2009-01-03T00:00:00.000Z");
  expect(range.end).toEqual(now);
});

test("001 §9 the minimum chart zoom range is 7 days", () => {
  const end = new Date("2024-03-31T12:00:00Z");
  expect(chartZoomRange({ start: new Date("2024-03-30T00:00:00Z"), end }).start.toISOString()).toBe(
    "2024-03-24T12:00:00.000Z",
  );
  const wide = { start: new Date("2024-01-01T00:00:00Z"), end };
  expect(chartZoomRange(wide)).toEqual(wide);
  const genesis = chartZoomRange({
    start: new Date("2009-01-03T00:00:00Z"),
    end: new Date("2009-01-04T00:00:00Z"),
  });
  expect(genesis.start.toISOString()).toBe("2009-01-03T00:00:00.000Z");
  expect(genesis.end.toISOString()).toBe("2009-01-10T00:00:00.000Z");
});
