import type { EntityTransferRow, TransferRow } from "@sleuth/sdk";

/** The CSV columns of `sleuth transfers`, in order: 001 §2's transfer table columns, then the rest. */
export const transferCsvFields = [
  "transactionTimestamp",
  "transactionUrn",
  "counterpartyAddressChainUrns",
  "counterpartyEntities",
  "direction",
  "relevantAmountRaw",
  "relevantAmountUsd",
  "runningBalanceRaw",
  "asset",
  "counterpartyCategories",
  "chain",
  "assetUrn",
  "to",
  "addressChainUrn",
] as const;
export type TransferCsvField = (typeof transferCsvFields)[number];

/**
 * A transfer row as one CSV record: lists joined by "; ", a missing USD amount or running balance
 * left empty (never 0). Cells are neutralised by the SDK's CSV writer.
 */
export function transferCsvRow(
  row: TransferRow | EntityTransferRow,
): Record<TransferCsvField, string | number | null> {
  return {
    transactionTimestamp: row.transactionTimestamp,
    transactionUrn: row.transactionUrn,
    counterpartyAddressChainUrns: row.counterpartyAddressChainUrns.join("; "),
    counterpartyEntities: row.counterpartyEntities.map((entity) => entity.entity).join("; "),
    direction: row.direction,
    relevantAmountRaw: row.relevantAmountRaw,
    relevantAmountUsd: row.relevantAmountUsd,
    runningBalanceRaw: row.runningBalanceRaw,
    asset: row.asset,
    counterpartyCategories: row.counterpartyCategories.map((category) => category.category).join("; "),
    chain: row.chain,
    assetUrn: row.assetUrn,
    to: row.to,
    addressChainUrn: "addressChainUrn" in row ? row.addressChainUrn : null,
  };
}
