import { expect, test } from "vitest";
import { cacheFreshnessOptions, pageSizes, searchDebounceMs, tagList } from "./limits.ts";
import { caseUpdateFailedMessage, platformMessages } from "./messages.ts";

test("000 §8 the case-update failure names the case", () => {
  expect(caseUpdateFailedMessage(42)).toBe("There was an issue updating case: 42");
});

test("000 §8 the balance notice uses the specification's words", () => {
  expect(platformMessages.balancesStillLoading).toBe(
    "Node appearances are still loading and may not accurately represent Portfolio Balances.",
  );
});

test("000 §9 cache freshness offers 1 min, 5 min, 30 min and 1 day", () => {
  expect(cacheFreshnessOptions.map((option) => option.ms)).toEqual([60_000, 300_000, 1_800_000, 86_400_000]);
});

test("000 §9 and 001 §9 page sizes and the search debounce", () => {
  expect(searchDebounceMs).toBe(500);
  expect(pageSizes).toMatchObject({ transfers: 30, cases: 1000, categoryAddresses: 25, counterparties: 10 });
  expect(tagList).toEqual({ maxCharacters: 20, showMorePageSize: 10 });
});
