import { type ChainId, chainIdSchema } from "../chains/chainRegistry.ts";
import { recognizeIdentifier } from "../chains/recognizeIdentifier.ts";
import type { RouteDescriptor, RouteName } from "../search/searchRoutes.ts";
import { triageMessages } from "./triageMessages.ts";

// 002 §2: the back button's labels, chosen by the page the user came from.
export const triageBackLabels = {
  currentSearch: "Back to current search",
  searchHistory: "Back to search history",
  searchResults: "Back to search results",
  newSearch: "Start a new search",
} as const;

/**
 * 002 §2: the back button of a triage address or transaction page. Coming from triage results it
 * returns to the search results, from the history to the history, from triage home with a query still
 * in it to that current search; from anywhere else (or nowhere) it starts a new search on triage home.
 */
export function triageBackButton(previous: { name: RouteName; query?: RouteDescriptor["query"] } | null): {
  label: string;
  route: RouteDescriptor;
} {
  if (previous?.name === "triageResults") {
    return {
      label: triageBackLabels.searchResults,
      route: { name: "triageResults", ...withQuery(previous) },
    };
  }
  if (previous?.name === "triageSearchHistory") {
    return { label: triageBackLabels.searchHistory, route: { name: "triageSearchHistory" } };
  }
  const query = previous?.query?.query;
  if (previous?.name === "triageHome" && query !== undefined && query.length > 0) {
    return { label: triageBackLabels.currentSearch, route: { name: "triageHome", ...withQuery(previous) } };
  }
  return { label: triageBackLabels.newSearch, route: { name: "triageHome" } };
}

function withQuery(route: { query?: RouteDescriptor["query"] }): Pick<RouteDescriptor, "query"> {
  return route.query ? { query: route.query } : {};
}

// 002 §2: the address page's tabs and its Details sections.
export const triageAddressTabs = ["summary", "details"] as const;
export type TriageAddressTab = (typeof triageAddressTabs)[number];
export const triageDetailsSections = [
  "owns-controls",
  "funds-associated",
  "transfer-history",
  "risk-categories",
  "chainabuse",
  "ips-associated",
] as const;
export type TriageDetailsSection = (typeof triageDetailsSections)[number];

/** 002 §2: the Details sections shown; ips-associated only with its feature flag. */
export function triageDetailsSectionsShown(options: { ipsSectionEnabled: boolean }): TriageDetailsSection[] {
  return triageDetailsSections.filter((section) => section !== "ips-associated" || options.ipsSectionEnabled);
}

export interface TriageAddressQuery {
  tab: TriageAddressTab;
  /** Sections open on arrival; 002 §2: only owns-controls opens from the URL. */
  openSections: TriageDetailsSection[];
  /** 002 §2: the owned entity to open. */
  trmUrn: string | null;
  /** The query to put back in the URL when it had to be cleaned (an empty tab removed), else null. */
  replaceQuery: Record<string, string> | null;
}

/**
 * 002 §2: reads the address page's query parameters. `tab` is summary (default) or details; an empty
 * tab is removed from the URL. Choice: an unknown tab value counts as empty. `section` opens only
 * owns-controls; other sections, and ips-associated without its flag, are ignored.
 */
export function readTriageAddressQuery(
  query: URLSearchParams | Record<string, string | undefined>,
): TriageAddressQuery {
  const params = query instanceof URLSearchParams ? Object.fromEntries(query) : query;
  const rawTab = params.tab;
  const tab = triageAddressTabs.find((known) => known === rawTab) ?? "summary";
  const openSections: TriageDetailsSection[] = params.section === "owns-controls" ? ["owns-controls"] : [];
  const trmUrn = params.trmUrn?.trim() ? params.trmUrn.trim() : null;
  let replaceQuery: Record<string, string> | null = null;
  if (rawTab !== undefined && rawTab !== tab) {
    replaceQuery = {};
    for (const [key, value] of Object.entries(params))
      if (key !== "tab" && value !== undefined) replaceQuery[key] = value;
  }
  return { tab, openSections, trmUrn, replaceQuery };
}

export type TriageRouteCheck<T> =
  | { ok: true; value: T }
  | { ok: false; message: string; redirect: RouteDescriptor };

function chainOf(raw: string | undefined): ChainId | null {
  const parsed = chainIdSchema.safeParse(raw?.trim().toLowerCase());
  return parsed.success ? parsed.data : null;
}

/**
 * 002 §2 / §5: the address page needs a known chain and an address valid on it; otherwise the invalid
 * message and a redirect to Triage home.
 */
export function checkTriageAddressRoute(params: {
  chain?: string;
  address?: string;
}): TriageRouteCheck<{ chain: ChainId; address: string; urn: string }> {
  const chain = chainOf(params.chain);
  const match = chain
    ? recognizeIdentifier(params.address ?? "", { recognizeInet: false }).find(
        (identifier) => identifier.kind === "address" && identifier.chain === chain,
      )
    : undefined;
  if (!chain || !match)
    return { ok: false, message: triageMessages.invalidAddress, redirect: { name: "triageHome" } };
  return { ok: true, value: { chain, address: match.value, urn: match.urn } };
}

/** 002 §2 / §5: the transaction page needs a known chain and a hash valid on it. */
export function checkTriageTransactionRoute(params: {
  chain?: string;
  hash?: string;
}): TriageRouteCheck<{ chain: ChainId; hash: string; urn: string }> {
  const chain = chainOf(params.chain);
  const match = chain
    ? recognizeIdentifier(params.hash ?? "", { recognizeInet: false }).find(
        (identifier) => identifier.kind === "transaction" && identifier.chain === chain,
      )
    : undefined;
  if (!chain || !match) {
    return { ok: false, message: triageMessages.invalidTransaction, redirect: { name: "triageHome" } };
  }
  return { ok: true, value: { chain, hash: match.value, urn: match.urn } };
}
