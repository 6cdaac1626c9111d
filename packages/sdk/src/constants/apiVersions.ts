/**
 * 000 §7 and 001 §7 name several versions of some analytics calls ("v4 to v7", "v{n}"), and 000 §6
 * says a feature flag affects the API version choice. Each family below lists the versions the
 * server answers under (oldest first; the server registers exactly these) and the one a client
 * pins. With the `apiVersionLatest` flag on, a client sends each call's latest version instead.
 */
export const apiVersionFamilies = {
  /** …/flows/{valueType}/summary and /summary/bulk. */
  flowSummary: { versions: ["v4", "v5", "v6", "v7"], pinned: "v5" },
  /** …/flows/{type}/by-counterparty-{kind}/transfers, …/to-{kind}/transfers (and /count), …/chain-assets/…/info. */
  counterpartyFlows: { versions: ["v4", "v5", "v6", "v7"], pinned: "v5" },
  /** …/flows/{valueType}/by-counterparty-category/transfers and /filter-values. */
  categoryFlows: { versions: ["v4", "v5", "v6"], pinned: "v5" },
  /** …/flows/{valueType}/by-ownership-category/addresses and /summary. */
  ownershipFlows: { versions: ["v4", "v5"], pinned: "v4" },
  /** …/statistics/{type}/summary and /summary/bulk. */
  statistics: { versions: ["v4", "v5"], pinned: "v4" },
  /** 001 §7 …/flows/{valueType}/transfers in its offset form. */
  offsetTransfers: { versions: ["v5", "v6"], pinned: "v5" },
  /** …/flows/entity/transfers and /count. */
  entityTransfers: { versions: ["v6", "v7"], pinned: "v6" },
} as const satisfies Record<string, { versions: readonly string[]; pinned: string }>;

export type ApiVersionFamily = keyof typeof apiVersionFamilies;

/** The version a call of this family is sent under: the pinned one, or the latest with the flag on. */
export function apiVersionOf(family: ApiVersionFamily, latest: boolean): string {
  const { versions, pinned } = apiVersionFamilies[family];
  return latest ? (versions.at(-1) ?? pinned) : pinned;
}
