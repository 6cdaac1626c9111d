import { expect, test } from "vitest";
import { addressChainUrn, transactionUrn } from "../chains/urn.ts";
import { addressTransfersRequestSchema, transferRequestMessages } from "./requests.ts";

const addressChainUrnValue = addressChainUrn("bitcoin", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa");
const usdSort = { column: "usdAmount", direction: "desc" } as const;

function issuesOf(body: unknown): string[] {
  const result = addressTransfersRequestSchema.safeParse(body);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

test("001 §9 transfer page size defaults to 30, newest first, no filters", () => {
  expect(addressTransfersRequestSchema.parse({ addressChainUrn: addressChainUrnValue })).toEqual({
    addressChainUrn: addressChainUrnValue,
    pageSize: 30,
    filters: {},
    sort: { column: "timestamp", direction: "desc" },
  });
});

test("001 §5 sorting by USD is refused with a timestamp filter, a hash filter or a jump-to", () => {
  const base = { addressChainUrn: addressChainUrnValue, sort: usdSort };
  expect(issuesOf(base)).toEqual([]);
  const range = { gte: "2020-01-01T00:00:00Z", lte: "2020-02-01T00:00:00Z" };
  expect(issuesOf({ ...base, filters: { timestamp: range } })).toEqual([
    transferRequestMessages.usdSortRefused,
  ]);
  expect(issuesOf({ ...base, filters: { hash: "ab" } })).toEqual([transferRequestMessages.usdSortRefused]);
  expect(issuesOf({ ...base, jumpTo: { timestamp: "2020-01-01T00:00:00Z" } })).toEqual([
    transferRequestMessages.usdSortRefused,
  ]);
});

test("000 §5 amount filters take at least and at most only", () => {
  const body = (operator: string) => ({
    addressChainUrn: addressChainUrnValue,
    filters: { relevantAmount: { operator, value: 1 } },
  });
  expect(issuesOf(body("gte"))).toEqual([]);
  expect(issuesOf(body("lte"))).toEqual([]);
  expect(issuesOf(body("eq"))).not.toEqual([]);
});

test("001 §4 a cursor and a jump-to are not combined", () => {
  const jumpTo = {
    transactionUrn: transactionUrn(
      "bitcoin",
      "4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b",
    ),
  };
  expect(issuesOf({ addressChainUrn: addressChainUrnValue, after: "x", jumpTo })).toEqual([
    transferRequestMessages.cursorAndJumpTo,
  ]);
});
