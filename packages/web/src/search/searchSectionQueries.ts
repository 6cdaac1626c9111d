import {
  type AttributionType,
  type AutocompleteHit,
  type FeatureFlags,
  type IpSearchRule,
  ipSearchRule,
  type RecognizedIdentifier,
  type SearchModule,
  type SearchSection,
  type SleuthClient,
  searchSectionsFor,
} from "@sleuth/sdk";
import { sleuthClient } from "../session/sleuthClient.ts";
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
  /** 002 §6: IP results in triage need the organization's forensics licence. */
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

/** One page of a section's rows, and the offset of the next page (null when the server has no more). */
export interface SectionPage {
  rows: SearchRow[];
  nextOffset: number | null;
}

/** Which page of a section: the first page uses the SDK's result limit for the query (002 §9). */
export interface SectionPageRequest {
  offset: number;
  limit?: number;
}

async function autocompletePage<T extends AttributionType>(
  client: SleuthClient,
  attributionType: T,
  toRow: (hit: AutocompleteHit<T>) => SearchRow,
  query: string,
  page: SectionPageRequest,
  signal: AbortSignal,
): Promise<SectionPage> {
  const { hits, meta } = await client.search.autocomplete(
    { query, attributionType, ...(page.offset > 0 ? { offset: page.offset } : {}), limit: page.limit },
    { signal },
  );
  return { rows: hits.map((hit) => toRow(hit)), nextOffset: meta.hasMore ? meta.offset + hits.length : null };
}

/**
 * Fetches one page of a section's rows. The signal comes from react-query, which aborts it when a
 * newer query replaces this one (002 §4: the previous request is aborted). Transactions are looked up
 * by hash and come in one page.
 */
export async function fetchSearchSection(
  client: SleuthClient,
  section: SearchSection,
  query: string,
  identifiers: readonly RecognizedIdentifier[],
  signal: AbortSignal,
  page: SectionPageRequest = { offset: 0 },
): Promise<SectionPage> {
  switch (section) {
    case "transactions": {
      const hashes = [
        ...new Set(identifiers.filter((identifier) => identifier.kind === "transaction").map((id) => id.urn)),
      ];
      if (hashes.length === 0) return { rows: [], nextOffset: null };
      const rows = await client.search.transactions(
        { tx_hashes: hashes, exclude_transfers: true },
        { signal },
      );
      return { rows: rows.map(transactionRow), nextOffset: null };
    }
    case "entities":
      return autocompletePage(client, "entity", entityRow, query, page, signal);
    case "customEntities":
      return autocompletePage(client, "custom_entity", customEntityRow, query, page, signal);
    case "addresses":
      return autocompletePage(client, "address", addressRow, query, page, signal);
    case "ips":
      return autocompletePage(client, "inet", inetRow, query, page, signal);
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

/** A later page of a section (the results page's show more), from `offset`, `limit` rows. */
export function sectionMoreQuery(
  section: SearchSection,
  query: string,
  identifiers: readonly RecognizedIdentifier[],
  organizationUuid: string | null,
  page: Required<SectionPageRequest>,
) {
  return {
    queryKey: [...searchSectionKey(section, query, organizationUuid), page.offset, page.limit] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      fetchSearchSection(sleuthClient, section, query, identifiers, signal, page),
    staleTime: 60_000,
  };
}
