import type { SearchSection } from "@sleuth/sdk";

// 000 §2 names the groups of the results list (IPs, Entities, Custom Entities, Addresses); the
// transactions heading is ours. Palette headings and results tabs read the same labels.
export const searchSectionLabels = {
  transactions: "Transactions",
  entities: "Entities",
  customEntities: "Custom Entities",
  addresses: "Addresses",
  ips: "IPs",
} as const satisfies Record<SearchSection, string>;
