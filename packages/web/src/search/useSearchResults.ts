import { useStore } from "@nanostores/react";
import { type RecognizedIdentifier, readSearchInput, type SearchSection, searchSections } from "@sleuth/sdk";
import { useQueries } from "@tanstack/react-query";
import { useMemo } from "react";
import { $signedIn } from "../session/index.ts";
import type { SearchRow } from "./searchRows.ts";
import { type SearchScope, sectionQuery, sectionRuns } from "./searchSectionQueries.ts";
import type { SectionState } from "./useSearchSections.ts";

// Choice: a multi-search looks up at most this many items (five requests each); the rest are named
// as not searched rather than flooding the server.
export const multiSearchMaxItems = 20;

export interface SearchResultsState {
  items: { query: string; identifiers: RecognizedIdentifier[] }[];
  sections: Record<SearchSection, SectionState>;
  retry: (section: SearchSection) => void;
}

/**
 * The results page's search: each item of the query through the same section queries as the palette
 * (one cache, so the page opens on what the palette already found), merged per section.
 */
export function useSearchResults(queries: readonly string[]): SearchResultsState {
  const view = useStore($signedIn);
  const organizationUuid = view?.organization.uuid ?? null;
  const scope: SearchScope = useMemo(
    () => ({
      module: "navigation",
      featureFlags: {
        ipSearch: view?.featureFlags.ipSearch ?? false,
        customEntitySearch: view?.featureFlags.customEntitySearch ?? false,
      },
    }),
    [view?.featureFlags],
  );
  const items = useMemo(
    () =>
      queries.slice(0, multiSearchMaxItems).flatMap((query) => {
        const input = readSearchInput(query);
        return input.type === "query" ? [{ query: input.query, identifiers: input.identifiers }] : [];
      }),
    [queries],
  );
  const plan = items.flatMap((item) =>
    searchSections
      .filter((section) => sectionRuns(section, item.query, item.identifiers, scope))
      .map((section) => ({ section, item })),
  );
  const results = useQueries({
    queries: plan.map(({ section, item }) =>
      sectionQuery(section, item.query, item.identifiers, organizationUuid),
    ),
  });

  const sections = Object.fromEntries(
    searchSections.map((section) => {
      const mine = plan.flatMap((entry, index) => (entry.section === section ? [results[index]] : []));
      let state: SectionState;
      if (mine.length === 0) state = { status: "idle" };
      else if (mine.some((result) => !result || result.isPending || (result.isError && result.isFetching)))
        state = { status: "loading" };
      else if (mine.some((result) => result?.isError))
        state = { status: "error", error: mine.find((result) => result?.isError)?.error };
      else {
        const rows = new Map<string, SearchRow>();
        for (const result of mine)
          for (const row of result?.data ?? []) if (!rows.has(row.urn)) rows.set(row.urn, row);
        state = { status: "success", rows: [...rows.values()] };
      }
      return [section, state];
    }),
  ) as Record<SearchSection, SectionState>;

  return {
    items,
    sections,
    retry: (section) => {
      plan.forEach((entry, index) => {
        if (entry.section === section && results[index]?.isError) void results[index]?.refetch();
      });
    },
  };
}
