import { expect, test } from "vitest";
import { isReadOnlyStatement, RequestStoreWork, StoreDeadlineError } from "./requestDeadline.ts";

test("issue 41 only plain reads may be refused after them; anything that may write counts as a write", () => {
  expect(isReadOnlyStatement("SELECT id FROM users WHERE email = $1")).toBe(true);
  expect(isReadOnlyStatement("  with recent AS (SELECT 1) SELECT * FROM recent")).toBe(true);
  expect(isReadOnlyStatement("UPDATE api_tokens SET last_used_at = now() WHERE id = $1")).toBe(false);
  expect(isReadOnlyStatement("INSERT INTO idempotency_keys (key) VALUES ($1)")).toBe(false);
  expect(
    isReadOnlyStatement("WITH moved AS (DELETE FROM jobs RETURNING id) SELECT count(*) FROM moved"),
  ).toBe(false);
  expect(isReadOnlyStatement("SELECT id FROM jobs FOR UPDATE SKIP LOCKED")).toBe(false);
  expect(isReadOnlyStatement("SELECT pg_advisory_xact_lock($1)")).toBe(false);
});

test("issue 41 the deadline is a budget of waiting, not of running; 0 is none; a written request has none", () => {
  expect(new RequestStoreWork(100, 0, 1).giveUpAt(5_000)).toBe(Number.POSITIVE_INFINITY);
  const work = new RequestStoreWork(100, 3_000, 1);
  // Long past its arrival, a request that has not waited yet still has its whole budget.
  expect(work.giveUpAt(60_000)).toBe(63_000);
  work.waitedMs = 2_500;
  expect(work.giveUpAt(60_000)).toBe(60_500);
  work.waitedMs = 4_000;
  expect(work.giveUpAt(60_000)).toBe(60_000);
  work.wrote = true;
  expect(work.giveUpAt(60_000)).toBe(Number.POSITIVE_INFINITY);
});

test("issue 41 a request counts the units it ran and the wait before each; a refused one runs nothing", () => {
  const work = new RequestStoreWork(0, 1_000, 1);
  work.tookTurn(0, 200, true, false);
  work.tookTurn(300, 900, true, true);
  expect(work).toMatchObject({ units: 2, waitedMs: 800, wrote: true });
  const refused = new RequestStoreWork(0, 1_000, 1);
  expect(() => refused.tookTurn(0, 1_000, false, true)).toThrow(StoreDeadlineError);
  expect(refused).toMatchObject({ units: 0, waitedMs: 1_000, wrote: false });
});
