import {
  chainById,
  consolePath,
  consolePathPrefix,
  consolePaths,
  parseUrn,
  type RouteDescriptor,
  type RouteName,
} from "@sleuth/sdk";
import { triageAddressPath, triageTransactionPath } from "../triage/triagePaths.ts";

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
  return `${consolePaths.graph}?graphId=${segment(graphId)}`;
}

/** The graph page plotting `urns` (001 §2: `trmUrn` repeated). */
export function plotPath(urns: readonly string[]): string {
  return `${consolePaths.graph}?${urns.map((urn) => `trmUrn=${segment(urn)}`).join("&")}`;
}

/** The short chain code used in console paths (`/address/btc/…`); the id for chains without one. */
export function chainSegment(chain: string): string {
  return chainById(chain)?.symbol ?? chain;
}

export function addressPath(chain: string, address: string): string {
  return consolePath(consolePaths.address, { chain: chainSegment(chain), address });
}

export function transactionPath(chain: string | null, hash: string): string {
  return chain
    ? consolePath(consolePaths.transaction, { chain: chainSegment(chain), hash })
    : consolePath(consolePaths.transactionAnyChain, { hash });
}

export function entityPath(entityUrn: string): string {
  const parts = parseUrn(entityUrn);
  if (parts?.kind !== "entity") throw new Error(`Not an entity URN: ${entityUrn}`);
  return consolePath(consolePaths.entity, { id: parts.id });
}

export function customEntityPath(customEntityUrn: string): string {
  const parts = parseUrn(customEntityUrn);
  if (parts?.kind !== "custom-entity") throw new Error(`Not a custom entity URN: ${customEntityUrn}`);
  return consolePath(consolePaths.customEntity, { id: parts.id });
}

export function ipPath(ip: string): string {
  return consolePath(consolePaths.ip, { ip });
}

/** The results page; `tab` opens one tab (002 §2 initial tab), otherwise the page picks it. */
export function searchResultsPath(query: string, tab?: string): string {
  return withQuery(consolePaths.search, { q: query, tab });
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
      return location(ip ? ipPath(ip) : consolePaths.home);
    }
    case "blockExplorerSearch":
      return location(consolePaths.search);
    case "blockExplorerSearchResults":
    case "graphVisualizerResults":
      return location(searchResultsPath(queryValue(route, "query") ?? "", queryValue(route, "tab")));
    case "graphVisualizer":
      return location(withQuery(consolePaths.graph, route.query ?? {}));
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
      return location(withQuery(consolePaths.triageHome, { q: queryValue(route, "query") }));
    case "triageResults":
      return location(withQuery(consolePaths.triageResults, { q: queryValue(route, "query") }));
    case "triageSearchHistory":
      return location(consolePaths.triageHistory);
    case "triageAddress":
      return location(triageAddressPath(chainSegment(param(route, "chain")), param(route, "address")));
    case "triageTransaction":
      return location(triageTransactionPath(chainSegment(param(route, "chain")), param(route, "hash")));
  }
}

/** The SDK route name of a console path, for 002 §2 "submit replaces a results route". */
export function routeNameOfPath(path: string): RouteName | null {
  const pathname = path.split(/[?#]/)[0] ?? "";
  if (pathname === consolePaths.search) return "blockExplorerSearchResults";
  if (pathname === consolePaths.graph) return "graphVisualizer";
  if (pathname === consolePaths.triageResults) return "triageResults";
  if (pathname === consolePaths.triageHistory) return "triageSearchHistory";
  const under = (pattern: string) => pathname.startsWith(consolePathPrefix(pattern));
  if (under(consolePaths.address)) return "addressPage";
  if (under(consolePaths.transaction)) return "transactionExplorer";
  if (under(consolePaths.entity)) return "entityPage";
  if (under(consolePaths.customEntity)) return "customEntityPage";
  if (under(consolePaths.ip)) return "blockExplorer";
  return null;
}
