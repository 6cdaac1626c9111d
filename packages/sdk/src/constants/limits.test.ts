import { describe, expect, test } from "vitest";
import { busyRetryAfter, busyRetryAfterSeconds } from "./limits.ts";

describe("busyRetryAfterSeconds", () => {
  test("issue 41 a busy server asks for the wait rounded up to whole seconds", () => {
    expect(busyRetryAfterSeconds(1_200)).toBe(2);
    expect(busyRetryAfterSeconds(3_000)).toBe(3);
  });
  test("issue 41 never less than the server's shortest, never more than a client waits", () => {
    expect(busyRetryAfterSeconds(0)).toBe(busyRetryAfter.shortestSeconds);
    expect(busyRetryAfterSeconds(200, 3)).toBe(3);
    expect(busyRetryAfterSeconds(60_000)).toBe(busyRetryAfter.longestSeconds);
    expect(busyRetryAfterSeconds(Number.POSITIVE_INFINITY)).toBe(busyRetryAfter.longestSeconds);
  });
});
