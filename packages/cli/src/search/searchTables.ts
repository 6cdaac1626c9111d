import {
  type AddressHit,
  type CustomEntityHit,
  chainById,
  countText,
  dateText,
  displayAddress,
  type EntityHit,
  type InetHit,
  missingValueText,
  moneyText,
  type SearchSection,
  searchSectionLabels,
  searchSections,
  type TransactionResult,
  textOrMissing,
  truncateSearchTitle,
  utcDateTimePattern,
} from "@sleuth/sdk";
import { type Column, displayWidth, renderTable } from "../output/table.ts";
import type { SectionItems } from "./searchResults.ts";

const chainName = (chain: string) => chainById(chain)?.name ?? chain;

const transactionColumns: Column<TransactionResult>[] = [
  { header: "hash", value: (row) => truncateSearchTitle(row.txnHash, "transaction") },
  { header: "chain", value: (row) => chainName(row.chain) },
  {
    header: "time",
    value: (row) => dateText(row.block_timestamp, utcDateTimePattern),
  },
  { header: "value", value: (row) => moneyText(row.value_usd), align: "right", shrink: false },
  { header: "urn", value: (row) => row.transactionUrn, shrink: false },
];

const entityColumns: Column<EntityHit>[] = [
  { header: "name", value: (row) => row.name },
  { header: "category", value: (row) => row.category },
  { header: "addresses", value: (row) => countText(row.addresses), align: "right", shrink: false },
  { header: "volume", value: (row) => moneyText(row.totalVolume), align: "right", shrink: false },
  { header: "urn", value: (row) => row.entityUrn, shrink: false },
];

const customEntityColumns: Column<CustomEntityHit>[] = [
  { header: "name", value: (row) => row.name },
  {
    header: "created by",
    value: (row) =>
      row.createdByUser ? truncateSearchTitle(row.createdByUser, "creator") : missingValueText,
  },
  { header: "addresses", value: (row) => countText(row.addressCount), align: "right", shrink: false },
  { header: "volume", value: (row) => moneyText(row.totalVolumeUsd), align: "right", shrink: false },
  { header: "urn", value: (row) => row.entityUrn, shrink: false },
];

function addressChains(row: AddressHit): string {
  const others = row.seeMore?.length ?? 0;
  return others > 0 ? `${chainName(row.chain)} +${others}` : chainName(row.chain);
}

const addressColumns: Column<AddressHit>[] = [
  {
    header: "address",
    value: (row) => truncateSearchTitle(displayAddress(row.chain, row.address), "address"),
  },
  { header: "chain", value: addressChains },
  {
    header: "entity",
    value: (row) => row.tags[0]?.entity ?? row.relatedEntities[0]?.name ?? missingValueText,
  },
  { header: "category", value: (row) => row.category ?? row.tags[0]?.category ?? missingValueText },
  { header: "volume", value: (row) => moneyText(row.totalVolume), align: "right", shrink: false },
  { header: "urn", value: (row) => row.addressChainUrn, shrink: false },
];

const ipColumns: Column<InetHit>[] = [
  { header: "ip", value: (row) => row.ip },
  { header: "country", value: (row) => textOrMissing(row.country) },
  {
    header: "addresses",
    value: (row) => countText(row.numAssociatedAddresses),
    align: "right",
    shrink: false,
  },
  { header: "last seen", value: (row) => dateText(row.lastObservation) },
  { header: "urn", value: (row) => row.entityUrn, shrink: false },
];

/**
 * The terminal view of `sleuth search`: each section that has results, in the spec's order, under
 * its heading with its count. Identifiers are shortened as in the palette (002 §9); the URN column
 * keeps the whole identifier to copy, and is left out when the terminal is too narrow for it.
 */
export function renderSearchTables(sections: SectionItems, width: number | undefined): string {
  const fits = (text: string) =>
    width === undefined || text.split("\n").every((line) => displayWidth(line) <= width);
  const table = <T>(section: SearchSection, items: readonly T[], columns: readonly Column<T>[]) => {
    if (items.length === 0) return null;
    const heading = `${searchSectionLabels[section]} (${items.length})\n`;
    const whole = renderTable(items, columns, { tty: true, width });
    // A URN is only worth showing whole; on a narrow terminal the table goes without it (--json has it).
    if (fits(whole)) return heading + whole;
    return (
      heading +
      renderTable(
        items,
        columns.filter((column) => column.header !== "urn"),
        { tty: true, width },
      )
    );
  };
  const tables: Record<SearchSection, string | null> = {
    transactions: table("transactions", sections.transactions, transactionColumns),
    entities: table("entities", sections.entities, entityColumns),
    customEntities: table("customEntities", sections.customEntities, customEntityColumns),
    addresses: table("addresses", sections.addresses, addressColumns),
    ips: table("ips", sections.ips, ipColumns),
  };
  return searchSections.flatMap((section) => tables[section] ?? []).join("\n");
}
