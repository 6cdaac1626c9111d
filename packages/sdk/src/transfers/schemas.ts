import { z } from "zod";
import {
  attributionLabelSchema,
  type CounterpartyName,
  counterpartyNameOf,
} from "../attribution/counterpartyName.ts";
import { chainIdSchema } from "../chains/chainRegistry.ts";
import {
  addressChainUrnSchema,
  anyEntityUrnSchema,
  assetUrnSchema,
  transactionUrnSchema,
} from "../chains/urn.ts";

const instant = z.iso.datetime({ offset: true });

export const transferDirections = ["incoming", "outgoing"] as const;
export const transferDirectionSchema = z.enum(transferDirections);
export type TransferDirection = z.infer<typeof transferDirectionSchema>;

/** A named counterparty, as attribution tags name it (entity and entityUrn). */
export const counterpartyEntitySchema = z.object({ entity: z.string(), entityUrn: anyEntityUrnSchema });
export type CounterpartyEntity = z.infer<typeof counterpartyEntitySchema>;

/**
 * An exact decimal amount in whole units of its asset ("-0.5", "1234.000000000000000001"): raw
 * amounts reach uint256, which a JSON number cannot hold, and 001 §9 shows balances to 8 decimals.
 */
export const decimalAmountSchema = z
  .string()
  .regex(/^-?(0|[1-9][0-9]*)(\.[0-9]*[1-9])?$/, "a decimal amount");

/** 001 §3: relevantAmountRaw is negated for outgoing transfers. */
export function signedRelevantAmount(amount: string, direction: TransferDirection): string {
  const magnitude = amount.startsWith("-") ? amount.slice(1) : amount;
  return direction === "outgoing" && magnitude !== "0" ? `-${magnitude}` : magnitude;
}

/** 001 §3: a USD amount (or any numeric amount) carries the sign of its transfer's direction. */
export function signedAmountNumber(amount: number, direction: TransferDirection): number {
  return direction === "outgoing" ? -Math.abs(amount) : Math.abs(amount);
}

/**
 * 001 §3 Transfer row (address and entity transfer tables). Amounts are decimal strings in whole
 * units; relevantAmountUsd is null when the store has no price for the asset that day (never 0) and,
 * like the amount, negative for outgoing transfers. runningBalanceRaw is the address's balance of
 * the asset after the row; null in entity tables, where one address's balance says nothing.
 */
const transferRowFields = z.object({
  transactionTimestamp: instant,
  transactionUrn: transactionUrnSchema,
  to: z.string(),
  counterpartyEntities: z.array(counterpartyEntitySchema),
  counterpartyAddressChainUrns: z.array(addressChainUrnSchema),
  counterpartyCategories: z.array(z.object({ category: z.string() })),
  chain: chainIdSchema,
  direction: transferDirectionSchema,
  relevantAmountRaw: decimalAmountSchema,
  relevantAmountUsd: z.number().nullable(),
  runningBalanceRaw: decimalAmountSchema.nullable(),
  assetUrn: assetUrnSchema,
  asset: z.string(),
  /**
   * Issue 39 (ours, additive): the counterparty address's best attribution label and its source,
   * which names it when no entity owns it (`counterpartyNameOf`).
   */
  counterpartyLabel: attributionLabelSchema.nullable().optional(),
  /**
   * Issue 39 (ours, additive): true on an incoming row with no sender that was not minted: a UTXO
   * transaction whose inputs the data gives without addresses, paid by someone unknown.
   */
  senderUnknown: z.boolean().optional(),
});

/**
 * What a row with no counterparty address says in its place: newly minted value, a sender the data
 * does not name, or (outgoing) none: value burnt or sent to no address.
 */
export function missingCounterpartyText(row: {
  direction: TransferDirection;
  senderUnknown?: boolean;
}): string {
  if (row.direction === "outgoing") return "None (burnt)";
  return row.senderUnknown ? "Unknown sender" : "None (minted)";
}

const signedAmount = (row: { relevantAmountRaw: string; direction: TransferDirection }) =>
  row.relevantAmountRaw === signedRelevantAmount(row.relevantAmountRaw, row.direction);
const signedAmountIssue = {
  message: "relevantAmountRaw is negative for outgoing transfers and not negative for incoming ones",
  path: ["relevantAmountRaw"],
};

export const transferRowSchema = transferRowFields.refine(signedAmount, signedAmountIssue);
export type TransferRow = z.infer<typeof transferRowSchema>;

/**
 * 001 §2: the entity variant of the transfer table adds categories and chain (both in every row)
 * and, our choice, the entity's own address of each row (an entity holds many).
 */
export const entityTransferRowSchema = transferRowFields
  .extend({ addressChainUrn: addressChainUrnSchema })
  .refine(signedAmount, signedAmountIssue);
export type EntityTransferRow = z.infer<typeof entityTransferRowSchema>;

/** 001 §3 Category transfer row. */
export const categoryTransferRowSchema = z.object({
  txTimestamp: instant,
  txHash: z.string(),
  counterpartyEntities: z.array(counterpartyEntitySchema),
  chain: chainIdSchema,
  asset: z.string(),
  totalAmountRaw: z.number(),
  totalAmountUsd: z.number().nullable(),
  relevantAmountRaw: z.number(),
  relevantAmountUsd: z.number().nullable(),
  /**
   * Issue 39 (ours, additive): the counterparty's address and its best attribution label, so a
   * counterparty no entity owns is named by its label (`counterpartyNameOf`) and not left blank.
   */
  counterpartyAddressChainUrns: z.array(addressChainUrnSchema).optional(),
  counterpartyLabel: attributionLabelSchema.nullable().optional(),
});
export type CategoryTransferRow = z.infer<typeof categoryTransferRowSchema>;

/** Issue 39: a category transfer's counterparty named by the one rule (its entity, else its label). */
export function categoryTransferCounterpartyName(row: CategoryTransferRow): CounterpartyName | null {
  return counterpartyNameOf({ entity: row.counterpartyEntities[0]?.entity, label: row.counterpartyLabel });
}

/**
 * 001 §3 Category address row. Issue 43: a USD figure is null (unknown, never 0) when none of the
 * transfers it sums has a USD price, or (the balance) when nothing the address holds has one.
 */
export const categoryAddressRowSchema = z.object({
  addressLabelsMini: z.array(z.string()),
  addressChainUrn: addressChainUrnSchema,
  chain: chainIdSchema,
  totalVolumeUsd: z.number().nullable(),
  incomingVolumeUsd: z.number().nullable(),
  outgoingVolumeUsd: z.number().nullable(),
  balanceAmountUsd: z.number().nullable(),
  nativeAssetBalanceAmountRaw: z.number(),
  uniqueAssetActiveCount: z.int().min(0),
  uniqueAssetAllCount: z.int().min(0),
  firstActiveDate: instant.nullable(),
  lastActiveDate: instant.nullable(),
});
export type CategoryAddressRow = z.infer<typeof categoryAddressRowSchema>;

/** 001 §8: the specification's words where it gives them. */
export const transferMessages = {
  emptyCategory: "There are no transfers for the current category.",
  /** Ours: the specification words only the category table's empty text. */
  empty: "There are no transfers for this subject.",
  /** Ours: 001 §8 says a filtered-empty table offers to reset filters, without wording. */
  filteredEmpty: "No transfers match these filters.",
  resetFilters: "Reset filters",
} as const;
