// The API and the console share an origin: these path prefixes are the API's (docs/API.md), so no
// console route may start with one, the console's dev server proxies them, and a sign-in never
// returns to one.

/** Path prefixes the API answers at. */
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
