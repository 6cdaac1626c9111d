import {
  addressChainUrn,
  customEntityUrn,
  entityUrn,
  globalSearchRoute,
  inetUrn,
  isApiPath,
  randomSearchRoute,
  readSearchInput,
  searchSubmitRoute,
  suggestionAction,
  transactionUrn,
} from "@sleuth/sdk";
import { describe, expect, test } from "vitest";
import { accessibleRoute, canAccessRoute } from "./routeAccess.ts";
import { pathOfRoute, pathOfUrn, plotPath, routeNameOfPath, savedGraphPath } from "./routePaths.ts";

const btcAddress = "1BoatSLRHtKNngkdXEeobR76b53LETtpyT";
const ethAddress = "0xdac17f958d2ee523a2206206994597c13d831ec7";
const ethHash = `0x${"ab".repeat(32)}`;
const uuid = "6f1c2b1e-3a5d-4c7e-9f00-1234567890ab";

function navigateTo(item: Parameters<typeof suggestionAction>[0]): string {
  const action = suggestionAction(item, "navigation");
  if (action?.type !== "navigate") throw new Error("not a navigation");
  return pathOfRoute(accessibleRoute(action.route)).to;
}

describe("console paths of the search routes (000 §2, 002 §2)", () => {
  test("002 §2 a selected suggestion opens its address, transaction, entity, custom entity or IP page", () => {
    expect(navigateTo({ title: "a", addressChainUrn: addressChainUrn("bitcoin", btcAddress) })).toBe(
      `/address/btc/${btcAddress}`,
    );
    expect(navigateTo({ title: "t", transactionUrn: transactionUrn("ethereum", ethHash) })).toBe(
      `/tx/eth/${ethHash}`,
    );
    expect(navigateTo({ title: "e", entityUrn: entityUrn("binance") })).toBe("/entity/binance");
    expect(navigateTo({ title: "c", customEntityUrn: customEntityUrn(uuid) })).toBe(`/custom-entity/${uuid}`);
    // 000 §2: IP observations open the block explorer, whose IP view is the IP page.
    expect(navigateTo({ title: "i", inetUrn: inetUrn("203.0.113.7") })).toBe("/ip/203.0.113.7");
  });

  test("000 §2 graph access is checked first: without it one address opens its address page", () => {
    expect(canAccessRoute("graphVisualizer")).toBe(false);
    const input = readSearchInput(btcAddress);
    if (input.type !== "query") throw new Error("unexpected");
    const outcome = globalSearchRoute({
      query: btcAddress,
      identifiers: input.identifiers,
      canAccess: canAccessRoute,
    });
    if (outcome.type !== "navigate") throw new Error("no route");
    expect(pathOfRoute(outcome.route).to).toBe(`/address/btc/${btcAddress}`);
  });

  test("000 §2 several matches carry searchCriteria, searchResults and searchType in navigation state", () => {
    const input = readSearchInput(ethAddress);
    if (input.type !== "query") throw new Error("unexpected");
    const outcome = globalSearchRoute({
      query: ethAddress,
      identifiers: input.identifiers,
      canAccess: canAccessRoute,
    });
    if (outcome.type !== "navigate") throw new Error("no route");
    const location = pathOfRoute(outcome.route);
    expect(location.to).toBe(`/address/eth/${ethAddress}`);
    expect(location.state).toMatchObject({ searchCriteria: ethAddress, searchType: "address" });
    expect(((location.state?.searchResults ?? []) as unknown[]).length).toBeGreaterThan(1);
  });

  test("002 §2 the random transaction opens the transaction explorer while the graph is not accessible", () => {
    const sequence = [0.9, 0.5];
    const route = randomSearchRoute({ random: () => sequence.shift() ?? 0, transactions: [ethHash] });
    expect(route.name).toBe("graphVisualizer");
    expect(pathOfRoute(accessibleRoute(route)).to).toBe(`/tx/eth/${ethHash}`);
  });

  test("002 §2 submit goes to the results page, replacing it when already there", () => {
    const first = pathOfRoute(
      searchSubmitRoute({ module: "navigation", query: " binance ", currentRoute: null }),
    );
    expect(first).toEqual({ to: "/search?q=binance" });
    const again = searchSubmitRoute({
      module: "navigation",
      query: "kraken",
      currentRoute: routeNameOfPath("/search?q=binance"),
    });
    expect(pathOfRoute(again)).toEqual({ to: "/search?q=kraken", replace: true });
  });

  test("000 §2 console paths never fall under an API path", () => {
    const paths = [
      pathOfUrn(addressChainUrn("bitcoin", btcAddress)),
      pathOfUrn(transactionUrn("ethereum", ethHash)),
      pathOfUrn(entityUrn("binance")),
      pathOfUrn(customEntityUrn(uuid)),
      pathOfUrn(inetUrn("2001:db8::1")),
      "/search?q=x",
      "/graph?chain=ethereum",
    ];
    for (const path of paths) expect(isApiPath(path ?? ""), String(path)).toBe(false);
  });
});

test("001 §2 the graph route names a saved graph by graphId and plotted elements as repeated trmUrn", () => {
  expect(savedGraphPath("graph:1 2")).toBe("/graph?graphId=graph%3A1%202");
  const urns = ["urn:sleuth:address:ethereum:0xab", "urn:sleuth:entity:binance"];
  const path = plotPath(urns);
  expect(routeNameOfPath(path)).toBe("graphVisualizer");
  expect(new URLSearchParams(path.split("?")[1]).getAll("trmUrn")).toEqual(urns);
});
