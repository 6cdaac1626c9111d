import { parseUrn } from "../chains/urn.ts";
import { searchMessages } from "./searchMessages.ts";
import type { SuggestionItem } from "./searchSchemas.ts";

// 000 §2 and 002 §2: the named routes search leads to. Path strings are the web console's business.
export const routeNames = [
  "blockExplorer",
  "blockExplorerSearch",
  "blockExplorerSearchResults",
  "graphVisualizer",
  "graphVisualizerResults",
  "transactionExplorer",
  "addressPage",
  "entityPage",
  "customEntityPage",
  "triageHome",
  "triageResults",
  "triageSearchHistory",
  "triageAddress",
  "triageTransaction",
] as const;
export type RouteName = (typeof routeNames)[number];

/** Where to go: a named route, its path parameters, query, navigation state, and whether to replace history. */
export interface RouteDescriptor {
  name: RouteName;
  params?: Record<string, string>;
  query?: Record<string, string | readonly string[]>;
  state?: Record<string, unknown>;
  replace?: boolean;
}

// 002 §2: the modules that host the search box.
export const searchModules = [
  "navigation",
  "graphVisualizer",
  "embeddedGraphVisualizer",
  "entityMonitoring",
  "triage",
] as const;
export type SearchModule = (typeof searchModules)[number];

const graphModules: readonly SearchModule[] = ["graphVisualizer", "embeddedGraphVisualizer"];

// 002 §2: submitting while on one of these replaces the current entry instead of adding one.
export const searchResultsRoutes = [
  "blockExplorerSearchResults",
  "graphVisualizerResults",
  "triageResults",
  "triageSearchHistory",
] as const satisfies readonly RouteName[];

/**
 * 002 §2: where submitting a query goes: graph visualizer results from the graph visualizer, triage
 * results from triage, block explorer search results otherwise. Choice: the embedded graph visualizer
 * opens the block explorer's results, as it has no results page of its own. The query travels as the
 * `query` parameter.
 */
export function searchSubmitRoute(options: {
  module: SearchModule;
  query: string;
  currentRoute: RouteName | null;
}): RouteDescriptor {
  const name: RouteName =
    options.module === "graphVisualizer"
      ? "graphVisualizerResults"
      : options.module === "triage"
        ? "triageResults"
        : "blockExplorerSearchResults";
  const replace = (searchResultsRoutes as readonly (RouteName | null)[]).includes(options.currentRoute);
  return { name, query: { query: options.query.trim() }, replace };
}

export type IpSearchRule = { allowed: true } | { allowed: false; messages: readonly string[] };

/**
 * 002 §6 / §8: whether IP queries may be searched in a module.
 * - Graph modules never: 'IPs cannot be added to graphs.' / 'Try searching for IPs on Block Explorer.'
 * - Triage needs a forensics licence: 'IP Addresses cannot be searched in Triage.' / 'Talk to your admin…'.
 * - Anywhere, IP search needs its feature flag: 'IP Addresses cannot be searched in this page'.
 */
export function ipSearchRule(options: {
  module: SearchModule;
  ipSearchEnabled: boolean;
  hasForensicsLicense: boolean;
}): IpSearchRule {
  if (graphModules.includes(options.module)) {
    return {
      allowed: false,
      messages: [searchMessages.ipsNotOnGraphs, searchMessages.tryIpsOnBlockExplorer],
    };
  }
  if (options.module === "triage" && !options.hasForensicsLicense) {
    return {
      allowed: false,
      messages: [searchMessages.ipsNotInTriage, searchMessages.forensicsLicenseForIps],
    };
  }
  if (!options.ipSearchEnabled) return { allowed: false, messages: [searchMessages.ipsNotOnThisPage] };
  return { allowed: true };
}

export type SuggestionAction =
  | { type: "navigate"; route: RouteDescriptor }
  | { type: "plot"; urn: string }
  | { type: "addToList"; urn: string };

function urnOfItem(item: SuggestionItem): string | undefined {
  return (
    item.transactionUrn ?? item.addressChainUrn ?? item.customEntityUrn ?? item.entityUrn ?? item.inetUrn
  );
}

/**
 * 002 §2: what picking a suggestion does: graph modules plot it, entity monitoring adds it to its list,
 * other modules open its page (triage opens its own address and transaction pages). Header, loader,
 * error and query rows do nothing here.
 */
export function suggestionAction(item: SuggestionItem, module: SearchModule): SuggestionAction | null {
  const urn = urnOfItem(item);
  if (item.type !== undefined || urn === undefined) return null;
  if (graphModules.includes(module)) return { type: "plot", urn };
  if (module === "entityMonitoring") return { type: "addToList", urn };
  const parts = parseUrn(urn);
  if (parts === null) return null;
  const triage = module === "triage";
  switch (parts.kind) {
    case "address":
      return {
        type: "navigate",
        route: {
          name: triage ? "triageAddress" : "addressPage",
          params: { address: parts.address, chain: parts.chain },
        },
      };
    case "transaction":
      return {
        type: "navigate",
        route: triage
          ? { name: "triageTransaction", params: { chain: parts.chain, hash: parts.hash } }
          : { name: "transactionExplorer", params: { hash: parts.hash, chain: parts.chain } },
      };
    case "entity":
      return { type: "navigate", route: { name: "entityPage", params: { entityUrn: urn } } };
    case "custom-entity":
      return { type: "navigate", route: { name: "customEntityPage", params: { customEntityUrn: urn } } };
    case "inet":
      return { type: "navigate", route: { name: "blockExplorer", query: { ip: parts.ip } } };
    case "asset":
      return null;
  }
}

/**
 * 002 §4: in triage, a multi-search of a single item whose results hold exactly one active address or
 * transaction opens that address or transaction directly on submit; otherwise null (show results).
 */
export function triageDirectJump(
  items: readonly string[],
  results: {
    addresses: readonly { address: string; chain: string; isActive: boolean }[];
    transactions: readonly { txnHash: string; chain: string; isActive: boolean }[];
  },
): RouteDescriptor | null {
  if (items.length !== 1) return null;
  const addresses = results.addresses.filter((result) => result.isActive);
  const transactions = results.transactions.filter((result) => result.isActive);
  if (addresses.length + transactions.length !== 1) return null;
  const [address] = addresses;
  if (address) return { name: "triageAddress", params: { chain: address.chain, address: address.address } };
  const [transaction] = transactions;
  return transaction
    ? { name: "triageTransaction", params: { chain: transaction.chain, hash: transaction.txnHash } }
    : null;
}

// 002 §2: the multi-search textarea's height bounds, in pixels.
export const multiSearchTextareaHeight = { min: 100, max: 240 } as const;

/**
 * The items of a multi-search: one per line or comma, trimmed, blanks dropped, each kept once
 * (first occurrence wins).
 */
export function multiSearchItems(text: string): string[] {
  return [...new Set(text.split(/[\n,]/).map((item) => item.trim()))].filter((item) => item !== "");
}
