import { describe, expect, test } from "vitest";
import { defaultRetryPolicy, retryDelayMs } from "./transport.ts";

describe("retry backoff", () => {
  test("Retry-After in seconds is honoured", () => {
    expect(retryDelayMs(1, "3")).toBe(3000);
  });
  test("Retry-After as an HTTP date is honoured", () => {
    const now = Date.parse("2026-11-22T10:00:00Z");
    expect(retryDelayMs(1, "Sun, 22 Nov 2026 10:00:02 GMT", defaultRetryPolicy, Math.random, () => now)).toBe(
      2000,
    );
  });
  test("Retry-After is capped by the policy's maximum delay", () => {
    expect(retryDelayMs(1, "3600")).toBe(defaultRetryPolicy.maxDelayMs);
  });
  test("without Retry-After the delay grows exponentially with full jitter", () => {
    expect(retryDelayMs(1, undefined, defaultRetryPolicy, () => 1)).toBe(250);
    expect(retryDelayMs(3, undefined, defaultRetryPolicy, () => 1)).toBe(1000);
    expect(retryDelayMs(3, undefined, defaultRetryPolicy, () => 0)).toBe(0);
    expect(retryDelayMs(30, undefined, defaultRetryPolicy, () => 1)).toBe(defaultRetryPolicy.maxDelayMs);
  });
});
