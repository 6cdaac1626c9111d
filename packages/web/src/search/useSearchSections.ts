import { useStore } from "@nanostores/react";
import {
  type RecognizedIdentifier,
  readSearchInput,
  type SearchSection,
  searchDebounceMs,
  searchSections,
} from "@sleuth/sdk";
import { useQueries, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { $signedIn } from "../session/sessionStore.ts";
import type { SearchRow } from "./searchRows.ts";
import {
  ipRuleOf,
  runningSections,
  type SearchScope,
  sectionQuery,
  sectionRuns,
} from "./searchSectionQueries.ts";
import { useDebouncedValue } from "./useDebouncedValue.ts";
import { useExcludedChains } from "./useExcludedChains.ts";

export type SectionState =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "error"; error: unknown }
  | { status: "success"; rows: SearchRow[] };

export interface SearchSectionsState {
  /** The trimmed text the sections are for ("" when nothing is searched). */
  query: string;
  /** True while the typed text waits out the 500 ms debounce (000 §4). */
  debouncing: boolean;
  identifiers: RecognizedIdentifier[];
  sections: Record<SearchSection, SectionState>;
  /** 002 §6 / §8: why IPs are not searched here, when the query is an IP and they are not. */
  ipMessages: readonly string[] | null;
  retry: (section: SearchSection) => void;
  /** True once every running section has answered or failed. */
  settled: boolean;
}

/**
 * The search sections for what is typed (000 §4 / 002 §4): trimmed, debounced 500 ms, then one query
 * per section through react-query, whose AbortSignal cancels the previous query's requests.
 */
export function useSearchSections(
  input: string,
  options: { module?: SearchScope["module"]; debounceMs?: number } = {},
): SearchSectionsState {
  const view = useStore($signedIn);
  const queryClient = useQueryClient();
  const typed = input.trim();
  const featureFlags = view?.featureFlags;
  const excludedChains = useExcludedChains();
  const scope: SearchScope = useMemo(
    () => ({
      module: options.module ?? "navigation",
      featureFlags: {
        ipSearch: featureFlags?.ipSearch ?? false,
        customEntitySearch: featureFlags?.customEntitySearch ?? false,
      },
      hasForensicsLicense: view?.organization.hasForensicsLicense ?? false,
    }),
    [options.module, featureFlags, view?.organization.hasForensicsLicense],
  );
  const organizationUuid = view?.organization.uuid ?? null;
  // The requests start in the debounce timer, not a render later (the palette benchmark's budget).
  const query = useDebouncedValue(typed, options.debounceMs ?? searchDebounceMs, (settled) => {
    const read = readSearchInput(settled, { excludedChains });
    if (read.type !== "query") return;
    for (const section of runningSections(read.query, read.identifiers, scope)) {
      void queryClient.prefetchQuery(sectionQuery(section, read.query, read.identifiers, organizationUuid));
    }
  });
  const debouncing = typed !== query;
  const ipRule = ipRuleOf(scope);
  const input_ = useMemo(() => readSearchInput(query, { excludedChains }), [query, excludedChains]);
  const identifiers = input_.type === "query" ? input_.identifiers : [];

  const results = useQueries({
    queries: searchSections.map((section) => ({
      ...sectionQuery(section, query, identifiers, organizationUuid),
      enabled: input_.type === "query" && !debouncing && sectionRuns(section, query, identifiers, scope),
    })),
  });

  const sections = Object.fromEntries(
    searchSections.map((section, index) => {
      const result = results[index];
      let state: SectionState;
      if (input_.type !== "query" || !sectionRuns(section, query, identifiers, scope))
        state = { status: "idle" };
      // A retried section shows its loader rows again, not the old error.
      else if (debouncing || !result || result.isPending || (result.isError && result.isFetching))
        state = { status: "loading" };
      else if (result.isError) state = { status: "error", error: result.error };
      else state = { status: "success", rows: result.data?.rows ?? [] };
      return [section, state];
    }),
  ) as Record<SearchSection, SectionState>;

  const isInet = identifiers.some((identifier) => identifier.kind === "inet");
  return {
    query: input_.type === "query" ? input_.query : "",
    debouncing,
    identifiers,
    sections,
    ipMessages: !ipRule.allowed && isInet ? ipRule.messages : null,
    retry: (section) => void results[searchSections.indexOf(section)]?.refetch(),
    settled: !debouncing && searchSections.every((section) => sections[section].status !== "loading"),
  };
}
