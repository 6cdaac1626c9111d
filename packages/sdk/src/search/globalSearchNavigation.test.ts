import { describe, expect, test } from "vitest";
import { chainIds } from "../chains/chainRegistry.ts";
import { globalSearchRoute } from "./globalSearchNavigation.ts";
import { readSearchInput } from "./searchInput.ts";
import type { RouteName } from "./searchRoutes.ts";

const address = `0x${"ab".repeat(20)}`;
const hash = `0x${"cd".repeat(32)}`;
const onlyEthereum = chainIds.filter((chain) => chain !== "ethereum");

function route(query: string, graph: boolean, excludedChains: (typeof chainIds)[number][] = []) {
  const input = readSearchInput(query, { excludedChains });
  const checked: RouteName[] = [];
  const outcome = globalSearchRoute({
    query,
    identifiers: input.type === "query" ? input.identifiers : [],
    canAccess: (name) => {
      checked.push(name);
      return graph;
    },
  });
  return { outcome, checked };
}

describe("000 §2 global search navigation", () => {
  test("000 §2 one address match opens the graph visualizer when accessible, else its page", () => {
    const withGraph = route(address, true, onlyEthereum);
    expect(withGraph.checked).toEqual(["graphVisualizer"]);
    expect(withGraph.outcome).toEqual({
      type: "navigate",
      route: { name: "graphVisualizer", query: { trmUrn: [`urn:sleuth:address:ethereum:${address}`] } },
    });
    expect(route(address, false, onlyEthereum).outcome).toEqual({
      type: "navigate",
      route: { name: "addressPage", params: { address, chain: "ethereum" } },
    });
  });

  test("000 §2 one transaction match opens the graph visualizer with chain and txn, else the explorer", () => {
    expect(route(hash, true, onlyEthereum).outcome).toEqual({
      type: "navigate",
      route: { name: "graphVisualizer", query: { chain: "ethereum", txn: hash } },
    });
    expect(route(hash, false, onlyEthereum).outcome).toEqual({
      type: "navigate",
      route: { name: "transactionExplorer", params: { hash, chain: "ethereum" } },
    });
  });

  test("000 §2 several matches carry searchCriteria, searchResults and searchType", () => {
    const { outcome } = route(address, false, ["polygon", "bsc", "arbitrum", "avalanche-c", "optimism"]);
    expect(outcome).toMatchObject({
      type: "navigate",
      route: {
        name: "addressPage",
        params: { address, chain: "ethereum" },
        state: {
          searchCriteria: address,
          searchType: "address",
          searchResults: [
            { kind: "address", chain: "ethereum", value: address },
            { kind: "address", chain: "base", value: address },
          ],
        },
      },
    });
    const graph = route(hash, true);
    expect(graph.outcome.type === "navigate" && graph.outcome.route.name).toBe("graphVisualizer");
    expect(graph.outcome.type === "navigate" && graph.outcome.route.state?.searchType).toBe("transaction");
  });

  test("000 §2 IP results open the block explorer", () => {
    expect(route("1.2.3.4", true).outcome).toEqual({
      type: "navigate",
      route: { name: "blockExplorer", query: { ip: "1.2.3.4" } },
    });
  });

  test("000 §5 nothing matched is a search_failed event", () => {
    expect(route("nothing here", true).outcome).toEqual({ type: "search_failed", query: "nothing here" });
  });
});
