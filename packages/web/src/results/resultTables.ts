import type { FiguresText, SearchSection } from "@sleuth/sdk";
import type { TableId } from "../tables/tableCatalogue.ts";

/** Each search section's table in the catalogue, whose columns the 000 §3 table-config picks. */
export const resultTables = {
  transactions: "searchTransactions",
  entities: "searchEntities",
  customEntities: "searchCustomEntities",
  addresses: "searchAddresses",
  ips: "searchIps",
} as const satisfies Record<SearchSection, TableId>;

/**
 * The catalogue columns after a section's own (searchSectionColumns) that 000 §7's bulk flow
 * summary and statistics fill, and the part of the figures text each shows.
 */
export const resultFigureColumns: Record<string, keyof FiguresText> = {
  Received: "received",
  Sent: "sent",
  Active: "active",
};
