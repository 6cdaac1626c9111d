import type { CaseRecord } from "@sleuth/sdk";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, test } from "vitest";
import { actionQueries } from "../actions/actionQueries.ts";
import { addCreatedCaseToLists } from "./caseListCache.ts";

const at = "2026-12-04T10:00:00.000Z";
const record = (id: number, name: string, shared: boolean): CaseRecord => ({
  id: String(id),
  name,
  ownerUserId: "7",
  isSharedWithOrg: shared,
  owner: null,
  description: null,
  createdAt: at,
  updatedAt: at,
});

describe("002 §5 a new case in the cached case lists", () => {
  test("002 §5 the case just created is first in every list it belongs in before the refetch answers", () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
    const older = record(1, "Older", true);
    const all = actionQueries.cases().queryKey;
    const shared = actionQueries.cases({ isSharedWithOrg: true }).queryKey;
    const private_ = actionQueries.cases({ isSharedWithOrg: false }).queryKey;
    const someoneElse = actionQueries.cases({ ownerUserId: 9 }).queryKey;
    for (const key of [all, shared, someoneElse]) client.setQueryData(key, { cases: [older], count: 1 });
    client.setQueryData(private_, { cases: [], count: 0 });

    const created = record(2, "Ransom trail", false);
    addCreatedCaseToLists(client, created);

    const names = (key: readonly unknown[]) =>
      client.getQueryData<{ cases: CaseRecord[]; count: number }>(key)?.cases.map((item) => item.name);
    expect(names(all)).toEqual(["Ransom trail", "Older"]);
    expect(names(private_)).toEqual(["Ransom trail"]);
    // Lists it does not belong in are left as they were.
    expect(names(shared)).toEqual(["Older"]);
    expect(names(someoneElse)).toEqual(["Older"]);
    expect(client.getQueryData<{ count: number }>(all)?.count).toBe(2);

    // Added once, however often the answer arrives.
    addCreatedCaseToLists(client, created);
    expect(names(all)).toEqual(["Ransom trail", "Older"]);
  });
});
