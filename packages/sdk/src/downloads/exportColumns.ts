import type { AttributionType, AutocompleteHit } from "../search/autocomplete.ts";
import { type CsvCell, toCsvRecords } from "./csv.ts";
import type { ExportJobType } from "./exportJobs.ts";
import {
  categoryAddressCsvFields,
  categoryTransferCsvFields,
  counterpartyFileFields,
  riskIndicatorCsvFields,
} from "./flowColumns.ts";
import { transferCsvFields } from "./transferColumns.ts";

/** Screening (batch) results: one row per address asked about, in the order asked. */
export const screeningCsvFields = [
  "addressChainUrn",
  "chain",
  "address",
  "known",
  "entity",
  "category",
  "riskScore",
  "riskCategory",
  "balanceUsd",
  "totalVolumeUsd",
  "firstActiveDate",
  "lastActiveDate",
] as const;

/** Search results: one row per hit of one attribution type, in the ranking's order. */
export const searchResultCsvFields = [
  "attributionType",
  "match",
  "name",
  "urn",
  "chain",
  "category",
  "transfers",
  "totalVolumeUsd",
] as const;

export type ScreeningCsvRow = Record<(typeof screeningCsvFields)[number], CsvCell>;
export type SearchResultCsvRow = Record<(typeof searchResultCsvFields)[number], CsvCell>;

/** The columns of each job type's file. */
export const exportCsvFields = {
  ADDRESS_TRANSFERS_CSV: transferCsvFields,
  ENTITY_TRANSFERS_CSV: transferCsvFields,
  CUSTOM_ENTITY_TRANSFERS_CSV: transferCsvFields,
  SEARCH_RESULTS_CSV: searchResultCsvFields,
  SCREENING_RESULTS_CSV: screeningCsvFields,
  ADDRESS_COUNTERPARTIES_CSV: counterpartyFileFields,
  ENTITY_COUNTERPARTIES_CSV: counterpartyFileFields,
  CUSTOM_ENTITY_COUNTERPARTIES_CSV: counterpartyFileFields,
  CATEGORY_TRANSFERS_CSV: categoryTransferCsvFields,
  CATEGORY_ADDRESSES_CSV: categoryAddressCsvFields,
  RISK_INDICATORS_CSV: riskIndicatorCsvFields,
} as const satisfies Record<ExportJobType, readonly string[]>;

/**
 * The one row writer of every table (001 §4): the direct download and the background job write a
 * table's rows through it, so the same rows make the same bytes. Rows hold each cell under its
 * column's name; every cell goes through the SDK's formula neutralisation (toCsvRecords).
 */
export function exportCsvText(
  jobType: ExportJobType,
  rows: readonly Readonly<Record<string, CsvCell>>[],
  options: { header: boolean },
): string {
  return toCsvRecords(rows, exportCsvFields[jobType], options);
}

/** A table's header line, CRLF-terminated, as exportCsvText spells it. */
export function exportCsvHeaderLine(jobType: ExportJobType): string {
  return `${toCsvRecords([], exportCsvFields[jobType], { header: true }).split("\r\n")[0] ?? ""}\r\n`;
}

/** A search hit as its CSV row. */
export function searchResultCsvRow<T extends AttributionType>(
  attributionType: T,
  hit: AutocompleteHit<T>,
): SearchResultCsvRow {
  const row: SearchResultCsvRow = {
    attributionType,
    match: hit.match,
    name: null,
    urn: null,
    chain: null,
    category: null,
    transfers: null,
    totalVolumeUsd: null,
  };
  if ("addressChainUrn" in hit) {
    return {
      ...row,
      name: hit.address,
      urn: hit.addressChainUrn,
      chain: hit.chain,
      category: hit.category,
      transfers: hit.transactions,
      totalVolumeUsd: hit.totalVolume,
    };
  }
  if ("ip" in hit) return { ...row, name: hit.ip, urn: hit.entityUrn, category: hit.country };
  if ("category" in hit) {
    return {
      ...row,
      name: hit.name,
      urn: hit.entityUrn,
      category: hit.category,
      transfers: hit.totalTransfers,
      totalVolumeUsd: hit.totalVolume,
    };
  }
  if ("addressCount" in hit) {
    return {
      ...row,
      name: hit.name,
      urn: hit.entityUrn,
      transfers: hit.totalTransfers,
      totalVolumeUsd: hit.totalVolumeUsd,
    };
  }
  return row;
}
