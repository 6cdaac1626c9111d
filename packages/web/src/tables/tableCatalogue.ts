/**
 * Every table of the console whose visible columns the 000 §3 table-config preference chooses,
 * with its columns in display order. The preference stores column ids per table id, so these ids
 * are part of what users keep: rename one only with a migration of the stored preference.
 * `fixed` marks the column holding the row's link (Enter and j/k act on it): it always stays.
 */
export interface CatalogueColumn {
  readonly id: string;
  readonly header: string;
  readonly numeric?: boolean;
  readonly fixed?: boolean;
}

export interface CatalogueTable {
  readonly label: string;
  readonly columns: readonly CatalogueColumn[];
}

export const tableCatalogue = {
  transfers: {
    label: "Transfers",
    columns: [
      { id: "time", header: "Time (UTC)" },
      { id: "transaction", header: "Transaction", fixed: true },
      { id: "counterparty", header: "Counterparty" },
      { id: "counterpartyEntity", header: "Counterparty entity" },
      { id: "direction", header: "Direction" },
      { id: "amount", header: "Amount", numeric: true },
      { id: "usd", header: "USD", numeric: true },
      { id: "runningBalance", header: "Running balance", numeric: true },
      { id: "asset", header: "Asset" },
      { id: "categories", header: "Categories" },
      { id: "chain", header: "Chain" },
    ],
  },
  counterparties: {
    label: "Counterparties",
    columns: [
      { id: "counterparty", header: "Counterparty", fixed: true },
      { id: "category", header: "Category" },
      { id: "risk", header: "Risk" },
      { id: "received", header: "Received", numeric: true },
      { id: "sent", header: "Sent", numeric: true },
      { id: "total", header: "Total", numeric: true },
      { id: "transfers", header: "Transfers", numeric: true },
      { id: "lastTransfer", header: "Last transfer" },
    ],
  },
  transactionParties: {
    label: "Transaction transfers",
    columns: [
      { id: "side", header: "Side" },
      { id: "party", header: "Address", fixed: true },
      { id: "labels", header: "Transfer labels" },
      { id: "properties", header: "Address properties" },
      { id: "amount", header: "Amount", numeric: true },
      { id: "usd", header: "USD", numeric: true },
      { id: "previous", header: "Previous transaction" },
      { id: "next", header: "Next transaction" },
    ],
  },
  holdings: {
    label: "Holdings",
    columns: [
      { id: "asset", header: "Asset", fixed: true },
      { id: "balance", header: "Balance", numeric: true },
      { id: "usd", header: "USD", numeric: true },
    ],
  },
  assetMetrics: {
    label: "Holdings by asset",
    columns: [
      { id: "asset", header: "Asset", fixed: true },
      { id: "balance", header: "Balance", numeric: true },
      { id: "balanceUsd", header: "Balance USD", numeric: true },
      { id: "received", header: "Received", numeric: true },
      { id: "sent", header: "Sent", numeric: true },
      { id: "transfers", header: "Transfers", numeric: true },
    ],
  },
  riskIndicators: {
    label: "Risk indicators",
    columns: [
      { id: "category", header: "Category", fixed: true },
      { id: "severity", header: "Severity" },
      { id: "riskType", header: "Risk type" },
      { id: "instances", header: "Instances", numeric: true },
      { id: "received", header: "Received", numeric: true },
      { id: "sent", header: "Sent", numeric: true },
      { id: "share", header: "Share", numeric: true },
      { id: "latest", header: "Latest" },
    ],
  },
  ips: {
    label: "IP addresses",
    columns: [
      { id: "ip", header: "IP", fixed: true },
      { id: "country", header: "Country" },
      { id: "isp", header: "ISP" },
      { id: "flags", header: "Flags" },
      { id: "observations", header: "Observations", numeric: true },
      { id: "addresses", header: "Addresses", numeric: true },
      { id: "firstSeen", header: "First seen" },
      { id: "lastSeen", header: "Last seen" },
    ],
  },
  customEntities: {
    label: "Custom entities",
    columns: [
      { id: "name", header: "Name", fixed: true },
      { id: "addresses", header: "Addresses", numeric: true },
      { id: "access", header: "Your access" },
      { id: "createdBy", header: "Created by" },
      { id: "lastActive", header: "Last active" },
      { id: "created", header: "Created" },
    ],
  },
  cases: {
    label: "Cases",
    columns: [
      { id: "name", header: "Name", fixed: true },
      { id: "owner", header: "Owner" },
      { id: "sharing", header: "Sharing" },
      { id: "elements", header: "Elements", numeric: true },
      { id: "updated", header: "Updated" },
    ],
  },
  flags: {
    label: "Flags",
    columns: [
      { id: "flagged", header: "Flagged" },
      { id: "element", header: "Element", fixed: true },
      { id: "category", header: "Category" },
      { id: "by", header: "By" },
      { id: "case", header: "Case" },
    ],
  },
  reports: {
    label: "Reports",
    columns: [
      { id: "sent", header: "Sent", fixed: true },
      { id: "kind", header: "Kind" },
      { id: "by", header: "By" },
      { id: "details", header: "Details" },
    ],
  },
  // The search results page's tables, one per section; headers as `searchSectionColumns` names them.
  searchTransactions: {
    label: "Search results: transactions",
    columns: [
      { id: "title", header: "Transaction", fixed: true },
      { id: "chain", header: "Chain" },
      { id: "time", header: "Time (UTC)" },
      { id: "value", header: "Value" },
    ],
  },
  searchEntities: {
    label: "Search results: entities",
    columns: [
      { id: "title", header: "Entity", fixed: true },
      { id: "category", header: "Category" },
      { id: "risk", header: "Risk" },
      { id: "addresses", header: "Addresses" },
      { id: "transfers", header: "Transfers" },
      { id: "volume", header: "Volume" },
      { id: "received", header: "Received", numeric: true },
      { id: "sent", header: "Sent", numeric: true },
      { id: "active", header: "Active" },
    ],
  },
  searchCustomEntities: {
    label: "Search results: custom entities",
    columns: [
      { id: "title", header: "Custom entity", fixed: true },
      { id: "createdBy", header: "Created by" },
      { id: "addresses", header: "Addresses" },
      { id: "transfers", header: "Transfers" },
      { id: "volume", header: "Volume" },
      { id: "lastActive", header: "Last active" },
      { id: "received", header: "Received", numeric: true },
      { id: "sent", header: "Sent", numeric: true },
    ],
  },
  searchAddresses: {
    label: "Search results: addresses",
    columns: [
      { id: "title", header: "Address", fixed: true },
      { id: "chain", header: "Chain" },
      { id: "attribution", header: "Attribution" },
      { id: "risk", header: "Risk" },
      { id: "transfers", header: "Transfers" },
      { id: "volume", header: "Volume" },
      { id: "received", header: "Received", numeric: true },
      { id: "sent", header: "Sent", numeric: true },
      { id: "active", header: "Active" },
    ],
  },
  searchIps: {
    label: "Search results: IPs",
    columns: [
      { id: "title", header: "IP", fixed: true },
      { id: "country", header: "Country" },
      { id: "isp", header: "ISP" },
      { id: "associatedAddresses", header: "Associated addresses" },
      { id: "observations", header: "Observations" },
    ],
  },
} as const satisfies Record<string, CatalogueTable>;

export type TableId = keyof typeof tableCatalogue;
export type ColumnId<T extends TableId> = (typeof tableCatalogue)[T]["columns"][number]["id"];
export type TableColumn<T extends TableId> = (typeof tableCatalogue)[T]["columns"][number];

export const tableIds = Object.keys(tableCatalogue) as TableId[];
