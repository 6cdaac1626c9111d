import { useStore } from "@nanostores/react";
import {
  multiSearchMaxItems,
  type RecognizedIdentifier,
  readSearchInput,
  type SearchSection,
  searchSections,
} from "@sleuth/sdk";
import { useQueries, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { $signedIn } from "../session/sessionStore.ts";
import type { SearchRow } from "./searchRows.ts";
import {
  type SearchScope,
  type SectionPage,
  sectionMoreQuery,
  sectionQuery,
  sectionRuns,
} from "./searchSectionQueries.ts";
import { useExcludedChains } from "./useExcludedChains.ts";
import type { SectionState } from "./useSearchSections.ts";

/** Whether a section has more rows on the server than it loaded, and how asking for them goes. */
export interface SectionMore {
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
}

export interface SearchResultsState {
  items: { query: string; identifiers: RecognizedIdentifier[] }[];
  sections: Record<SearchSection, SectionState>;
  more: Record<SearchSection, SectionMore>;
  /** True once every section has answered (none loading or failed). */
  answered: boolean;
  retry: (section: SearchSection) => void;
  /** Loads the next server page of each item of the section that has one (or retries a failed one). */
  loadMore: (section: SearchSection) => void;
}

interface PlannedPage {
  section: SearchSection;
  /** 0 for the first page (the palette's query), then 1, 2… for the pages show more asked for. */
  index: number;
  options: ReturnType<typeof sectionQuery> | ReturnType<typeof sectionMoreQuery>;
}

/**
 * The results page's search: each item of the query through the same section queries as the palette
 * (one cache, so the page opens on what the palette already found), merged per section. Show more
 * asks the server for the next `pageSize` rows of each item from where its last page ended.
 */
export function useSearchResults(
  queries: readonly string[],
  { pageSize }: { pageSize: number },
): SearchResultsState {
  const view = useStore($signedIn);
  const queryClient = useQueryClient();
  const organizationUuid = view?.organization.uuid ?? null;
  const excludedChains = useExcludedChains();
  const [extraPages, setExtraPages] = useState<Partial<Record<SearchSection, number>>>({});
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
        const input = readSearchInput(query, { excludedChains });
        return input.type === "query" ? [{ query: input.query, identifiers: input.identifiers }] : [];
      }),
    [queries, excludedChains],
  );
  const hasMore = new Set<SearchSection>();
  // Each later page starts where the cached page before it ended; useQueries re-renders when a page
  // arrives, and the walk then reaches the next one.
  const pages: PlannedPage[] = items.flatMap((item) =>
    searchSections
      .filter((section) => sectionRuns(section, item.query, item.identifiers, scope))
      .flatMap((section) => {
        const first = sectionQuery(section, item.query, item.identifiers, organizationUuid);
        const planned: PlannedPage[] = [{ section, index: 0, options: first }];
        let data = queryClient.getQueryData<SectionPage>(first.queryKey);
        for (let index = 1; index <= (extraPages[section] ?? 0) && data; index++) {
          if (data.nextOffset === null) break;
          const next = sectionMoreQuery(section, item.query, item.identifiers, organizationUuid, {
            offset: data.nextOffset,
            limit: pageSize,
          });
          planned.push({ section, index, options: next });
          data = queryClient.getQueryData<SectionPage>(next.queryKey);
        }
        if (data?.nextOffset != null) hasMore.add(section);
        return planned;
      }),
  );
  const results = useQueries({ queries: pages.map((page) => page.options) });

  const sections = {} as Record<SearchSection, SectionState>;
  const more = {} as Record<SearchSection, SectionMore>;
  for (const section of searchSections) {
    const mine = pages.flatMap((page, position) =>
      page.section === section ? [{ page, result: results[position] }] : [],
    );
    const firsts = mine.filter(({ page }) => page.index === 0).map(({ result }) => result);
    const later = mine.filter(({ page }) => page.index > 0).map(({ result }) => result);
    let state: SectionState;
    if (firsts.length === 0) state = { status: "idle" };
    else if (firsts.some((result) => !result || result.isPending || (result.isError && result.isFetching)))
      state = { status: "loading" };
    else if (firsts.some((result) => result?.isError))
      state = { status: "error", error: firsts.find((result) => result?.isError)?.error };
    else {
      // Every item's first page before any item's second, so show more never buries an item.
      const ordered = [...mine].sort((a, b) => a.page.index - b.page.index);
      const rows = new Map<string, SearchRow>();
      for (const { result } of ordered)
        for (const row of result?.data?.rows ?? []) if (!rows.has(row.urn)) rows.set(row.urn, row);
      state = { status: "success", rows: [...rows.values()] };
    }
    sections[section] = state;
    const loading = later.some((result) => !result || result.isFetching || result.isPending);
    const failed = !loading && later.some((result) => result?.isError);
    more[section] = { hasMore: hasMore.has(section) || loading || failed, loading, failed };
  }

  return {
    items,
    sections,
    more,
    answered: searchSections.every((section) => ["idle", "success"].includes(sections[section].status)),
    retry: (section) => {
      pages.forEach((page, position) => {
        if (page.section === section && page.index === 0 && results[position]?.isError)
          void results[position]?.refetch();
      });
    },
    loadMore: (section) => {
      if (more[section].failed) {
        pages.forEach((page, position) => {
          if (page.section === section && page.index > 0 && results[position]?.isError)
            void results[position]?.refetch();
        });
        return;
      }
      setExtraPages((current) => ({ ...current, [section]: (current[section] ?? 0) + 1 }));
    },
  };
}
