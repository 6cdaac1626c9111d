import {
  type FeatureFlags,
  type IpSearchRule,
  ipSearchRule,
  type RecognizedIdentifier,
  type SearchModule,
  type SearchSection,
  type SleuthClient,
  searchSectionsFor,
} from "@sleuth/sdk";
import { sleuthClient } from "../session/index.ts";
import {
  addressRow,
  customEntityRow,
  entityRow,
  inetRow,
  type SearchRow,
  transactionRow,
} from "./searchRows.ts";

/** What decides which sections run for a query. */
export interface SearchScope {
  module: SearchModule;
  featureFlags: Pick<FeatureFlags, "ipSearch" | "customEntitySearch">;
  /** 002 §6: IP results in triage need a forensics licence; the console has no licences yet. */
  hasForensicsLicense?: boolean;
}

export function ipRuleOf(scope: SearchScope): IpSearchRule {
  return ipSearchRule({
    module: scope.module,
    ipSearchEnabled: scope.featureFlags.ipSearch,
    hasForensicsLicense: scope.hasForensicsLicense ?? false,
  });
}

/** The sections a query searches (the SDK's searchSectionsFor), for this scope's flags and IP rule. */
export function runningSections(
  query: string,
  identifiers: readonly RecognizedIdentifier[],
  scope: SearchScope,
): SearchSection[] {
  return searchSectionsFor(query, identifiers, {
    customEntitySearch: scope.featureFlags.customEntitySearch,
    ipSearchAllowed: ipRuleOf(scope).allowed,
  });
}

export function sectionRuns(
  section: SearchSection,
  query: string,
  identifiers: readonly RecognizedIdentifier[],
  scope: SearchScope,
): boolean {
  return runningSections(query, identifiers, scope).includes(section);
}

export function searchSectionKey(section: SearchSection, query: string, organizationUuid: string | null) {
  return ["search", section, organizationUuid, query] as const;
}

/**
 * Fetches one section's rows. The signal comes from react-query, which aborts it when a newer query
 * replaces this one (002 §4: the previous request is aborted).
 */
export async function fetchSearchSection(
  client: SleuthClient,
  section: SearchSection,
  query: string,
  identifiers: readonly RecognizedIdentifier[],
  signal: AbortSignal,
): Promise<SearchRow[]> {
  switch (section) {
    case "transactions": {
      const hashes = [
        ...new Set(identifiers.filter((identifier) => identifier.kind === "transaction").map((id) => id.urn)),
      ];
      if (hashes.length === 0) return [];
      const rows = await client.search.transactions(
        { tx_hashes: hashes, exclude_transfers: true },
        { signal },
      );
      return rows.map(transactionRow);
    }
    case "entities":
      return (await client.search.autocomplete({ query, attributionType: "entity" }, { signal })).hits.map(
        entityRow,
      );
    case "customEntities":
      return (
        await client.search.autocomplete({ query, attributionType: "custom_entity" }, { signal })
      ).hits.map(customEntityRow);
    case "addresses":
      return (await client.search.autocomplete({ query, attributionType: "address" }, { signal })).hits.map(
        addressRow,
      );
    case "ips":
      return (await client.search.autocomplete({ query, attributionType: "inet" }, { signal })).hits.map(
        inetRow,
      );
  }
}

/**
 * The react-query options of one section's search, shared by the palette (which starts it from its
 * debounce timer) and the results page, so both read one cache.
 */
export function sectionQuery(
  section: SearchSection,
  query: string,
  identifiers: readonly RecognizedIdentifier[],
  organizationUuid: string | null,
) {
  return {
    queryKey: searchSectionKey(section, query, organizationUuid),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      fetchSearchSection(sleuthClient, section, query, identifiers, signal),
    staleTime: 60_000,
  };
}
