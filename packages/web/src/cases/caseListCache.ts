import type { CaseRecord } from "@sleuth/sdk";
import type { QueryClient } from "@tanstack/react-query";

/** A cached GET /cases/ answer (actionQueries.cases) and the filters it was asked with. */
interface CaseList {
  cases: CaseRecord[];
  count: number;
}
interface CaseListFilters {
  isSharedWithOrg?: boolean;
  ownerUserId?: number;
}

/** Whether a case belongs in a list asked for with `filters`, as GET /cases/ filters it. */
function caseMatchesListFilters(created: CaseRecord, filters: CaseListFilters): boolean {
  return (
    (filters.isSharedWithOrg === undefined || filters.isSharedWithOrg === created.isSharedWithOrg) &&
    (filters.ownerUserId === undefined || String(filters.ownerUserId) === created.ownerUserId)
  );
}

/** The list with the new case first (the server answers the newest first), counted once. */
function withCreatedCase(list: CaseList, created: CaseRecord): CaseList {
  if (list.cases.some((item) => item.id === created.id)) return list;
  return { cases: [created, ...list.cases], count: list.count + 1 };
}

/**
 * A case just created is in every cached case list it belongs in at once, before their refetch
 * answers: a dialog opened right after ("Add to a case") offers it and chooses it, instead of
 * showing the list as it was and adding to the previous newest case.
 */
export function addCreatedCaseToLists(client: QueryClient, created: CaseRecord): void {
  for (const [key, list] of client.getQueriesData<CaseList>({ queryKey: ["cases", "list"] })) {
    const filters = (key[2] ?? {}) as CaseListFilters;
    if (list && caseMatchesListFilters(created, filters))
      client.setQueryData<CaseList>(key, withCreatedCase(list, created));
  }
  void client.invalidateQueries({ queryKey: ["cases"] });
}
