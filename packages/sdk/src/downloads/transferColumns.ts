import { counterpartyNameOf } from "../attribution/counterpartyName.ts";
import type { EntityTransferRow, TransferRow } from "../transfers/schemas.ts";

/**
 * The one column definition of a transfer file (the export jobs, the direct download and `sleuth
 * transfers --format csv`): 001 §3's transfer row fields in 001 §2's table order, then the rest.
 * `addressChainUrn` is the entity's own address in entity and custom-entity tables (empty for one
 * address); `runningBalanceRaw` is empty outside address tables, as the table shows it.
 */
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
  // Issue 39: the counterparty's name by the one rule (owner entity, else best label), its kind and
  // the label's source; after the 001 §3 fields, so a reader of the earlier columns is unchanged.
  "counterpartyName",
  "counterpartyNameKind",
  "counterpartyNameSource",
] as const;
export type TransferCsvField = (typeof transferCsvFields)[number];
export type TransferCsvRow = Record<TransferCsvField, string | number | null>;

/**
 * A 001 §3 transfer row (as the transfer listing answers it) as one CSV record: lists joined by
 * "; ", a missing USD amount or running balance left empty (never 0). Cells are neutralised by the
 * SDK's CSV writer.
 */
export function transferCsvRow(row: TransferRow | EntityTransferRow): TransferCsvRow {
  const name = counterpartyNameOf({
    entity: row.counterpartyEntities[0]?.entity,
    label: row.counterpartyLabel,
  });
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
    counterpartyName: name?.name ?? null,
    counterpartyNameKind: name?.kind ?? null,
    counterpartyNameSource: name?.source ?? null,
  };
}
