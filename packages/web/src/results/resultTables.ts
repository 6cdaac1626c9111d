import type { SearchSection } from "@sleuth/sdk";
import type { TableId } from "../tables/tableCatalogue.ts";

/** Each search section's table in the catalogue, whose columns the 000 §3 table-config picks. */
export const resultTables = {
  transactions: "searchTransactions",
  entities: "searchEntities",
  customEntities: "searchCustomEntities",
  addresses: "searchAddresses",
  ips: "searchIps",
} as const satisfies Record<SearchSection, TableId>;
