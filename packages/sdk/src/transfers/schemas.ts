import { z } from "zod";
import {
  addressChainUrnSchema,
  anyEntityUrnSchema,
  assetUrnSchema,
  chainIdSchema,
  transactionUrnSchema,
} from "../chains/index.ts";

const instant = z.iso.datetime({ offset: true });

export const transferDirections = ["incoming", "outgoing"] as const;
export const transferDirectionSchema = z.enum(transferDirections);
export type TransferDirection = z.infer<typeof transferDirectionSchema>;

/** A named counterparty, as attribution tags name it (entity and entityUrn). */
export const counterpartyEntitySchema = z.object({ entity: z.string(), entityUrn: anyEntityUrnSchema });
export type CounterpartyEntity = z.infer<typeof counterpartyEntitySchema>;

/** 001 §3: relevantAmountRaw is negated for outgoing transfers. */
export function signedRelevantAmount(amount: number, direction: TransferDirection): number {
  return direction === "outgoing" ? -Math.abs(amount) : Math.abs(amount);
}

/** 001 §3 Transfer row (address and entity transfer tables). */
export const transferRowSchema = z
  .object({
    transactionTimestamp: instant,
    transactionUrn: transactionUrnSchema,
    to: z.string(),
    counterpartyEntities: z.array(counterpartyEntitySchema),
    counterpartyAddressChainUrns: z.array(addressChainUrnSchema),
    counterpartyCategories: z.array(z.object({ category: z.string() })),
    chain: chainIdSchema,
    direction: transferDirectionSchema,
    relevantAmountRaw: z.number(),
    relevantAmountUsd: z.number().nullable(),
    runningBalanceRaw: z.number().nullable(),
    assetUrn: assetUrnSchema,
    asset: z.string(),
  })
  .refine((row) => row.relevantAmountRaw === signedRelevantAmount(row.relevantAmountRaw, row.direction), {
    message: "relevantAmountRaw is negative for outgoing transfers and not negative for incoming ones",
    path: ["relevantAmountRaw"],
  });
export type TransferRow = z.infer<typeof transferRowSchema>;

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
});
export type CategoryTransferRow = z.infer<typeof categoryTransferRowSchema>;

/** 001 §3 Category address row. */
export const categoryAddressRowSchema = z.object({
  addressLabelsMini: z.array(z.string()),
  addressChainUrn: addressChainUrnSchema,
  chain: chainIdSchema,
  totalVolumeUsd: z.number(),
  incomingVolumeUsd: z.number(),
  outgoingVolumeUsd: z.number(),
  balanceAmountUsd: z.number(),
  nativeAssetBalanceAmountRaw: z.number(),
  uniqueAssetActiveCount: z.int().min(0),
  uniqueAssetAllCount: z.int().min(0),
  firstActiveDate: instant.nullable(),
  lastActiveDate: instant.nullable(),
});
export type CategoryAddressRow = z.infer<typeof categoryAddressRowSchema>;

/** 001 §8, in the specification's exact words. */
export const transferMessages = {
  emptyCategory: "There are no transfers for the current category.",
} as const;
