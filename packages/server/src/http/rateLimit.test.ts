import { expect, test } from "vitest";
import { HttpError } from "./errors.ts";
import { RateLimiter } from "./rateLimit.ts";

test("a caller gets the burst at once, then the steady rate, with Retry-After when empty", () => {
  let now = 0;
  const limiter = new RateLimiter({ perSecond: 2, burst: 3, now: () => now });
  for (let i = 0; i < 3; i++) limiter.take("token:1");
  let refused: unknown;
  try {
    limiter.take("token:1");
  } catch (error) {
    refused = error;
  }
  expect(refused).toBeInstanceOf(HttpError);
  expect(refused).toMatchObject({ status: 429, code: "rate_limited", headers: { "retry-after": "1" } });
  limiter.take("token:2");
  now = 500;
  expect(() => limiter.take("token:1")).not.toThrow();
  expect(() => limiter.take("token:1")).toThrow(HttpError);
});
