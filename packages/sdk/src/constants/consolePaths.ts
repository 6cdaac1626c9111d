// The console's pages, each spelled once: the console's router matches these patterns and builds its
// links from them, and the server's notifications link to them (notificationMessages.ts). The API
// shares the origin, so no console path may start with an API prefix (apiPaths.ts): the server
// serves index.html for console paths and the dev proxy forwards API prefixes.
export const consolePaths = {
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
  customEntities: "/custom-entities",
  organizationSettings: "/settings/organization",
  preferences: "/settings/preferences",
  // Issue 40: the instance operator's licences and networks (the page asks for the credential).
  operator: "/settings/operator",
  // 002 §2 refresh route: reloads the console after a feature flag changed.
  refresh: "/refresh",
  // 002 §2 triage: home (the search), the address page `address/{address}/{chain}`, the
  // transaction page, results and search history; 002 §4 the detectors list.
  triageHome: "/triage",
  triageAddress: "/triage/address/:address/:chain",
  triageTransaction: "/triage/transaction/:chain/:hash",
  triageResults: "/triage/search",
  triageHistory: "/triage/history",
  triageDetectors: "/triage/detectors",
} as const;

/** A console path of `pattern` with each `:name` segment replaced by its value, URL-encoded. */
export function consolePath(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`The console path ${pattern} needs ${name}`);
    return encodeURIComponent(value);
  });
}

/** The fixed start of a pattern, before its first parameter (`/address/` of `/address/:chain/:address`). */
export function consolePathPrefix(pattern: string): string {
  const parameter = pattern.indexOf(":");
  return parameter < 0 ? pattern : pattern.slice(0, parameter);
}
