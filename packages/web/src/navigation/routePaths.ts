import { chainById, parseUrn, type RouteDescriptor, type RouteName } from "@sleuth/sdk";
import { routes } from "../app/routes.ts";
import { triageAddressPath, triageRoutes, triageTransactionPath } from "../triage/triagePaths.ts";

/** Where the console goes for an SDK route: a path with its query, and what travels with it. */
export interface ConsoleLocation {
  to: string;
  state?: Record<string, unknown>;
  replace?: boolean;
}

const segment = (value: string) => encodeURIComponent(value);

function withQuery(path: string, query: Record<string, string | readonly string[] | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of typeof value === "string" ? [value] : value) params.append(key, item);
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

function param(route: RouteDescriptor, name: string): string {
  const value = route.params?.[name];
  if (value === undefined || value === "") throw new Error(`Route ${route.name} needs the ${name} parameter`);
  return value;
}

function queryValue(route: RouteDescriptor, name: string): string | undefined {
  const value = route.query?.[name];
  return typeof value === "string" ? value : value?.[0];
}

/** A saved graph opened on the graph page (001 §2: `graphId`). */
export function savedGraphPath(graphId: string): string {
  return `${routes.graph}?graphId=${segment(graphId)}`;
}

/** The graph page plotting `urns` (001 §2: `trmUrn` repeated). */
export function plotPath(urns: readonly string[]): string {
  return `${routes.graph}?${urns.map((urn) => `trmUrn=${segment(urn)}`).join("&")}`;
}

/** The short chain code used in console paths (`/address/btc/…`); the id for chains without one. */
export function chainSegment(chain: string): string {
  return chainById(chain)?.symbol ?? chain;
}

export function addressPath(chain: string, address: string): string {
  return `/address/${segment(chainSegment(chain))}/${segment(address)}`;
}

export function transactionPath(chain: string | null, hash: string): string {
  return chain ? `/tx/${segment(chainSegment(chain))}/${segment(hash)}` : `/tx/${segment(hash)}`;
}

export function entityPath(entityUrn: string): string {
  const parts = parseUrn(entityUrn);
  if (parts?.kind !== "entity") throw new Error(`Not an entity URN: ${entityUrn}`);
  return `/entity/${segment(parts.id)}`;
}

export function customEntityPath(customEntityUrn: string): string {
  const parts = parseUrn(customEntityUrn);
  if (parts?.kind !== "custom-entity") throw new Error(`Not a custom entity URN: ${customEntityUrn}`);
  return `/custom-entity/${segment(parts.id)}`;
}

export function ipPath(ip: string): string {
  return `/ip/${segment(ip)}`;
}

/** The results page; `tab` opens one tab (002 §2 initial tab), otherwise the page picks it. */
export function searchResultsPath(query: string, tab?: string): string {
  return withQuery(routes.search, { q: query, tab });
}

/** The page of any URN the console can open (history entries, links between pages), or null. */
export function pathOfUrn(urn: string): string | null {
  const parts = parseUrn(urn);
  switch (parts?.kind) {
    case "address":
      return addressPath(parts.chain, parts.address);
    case "transaction":
      return transactionPath(parts.chain, parts.hash);
    case "entity":
      return entityPath(urn);
    case "custom-entity":
      return customEntityPath(urn);
    case "inet":
      return ipPath(parts.ip);
    default:
      return null;
  }
}

/**
 * The console path of an SDK route (000 §2 / 002 §2 name routes; their paths are ours, see
 * docs/API.md for the API's). Choices: the console is the block explorer, so its IP view is the IP
 * page and its search results are /search; the graph visualizer results share that page; triage
 * paths live under /triage.
 */
export function pathOfRoute(route: RouteDescriptor): ConsoleLocation {
  const location = (to: string): ConsoleLocation => ({
    to,
    ...(route.state ? { state: route.state } : {}),
    ...(route.replace ? { replace: true } : {}),
  });
  const name: RouteName = route.name;
  switch (name) {
    case "blockExplorer": {
      const ip = queryValue(route, "ip");
      return location(ip ? ipPath(ip) : routes.home);
    }
    case "blockExplorerSearch":
      return location(routes.search);
    case "blockExplorerSearchResults":
    case "graphVisualizerResults":
      return location(searchResultsPath(queryValue(route, "query") ?? "", queryValue(route, "tab")));
    case "graphVisualizer":
      return location(withQuery(routes.graph, route.query ?? {}));
    case "transactionExplorer":
      return location(transactionPath(route.params?.chain ?? null, param(route, "hash")));
    case "addressPage":
      return location(addressPath(param(route, "chain"), param(route, "address")));
    case "entityPage":
      return location(entityPath(param(route, "entityUrn")));
    case "customEntityPage":
      return location(customEntityPath(param(route, "customEntityUrn")));
    case "triageHome":
      // 002 §2 "back to current search": the search box gets its query back.
      return location(withQuery(triageRoutes.home, { q: queryValue(route, "query") }));
    case "triageResults":
      return location(withQuery(triageRoutes.results, { q: queryValue(route, "query") }));
    case "triageSearchHistory":
      return location(triageRoutes.history);
    case "triageAddress":
      return location(triageAddressPath(chainSegment(param(route, "chain")), param(route, "address")));
    case "triageTransaction":
      return location(triageTransactionPath(chainSegment(param(route, "chain")), param(route, "hash")));
  }
}

/** The SDK route name of a console path, for 002 §2 "submit replaces a results route". */
export function routeNameOfPath(path: string): RouteName | null {
  const pathname = path.split(/[?#]/)[0] ?? "";
  if (pathname === routes.search) return "blockExplorerSearchResults";
  if (pathname === routes.graph) return "graphVisualizer";
  if (pathname === triageRoutes.results) return "triageResults";
  if (pathname === triageRoutes.history) return "triageSearchHistory";
  if (pathname.startsWith("/address/")) return "addressPage";
  if (pathname.startsWith("/tx/")) return "transactionExplorer";
  if (pathname.startsWith("/entity/")) return "entityPage";
  if (pathname.startsWith("/custom-entity/")) return "customEntityPage";
  if (pathname.startsWith("/ip/")) return "blockExplorer";
  return null;
}
