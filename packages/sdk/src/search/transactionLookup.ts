import { z } from "zod";
import { addressPropertiesSchema } from "../addressProperties/addressProperties.ts";
import { attributionTagSchema } from "../attribution/attributionTag.ts";
import { attributionLabelSchema } from "../attribution/counterpartyName.ts";
import { chainIdSchema } from "../chains/chainRegistry.ts";
import { addressChainUrnSchema, transactionUrnSchema } from "../chains/urn.ts";
import type { TransactionResult } from "./searchSchemas.ts";

// Choice: one lookup names at most this many hashes (a pasted list goes out in several requests).
export const transactionLookupMaxHashes = 100;

/**
 * Body of POST /trm-insights/v4/transaction (001 §7). A hash may be any spelling the SDK accepts for
 * some chain (it is looked up on every chain it fits), or a transaction URN to pin the chain.
 */
export const transactionLookupRequestSchema = z.object({
  tx_hashes: z.array(z.string().trim().min(1).max(256)).min(1).max(transactionLookupMaxHashes),
  include_fee: z.boolean().default(false),
  include_raw_tx: z.boolean().default(false),
  include_signatures: z.boolean().default(false),
  exclude_transfers: z.boolean().default(false),
});
export type TransactionLookupRequest = z.input<typeof transactionLookupRequestSchema>;

/** 002 §3 Transfer label. */
export const transferLabelSchema = z.object({
  kind: z.string(),
  display_name: z.string(),
  description: z.string(),
  value: z.string().nullable(),
});
export type TransferLabel = z.infer<typeof transferLabelSchema>;

/** 002 §3: the previous or next transaction of a party's address, with what that address moved in it. */
export const neighbourTransactionSchema = z.object({
  urn: transactionUrnSchema,
  timestamp: z.iso.datetime({ offset: true }),
  /** Decimal string in whole units of the asset; negative when the address sent. */
  amount: z.string(),
  amount_usd: z.number().nullable(),
});
export type NeighbourTransaction = z.infer<typeof neighbourTransactionSchema>;

/**
 * 002 §3 Transaction rows, one side (`from` or `to`) of one value movement. `value` is a decimal string
 * in whole units of the asset (exact for any uint256). The previous and next transaction are the
 * party address's own, around this one.
 */
export const transactionPartySchema = z.object({
  address: z.string(),
  trmUrn: addressChainUrnSchema,
  value: z.string(),
  value_usd: z.number().nullable(),
  asset_symbol: z.string(),
  /** The token contract; null for the chain's native coin. */
  asset_address: z.string().nullable(),
  transfer_labels: z.array(transferLabelSchema),
  addressAttribution: z.object({ tags: z.array(attributionTagSchema) }),
  /**
   * Issue 39 (ours, additive): the address's best attribution label and its source, what names the
   * party when no entity owns it (counterpartyNameOf); null when it has none.
   */
  addressLabel: attributionLabelSchema.nullable().optional(),
  address_properties: addressPropertiesSchema,
  previous_transaction: neighbourTransactionSchema.nullable(),
  next_transaction: neighbourTransactionSchema.nullable(),
});
export type TransactionParty = z.infer<typeof transactionPartySchema>;

/**
 * 002 §3 Transaction rows, one per transaction found. `from`/`to` are absent with exclude_transfers;
 * `fee` (native units, decimal string) and `fee_usd` only with include_fee; `raw_tx` and `signatures`
 * only when asked, and null because the store keeps neither.
 */
export const transactionRowSchema = z.object({
  chain: chainIdSchema,
  tx_hash: z.string(),
  transactionUrn: transactionUrnSchema,
  block_number: z.number().int().nonnegative(),
  block_timestamp: z.iso.datetime({ offset: true }),
  value_usd: z.number().nullable(),
  op_return: z.string().nullable(),
  from: z.array(transactionPartySchema).optional(),
  to: z.array(transactionPartySchema).optional(),
  fee: z.string().optional(),
  fee_usd: z.number().nullable().optional(),
  raw_tx: z.string().nullable().optional(),
  signatures: z.array(z.string()).nullable().optional(),
});
export type TransactionRow = z.infer<typeof transactionRowSchema>;

/** The 002 §3 transaction result (search results, suggestions) of a looked-up transaction row. */
export function transactionResultOf(row: TransactionRow): TransactionResult {
  return {
    txnHash: row.tx_hash,
    transactionUrn: row.transactionUrn,
    chain: row.chain,
    block_timestamp: row.block_timestamp,
    value_usd: row.value_usd,
    // Every stored transaction is confirmed; "active" means the store knows it.
    isActive: true,
  };
}
