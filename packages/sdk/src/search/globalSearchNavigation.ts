import type { RecognizedIdentifier } from "../chains/recognizeIdentifier.ts";
import type { SearchFailedEvent } from "./searchInput.ts";
import type { RouteDescriptor, RouteName } from "./searchRoutes.ts";

export type GlobalSearchOutcome = { type: "navigate"; route: RouteDescriptor } | SearchFailedEvent;

/**
 * 000 §2: where the global search goes on submit, from the identifiers the query was recognised as.
 * Access to the graph visualizer is checked first (`canAccess`), and it is preferred when allowed.
 * - IP results open the block explorer.
 * - One address: the graph visualizer plotting it, else its address page.
 * - One transaction: the graph visualizer with chain and txn, else the transaction explorer.
 * - Several: the graph visualizer, else (choice) the address page of the first address, or the
 *   transaction explorer of the first transaction when none is an address; the navigation state
 *   carries searchCriteria, searchResults and searchType so the page can offer the other chains.
 * - Nothing: the search_failed event.
 */
export function globalSearchRoute(options: {
  query: string;
  identifiers: readonly RecognizedIdentifier[];
  canAccess: (route: RouteName) => boolean;
}): GlobalSearchOutcome {
  const query = options.query.trim();
  const graphAllowed = options.canAccess("graphVisualizer");
  const inet = options.identifiers.find((identifier) => identifier.kind === "inet");
  if (inet) return { type: "navigate", route: { name: "blockExplorer", query: { ip: inet.value } } };
  const onChain = options.identifiers.filter((identifier) => identifier.chain !== null);
  const [first] = onChain;
  if (first === undefined || first.chain === null) return { type: "search_failed", query };

  if (onChain.length === 1) {
    if (first.kind === "address") {
      return {
        type: "navigate",
        route: graphAllowed
          ? { name: "graphVisualizer", query: { trmUrn: [first.urn] } }
          : { name: "addressPage", params: { address: first.value, chain: first.chain } },
      };
    }
    return {
      type: "navigate",
      route: graphAllowed
        ? { name: "graphVisualizer", query: { chain: first.chain, txn: first.value } }
        : { name: "transactionExplorer", params: { hash: first.value, chain: first.chain } },
    };
  }

  const firstAddress = onChain.find((identifier) => identifier.kind === "address");
  const state = {
    searchCriteria: query,
    searchResults: onChain.map(({ kind, chain, value, urn }) => ({ kind, chain, value, urn })),
    searchType: firstAddress ? "address" : "transaction",
  };
  if (graphAllowed) return { type: "navigate", route: { name: "graphVisualizer", state } };
  const route: RouteDescriptor = firstAddress?.chain
    ? { name: "addressPage", params: { address: firstAddress.value, chain: firstAddress.chain }, state }
    : { name: "transactionExplorer", params: { hash: first.value }, state };
  return { type: "navigate", route };
}
