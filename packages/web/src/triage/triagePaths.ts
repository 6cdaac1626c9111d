// 002 §2 triage routes: home (the search), the address page `address/{address}/{chain}`, the
// transaction page, results and search history; 002 §4 the detectors list. Every triage path of the
// console is spelled here: the router's patterns (app/routes.ts) and the builders below.
export const triageRoutes = {
  home: "/triage",
  address: "/triage/address/:address/:chain",
  transaction: "/triage/transaction/:chain/:hash",
  results: "/triage/search",
  history: "/triage/history",
  detectors: "/triage/detectors",
} as const;

export function triageAddressPath(chain: string, address: string, query?: Record<string, string>): string {
  const search = query && Object.keys(query).length > 0 ? `?${new URLSearchParams(query)}` : "";
  return `${triageRoutes.home}/address/${encodeURIComponent(address)}/${encodeURIComponent(chain)}${search}`;
}

export function triageTransactionPath(chain: string, hash: string): string {
  return `${triageRoutes.home}/transaction/${encodeURIComponent(chain)}/${encodeURIComponent(hash)}`;
}

/** 002 §4: the detectors list, opened in a new tab from the checklist. */
export const detectorsPath = triageRoutes.detectors;
