import { type CounterpartyRow, counterpartyRowName } from "../flows/counterparties.ts";
import { type RiskIndicatorRow, riskVolumeUnknown } from "../flows/riskIndicators.ts";
import { riskLabelOf } from "../risk/riskScale.ts";
import {
  type CategoryAddressRow,
  type CategoryTransferRow,
  categoryTransferCounterpartyName,
} from "../transfers/schemas.ts";
import type { CsvCell } from "./csv.ts";

/**
 * The files of the follow-the-money tables: each column is a field of the table's row as its read
 * call answers it (002 §7 counterparty rows, 001 §3 category transfer and category address rows),
 * lists joined by "; ", so a file reads exactly as the table it came from.
 */
export const counterpartyCsvFields = [
  "counterpartyUrn",
  "counterpartyType",
  "name",
  "entityUrn",
  "addressChainUrn",
  "chain",
  "category",
  "categoryRiskScoreLevel",
  "riskScoreLevel",
  "incomingVolumeUsd",
  "outgoingVolumeUsd",
  "totalVolumeUsd",
  "incomingTransfers",
  "outgoingTransfers",
  "totalTransfers",
  "firstTransferAt",
  "lastTransferAt",
] as const satisfies readonly (keyof CounterpartyRow)[];

/**
 * After the row's own fields: issue 39's name by the one rule, its kind and the label's source, and
 * issue 43's count of transfers without a USD price (empty where the store does not count them).
 */
export const counterpartyExtraCsvFields = [
  "counterpartyName",
  "counterpartyNameKind",
  "counterpartyNameSource",
  "unpricedTransfers",
] as const;

/** Every column of a counterparty file, in order. */
export const counterpartyFileFields = [...counterpartyCsvFields, ...counterpartyExtraCsvFields] as const;

export const categoryTransferCsvFields = [
  "txTimestamp",
  "txHash",
  "counterpartyEntities",
  "chain",
  "asset",
  "totalAmountRaw",
  "totalAmountUsd",
  "relevantAmountRaw",
  "relevantAmountUsd",
  // Issue 39, after 001 §3's fields so a reader of the earlier columns is unchanged: the
  // counterparty's address, and its name by the one rule with its kind and the label's source.
  "counterpartyAddressChainUrns",
  "counterpartyName",
  "counterpartyNameKind",
  "counterpartyNameSource",
] as const;

export const categoryAddressCsvFields = [
  "addressChainUrn",
  "chain",
  "addressLabelsMini",
  "totalVolumeUsd",
  "incomingVolumeUsd",
  "outgoingVolumeUsd",
  "balanceAmountUsd",
  "nativeAssetBalanceAmountRaw",
  "uniqueAssetActiveCount",
  "uniqueAssetAllCount",
  "firstActiveDate",
  "lastActiveDate",
] as const satisfies readonly (keyof CategoryAddressRow)[];

/**
 * The risk pane's rows (001 §3 risk rows, riskiest first): the row's fields, the severity the pane
 * shows beside the level, and the transfers its volumes sum and those of them without a USD price
 * (issue 43). A volume none of whose transfers has a price is unknown: its cells stay empty.
 */
export const riskIndicatorCsvFields = [
  "categoryRiskScoreLevel",
  "severity",
  "category",
  "categoryId",
  "riskType",
  "instances",
  "totalVolumeUsd",
  "totalPercentage",
  "incomingVolumeUsd",
  "incomingPercentage",
  "outgoingVolumeUsd",
  "outgoingPercentage",
  "maxTransactionDate",
  "totalTransfers",
  "unpricedTransfers",
] as const;

export type CounterpartyCsvRow = Record<
  (typeof counterpartyCsvFields)[number] | (typeof counterpartyExtraCsvFields)[number],
  CsvCell
>;
export type CategoryTransferCsvRow = Record<(typeof categoryTransferCsvFields)[number], CsvCell>;
export type CategoryAddressCsvRow = Record<(typeof categoryAddressCsvFields)[number], CsvCell>;
export type RiskIndicatorCsvRow = Record<(typeof riskIndicatorCsvFields)[number], CsvCell>;

export function counterpartyCsvRow(row: CounterpartyRow): CounterpartyCsvRow {
  const cells = {} as CounterpartyCsvRow;
  for (const field of counterpartyCsvFields) cells[field] = row[field];
  const name = counterpartyRowName(row);
  cells.counterpartyName = name?.name ?? null;
  cells.counterpartyNameKind = name?.kind ?? null;
  cells.counterpartyNameSource = name?.source ?? null;
  cells.unpricedTransfers = row.unpricedTransfers ?? null;
  return cells;
}

export function categoryTransferCsvRow(row: CategoryTransferRow): CategoryTransferCsvRow {
  const name = categoryTransferCounterpartyName(row);
  return {
    txTimestamp: row.txTimestamp,
    txHash: row.txHash,
    counterpartyEntities: row.counterpartyEntities.map((entity) => entity.entity).join("; "),
    chain: row.chain,
    asset: row.asset,
    totalAmountRaw: row.totalAmountRaw,
    totalAmountUsd: row.totalAmountUsd,
    relevantAmountRaw: row.relevantAmountRaw,
    relevantAmountUsd: row.relevantAmountUsd,
    counterpartyAddressChainUrns: (row.counterpartyAddressChainUrns ?? []).join("; "),
    counterpartyName: name?.name ?? null,
    counterpartyNameKind: name?.kind ?? null,
    counterpartyNameSource: name?.source ?? null,
  };
}

export function categoryAddressCsvRow(row: CategoryAddressRow): CategoryAddressCsvRow {
  return {
    addressChainUrn: row.addressChainUrn,
    chain: row.chain,
    addressLabelsMini: row.addressLabelsMini.join("; "),
    totalVolumeUsd: row.totalVolumeUsd,
    incomingVolumeUsd: row.incomingVolumeUsd,
    outgoingVolumeUsd: row.outgoingVolumeUsd,
    balanceAmountUsd: row.balanceAmountUsd,
    nativeAssetBalanceAmountRaw: row.nativeAssetBalanceAmountRaw,
    uniqueAssetActiveCount: row.uniqueAssetActiveCount,
    uniqueAssetAllCount: row.uniqueAssetAllCount,
    firstActiveDate: row.firstActiveDate,
    lastActiveDate: row.lastActiveDate,
  };
}

export function riskIndicatorCsvRow(row: Omit<RiskIndicatorRow, "details">): RiskIndicatorCsvRow {
  const volume = (usd: number) => (riskVolumeUnknown(row) ? null : usd);
  return {
    categoryRiskScoreLevel: row.categoryRiskScoreLevel,
    severity: riskLabelOf(row.categoryRiskScoreLevel),
    category: row.category,
    categoryId: row.categoryId,
    riskType: row.riskType,
    instances: row.instances,
    totalVolumeUsd: volume(row.totalVolumeUsd),
    totalPercentage: volume(row.totalPercentage),
    incomingVolumeUsd: volume(row.incomingVolumeUsd),
    incomingPercentage: volume(row.incomingPercentage),
    outgoingVolumeUsd: volume(row.outgoingVolumeUsd),
    outgoingPercentage: volume(row.outgoingPercentage),
    maxTransactionDate: row.maxTransactionDate,
    totalTransfers: row.totalTransfers ?? null,
    unpricedTransfers: row.unpricedTransfers ?? null,
  };
}
