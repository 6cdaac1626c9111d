import { searchMessages } from "./searchMessages.ts";

// 002 §4: the sections of the suggestion popover, in display order. They are also the results tabs.
export const searchSections = ["transactions", "entities", "customEntities", "addresses", "ips"] as const;
export type SearchSection = (typeof searchSections)[number];

// 000 §2 names the groups of the results list (IPs, Entities, Custom Entities, Addresses); the
// transactions heading is ours. Palette headings, results tabs and `sleuth search` read them.
export const searchSectionLabels = {
  transactions: "Transactions",
  entities: "Entities",
  customEntities: "Custom Entities",
  addresses: "Addresses",
  ips: "IPs",
} as const satisfies Record<SearchSection, string>;

// 002 §8: the type each section's delay message names.
export const searchSectionTypeNames = {
  transactions: "Transaction",
  entities: "Entity",
  customEntities: "Custom Entities",
  addresses: "Address",
  ips: "Inet",
} as const satisfies Record<SearchSection, string>;

/** 002 §8: the delay message of a section whose request failed (shown with a retry link). */
export function searchSectionDelayMessage(section: SearchSection): string {
  return searchMessages.sectionDelayed.replace("{type}", searchSectionTypeNames[section]);
}

// 002 §9: at most 5 items per section while another section loads.
export const searchSectionMaxWhileLoading = 5;
// 002 §9: sections balance against a base size; the value is ours.
export const searchSectionBaseSize = 5;
// 002 §4: a loading section shows 1 to 3 loader rows.
export const searchLoaderRows = { min: 1, max: 3 } as const;

/**
 * 002 §4: loader rows of a loading section. Choice: the section the query most likely fills (see
 * `likelyResultsTab`) shows 3 rows, the others 1.
 */
export function searchLoaderRowCount(section: SearchSection, likelySection: SearchSection): number {
  return section === likelySection ? searchLoaderRows.max : searchLoaderRows.min;
}

export type SearchSectionStatus = { status: "loading" | "error" } | { status: "success"; count: number };

/**
 * 002 §9: how many items each section shows.
 * - While any section is loading, each section shows at most 5 items, so rows do not jump once the
 *   slow section arrives.
 * - Otherwise IPs show at most the base size (5). The four other sections share a budget of four base
 *   sizes (20): each first takes up to the base size, then the slots a short section leaves are handed
 *   out one at a time, in section order, to sections that still have items.
 * Sections that are loading or failed show none (their loader or error row stands in).
 */
export function searchSectionSizes(
  sections: Readonly<Record<SearchSection, SearchSectionStatus>>,
): Record<SearchSection, number> {
  const available = (section: SearchSection) => {
    const state = sections[section];
    return state.status === "success" ? Math.max(0, Math.floor(state.count)) : 0;
  };
  const sizes = Object.fromEntries(searchSections.map((section) => [section, 0])) as Record<
    SearchSection,
    number
  >;
  const anyLoading = searchSections.some((section) => sections[section].status === "loading");
  if (anyLoading) {
    for (const section of searchSections)
      sizes[section] = Math.min(available(section), searchSectionMaxWhileLoading);
    return sizes;
  }
  sizes.ips = Math.min(available("ips"), searchSectionBaseSize);
  const shared = searchSections.filter((section) => section !== "ips");
  let budget = searchSectionBaseSize * shared.length;
  for (const section of shared) {
    sizes[section] = Math.min(available(section), searchSectionBaseSize);
    budget -= sizes[section];
  }
  while (budget > 0) {
    const hungry = shared.filter((section) => sizes[section] < available(section));
    if (hungry.length === 0) break;
    for (const section of hungry) {
      if (budget === 0) break;
      sizes[section] += 1;
      budget -= 1;
    }
  }
  return sizes;
}

// 002 §9: the result limit per query, and the different one for a query containing the % wildcard.
// The values are ours: a wildcard matches broadly, so it may bring back more rows to pick from.
export const searchResultLimits = { default: 20, wildcard: 50 } as const;

export function searchResultLimit(query: string): number {
  return query.includes("%") ? searchResultLimits.wildcard : searchResultLimits.default;
}
