import { isApiPath } from "@sleuth/sdk";
import { triageRoutes } from "../triage/triagePaths.ts";

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
  // Issue "Act on findings": cases, inbox, flags and reports ("/cases" itself is an API prefix).
  workspaceCases: "/workspace/cases",
  workspaceCase: "/workspace/cases/:id",
  workspaceInbox: "/workspace/inbox",
  workspaceFlags: "/workspace/flags",
  workspaceReports: "/workspace/reports",
  triage: `${triageRoutes.home}/*?`,
  customEntities: "/custom-entities",
  organizationSettings: "/settings/organization",
  preferences: "/settings/preferences",
  // Issue 40: the instance operator's licences and networks (the page asks for the credential).
  operator: "/settings/operator",
  // 002 §2 refresh route: reloads the console after a feature flag changed.
  refresh: "/refresh",
  // 002 §2 triage, spelled in triage/triagePaths.ts.
  triageHome: triageRoutes.home,
  triageAddress: triageRoutes.address,
  triageTransaction: triageRoutes.transaction,
  triageResults: triageRoutes.results,
  triageHistory: triageRoutes.history,
  triageDetectors: triageRoutes.detectors,
} as const;

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
