import {
  type AddressHit,
  type CustomEntityHit,
  type EntityHit,
  type FeatureFlags,
  type InetHit,
  ipSearchRule,
  type RecognizedIdentifier,
  type SearchSection,
  type SleuthClient,
  searchSectionSizes,
  searchSections,
  searchSectionsFor,
  type TransactionResult,
  transactionResultOf,
} from "@sleuth/sdk";

/** The results of each section, as the SDK's calls answer them. */
export interface SectionItems {
  transactions: TransactionResult[];
  entities: EntityHit[];
  customEntities: CustomEntityHit[];
  addresses: AddressHit[];
  ips: InetHit[];
}

export type SectionOutcome<S extends SearchSection> =
  | { status: "success"; items: SectionItems[S] }
  | { status: "error"; error: unknown }
  /** The section does not run for this query (no hash, or its feature flag is off). */
  | { status: "skipped" };

export type SearchOutcome = { [S in SearchSection]: SectionOutcome<S> };

export type SearchFlags = Pick<FeatureFlags, "ipSearch" | "customEntitySearch">;

/**
 * Whether a section runs: exactly the palette's sections for this query (the SDK's
 * `searchSectionsFor`), with IPs under the navigation module's IP search rule (002 §6).
 */
export function sectionRuns(
  section: SearchSection,
  query: string,
  identifiers: readonly RecognizedIdentifier[],
  flags: SearchFlags,
): boolean {
  const ipSearchAllowed = ipSearchRule({
    module: "navigation",
    ipSearchEnabled: flags.ipSearch,
    hasForensicsLicense: false,
  }).allowed;
  return searchSectionsFor(query, identifiers, {
    customEntitySearch: flags.customEntitySearch,
    ipSearchAllowed,
  }).includes(section);
}

async function fetchSection<S extends SearchSection>(
  client: SleuthClient,
  section: S,
  query: string,
  identifiers: readonly RecognizedIdentifier[],
): Promise<SectionItems[S]> {
  const items = await (async (): Promise<SectionItems[SearchSection]> => {
    switch (section) {
      case "transactions": {
        const urns = identifiers
          .filter((identifier) => identifier.kind === "transaction")
          .map((id) => id.urn);
        const rows = await client.search.transactions({
          tx_hashes: [...new Set(urns)],
          exclude_transfers: true,
        });
        return rows.map(transactionResultOf);
      }
      case "entities":
        return (await client.search.autocomplete({ query, attributionType: "entity" })).hits;
      case "customEntities":
        return (await client.search.autocomplete({ query, attributionType: "custom_entity" })).hits;
      case "addresses":
        return (await client.search.autocomplete({ query, attributionType: "address" })).hits;
      default:
        return (await client.search.autocomplete({ query, attributionType: "inet" })).hits;
    }
  })();
  return items as SectionItems[S];
}

/** Runs every section of the global search at once; a failed section does not stop the others. */
export async function searchAllSections(
  client: SleuthClient,
  query: string,
  identifiers: readonly RecognizedIdentifier[],
  flags: SearchFlags,
): Promise<SearchOutcome> {
  const outcomes = await Promise.all(
    searchSections.map(async (section): Promise<SectionOutcome<typeof section>> => {
      if (!sectionRuns(section, query, identifiers, flags)) return { status: "skipped" };
      try {
        return { status: "success", items: await fetchSection(client, section, query, identifiers) };
      } catch (error) {
        return { status: "error", error };
      }
    }),
  );
  return Object.fromEntries(
    searchSections.map((section, index) => [section, outcomes[index]]),
  ) as SearchOutcome;
}

/**
 * Each section cut to the palette's size (002 §9 `searchSectionSizes`, every section answered), in
 * the spec's order. Failed and skipped sections are empty.
 */
export function sizedSections(outcome: SearchOutcome): SectionItems {
  const sizes = searchSectionSizes(
    Object.fromEntries(
      searchSections.map((section) => {
        const result = outcome[section];
        if (result.status === "error") return [section, { status: "error" }];
        return [section, { status: "success", count: result.status === "success" ? result.items.length : 0 }];
      }),
    ) as Parameters<typeof searchSectionSizes>[0],
  );
  const items = (section: SearchSection) => {
    const result = outcome[section];
    return result.status === "success" ? result.items.slice(0, sizes[section]) : [];
  };
  return {
    transactions: items("transactions") as SectionItems["transactions"],
    entities: items("entities") as SectionItems["entities"],
    customEntities: items("customEntities") as SectionItems["customEntities"],
    addresses: items("addresses") as SectionItems["addresses"],
    ips: items("ips") as SectionItems["ips"],
  };
}

export function failedSections(outcome: SearchOutcome): { section: SearchSection; error: unknown }[] {
  return searchSections.flatMap((section) => {
    const result = outcome[section];
    return result.status === "error" ? [{ section, error: result.error }] : [];
  });
}
