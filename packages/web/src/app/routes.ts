// Console routes. The API shares the origin, so no console path may start with an API prefix
// (the server serves index.html for console paths and the dev proxy forwards API prefixes).
export const routes = {
  home: "/",
  signIn: "/signin",
  search: "/search",
  address: "/address/:chain/:address",
  entity: "/entity/:id",
  customEntity: "/custom-entity/:id",
  transaction: "/tx/:chain/:hash",
  // 000 §2 transaction explorer: the chain is optional (a hash shared by several chains).
  transactionAnyChain: "/tx/:hash",
  ip: "/ip/:ip",
  graph: "/graph",
  triage: "/triage/*?",
  // 002 §2 triage: home and the address page `address/{address}/{chain}`.
  triageHome: "/triage",
  triageAddress: "/triage/address/:address/:chain",
} as const;

/** Path prefixes the API answers at (docs/API.md); Vite's dev server proxies these. */
export const apiPathPrefixes = [
  "/organizations",
  "/cases",
  "/graphs",
  "/v1",
  "/v2",
  "/v3",
  "/trm-insights",
  "/risk",
  "/user-",
  "/users-",
  "/auth",
  "/api-tokens",
  "/feature-flags",
  "/healthz",
  "/chainabuse",
  "/triage/v1",
] as const;

/** True when a path belongs to the API rather than the console (a plain prefix test, as the proxy does). */
export function isApiPath(path: string): boolean {
  return apiPathPrefixes.some((prefix) => path.startsWith(prefix));
}

/**
 * Where to go after signing in: only a console path of this origin, so a crafted
 * `/signin?next=https://evil.example` or `//evil.example` cannot send the user elsewhere.
 */
export function safeNextPath(next: string | null): string {
  if (!next?.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return routes.home;
  const path = next.split(/[?#]/)[0] ?? "";
  if (path === routes.signIn || isApiPath(path)) return routes.home;
  return next;
}

export function signInPath(next: string | null): string {
  return next && next !== routes.home ? `${routes.signIn}?next=${encodeURIComponent(next)}` : routes.signIn;
}
