// 002 §2 triage routes: home (the search), the address page `address/{address}/{chain}` and the
// transaction page, under the module's own prefix.
export const triageRoutes = {
  home: "/triage",
  // 002 §2 triage results and search history (the console's navigation/routePaths.ts agrees).
  results: "/triage/search",
  history: "/triage/history",
  detectors: "/triage/detectors",
  transaction: "/triage/transaction/:chain/:hash",
} as const;

export function triageAddressPath(chain: string, address: string, query?: Record<string, string>): string {
  const search = query && Object.keys(query).length > 0 ? `?${new URLSearchParams(query)}` : "";
  return `/triage/address/${encodeURIComponent(address)}/${encodeURIComponent(chain)}${search}`;
}

export function triageTransactionPath(chain: string, hash: string): string {
  return `/triage/transaction/${encodeURIComponent(chain)}/${encodeURIComponent(hash)}`;
}

/** 002 §4: the detectors list, opened in a new tab from the checklist. */
export const detectorsPath = triageRoutes.detectors;
