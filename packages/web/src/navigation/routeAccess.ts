import { parseUrn, type RouteDescriptor, type RouteName } from "@sleuth/sdk";

// 000 §2 / 002 §6: a route must be accessible before search navigates to it or offers to open it.
// Choice: global search does not land on the graph visualizer's search screens, so it takes the
// 000 §2 alternatives (address page, transaction explorer); the graph is reached by plotting, whose
// access (the editor role) graph/plotOnGraph.ts checks before opening the route. Every block
// explorer and triage route is open to any member of the organization.
const unavailableRoutes: ReadonlySet<RouteName> = new Set(["graphVisualizer", "graphVisualizerResults"]);

export function canAccessRoute(name: RouteName): boolean {
  return !unavailableRoutes.has(name);
}

/**
 * 000 §2: a route the user cannot access is replaced by the page 000 §2 names as its alternative
 * (the graph visualizer's transaction opens the transaction explorer, its single address the address
 * page); other routes are returned as they are.
 */
export function accessibleRoute(route: RouteDescriptor): RouteDescriptor {
  if (route.name !== "graphVisualizer" || canAccessRoute(route.name)) return route;
  const query = route.query ?? {};
  const first = (value: string | readonly string[] | undefined) =>
    typeof value === "string" ? value : value?.[0];
  const chain = first(query.chain);
  const txn = first(query.txn);
  if (chain && txn) {
    return {
      name: "transactionExplorer",
      params: { chain, hash: txn },
      ...(route.state ? { state: route.state } : {}),
    };
  }
  const urn = first(query.trmUrn);
  const parts = urn ? parseUrn(urn) : null;
  if (parts?.kind === "address") {
    return {
      name: "addressPage",
      params: { chain: parts.chain, address: parts.address },
      ...(route.state ? { state: route.state } : {}),
    };
  }
  return route;
}
