import type { BulkResult, ChainId } from "@sleuth/sdk";
import { attributionCacheMs } from "@sleuth/sdk";
import { sleuthClient } from "../session/sleuthClient.ts";

/** One subject of a 000 §7 bulk answer: its item, null when unknown; an unsuccessful answer throws. */
function single<Item>(result: BulkResult<Item>): Item | null {
  if (!result.success) throw new Error("The request was not successful");
  return result.data[0] ?? null;
}

const minute = 60_000;

// Query options of the page data, keyed by URN and shared by every page that shows the subject.
export const explorerQueries = {
  addressMetrics: (urn: string) => ({
    queryKey: ["metrics", "address", urn],
    queryFn: async ({ signal }: { signal: AbortSignal }) =>
      single(await sleuthClient.metrics.addresses([urn], {}, { signal })),
    staleTime: minute,
  }),
  addressRisk: (urn: string) => ({
    queryKey: ["risk", "address", urn],
    queryFn: async ({ signal }: { signal: AbortSignal }) =>
      single(await sleuthClient.risk.addresses([urn], { signal })),
    staleTime: minute,
  }),
  /** 002 §7 the address's properties (the 001 §3 property tags among them). */
  addressProperties: (chain: ChainId, address: string) => ({
    queryKey: ["addressProperties", chain, address],
    queryFn: async ({ signal }: { signal: AbortSignal }) =>
      (await sleuthClient.triage.addressProperties([{ chain, address }], { signal }))[0]?.properties ?? [],
    staleTime: minute,
  }),
  addressAttribution: (urn: string) => ({
    queryKey: ["attribution", "address", urn],
    queryFn: async ({ signal }: { signal: AbortSignal }) =>
      single(await sleuthClient.attribution.addresses([urn], { signal })),
    // 002 §9: attribution answers stay fresh for one minute.
    staleTime: attributionCacheMs,
  }),
  entityMetrics: (urn: string) => ({
    queryKey: ["metrics", "entity", urn],
    queryFn: async ({ signal }: { signal: AbortSignal }) =>
      single(await sleuthClient.metrics.entities([urn], {}, { signal })),
    staleTime: minute,
  }),
  entityRisk: (urn: string) => ({
    queryKey: ["risk", "entity", urn],
    queryFn: async ({ signal }: { signal: AbortSignal }) =>
      single(await sleuthClient.risk.entities([urn], { signal })),
    staleTime: minute,
  }),
  entityAttribution: (urn: string) => ({
    queryKey: ["attribution", "entity", urn],
    queryFn: async ({ signal }: { signal: AbortSignal }) =>
      single(await sleuthClient.attribution.entities([urn], { signal, includeHasInetData: true })),
    staleTime: attributionCacheMs,
  }),
  /** 002 §3 entity stats (address count, first and last active): …/statistics/entity/summary. */
  entityStatistics: (urn: string) => ({
    queryKey: ["statistics", "entity", urn],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      sleuthClient.holdings.statistics("entity", urn, { signal }),
    staleTime: minute,
  }),
  /** 000 §7 the custom entity's risk (its members'), by URN: …/v5/risk/custom-entity/risk-score/info. */
  customEntityRisk: (urn: string) => ({
    queryKey: ["risk", "customEntity", urn],
    queryFn: ({ signal }: { signal: AbortSignal }) => sleuthClient.customEntities.riskInfo(urn, signal),
    staleTime: minute,
  }),
  customEntityMetrics: (urn: string) => ({
    queryKey: ["metrics", "customEntity", urn],
    queryFn: async ({ signal }: { signal: AbortSignal }) =>
      single(await sleuthClient.metrics.customEntities([urn], {}, { signal })),
    staleTime: minute,
  }),
  transaction: (urns: readonly string[]) => ({
    queryKey: ["transaction", ...urns],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      sleuthClient.search.transactions({ tx_hashes: [...urns] }, { signal }),
    staleTime: 10 * minute,
  }),
  /** The autocomplete hit that is exactly `query` (an entity slug, custom entity or IP), or null. */
  exactHit: <T extends "entity" | "custom_entity" | "inet">(
    attributionType: T,
    query: string,
    isIt: (hit: Awaited<ReturnType<typeof sleuthClient.search.autocomplete<T>>>["hits"][number]) => boolean,
  ) => ({
    queryKey: ["search", "exactHit", attributionType, query],
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      const { hits } = await sleuthClient.search.autocomplete({ query, attributionType }, { signal });
      return hits.find(isIt) ?? null;
    },
    staleTime: minute,
  }),
};
