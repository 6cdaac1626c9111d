import { expect, test } from "vitest";
import { formatTime } from "./time.ts";

test("STYLE CLI: RFC 3339 times when not on a terminal, readable UTC on one", () => {
  const createdAt = "2024-03-05T14:07:09.000+02:00";
  expect(formatTime(createdAt, false)).toBe("2024-03-05T12:07:09.000Z");
  expect(formatTime(createdAt, true)).toBe("2024-03-05 12:07:09 UTC");
});

test("a value that is not a time is shown as it is", () => {
  expect(formatTime("soon", false)).toBe("soon");
});
