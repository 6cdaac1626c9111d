import { z } from "zod";
import {
  addressChainUrnSchema,
  assetUrnSchema,
  customEntityUrnSchema,
  entityUrnSchema,
} from "../chains/urn.ts";
import { decimalAmountSchema } from "../transfers/schemas.ts";

/** 000 §7 asset_holdings: v2 answers up to 1000 holdings per address, v4 up to 30. */
export const assetHoldingsLimits = { v2: 1000, v4: 30 } as const;
export type AssetHoldingsVersion = keyof typeof assetHoldingsLimits;
/** Our choice: one request asks about at most 100 addresses. */
export const assetHoldingsMaxAddresses = 100;

export function assetHoldingsRequestSchema(version: AssetHoldingsVersion) {
  return z
    .object({
      addresses: z.array(addressChainUrnSchema).min(1).max(assetHoldingsMaxAddresses),
      limit: z.int().min(1).max(assetHoldingsLimits[version]).default(assetHoldingsLimits[version]),
    })
    .strict();
}
export type AssetHoldingsRequest = z.input<ReturnType<typeof assetHoldingsRequestSchema>>;

/**
 * 001 §3 / 002 §3 Asset holding. balanceAmountRaw is a decimal string in whole units (001 §9 shows
 * it to 8 decimals); balanceAmountUsd prices it at the asset's latest price, null without one.
 */
export const assetHoldingSchema = z.object({
  assetUrn: assetUrnSchema,
  /** The token contract's address URN; null for a chain's native coin. */
  assetAddressChainUrn: addressChainUrnSchema.nullable(),
  assetDisplayName: z.string(),
  assetInternalName: z.string(),
  balanceAmountRaw: decimalAmountSchema,
  balanceAmountUsd: z.number().nullable(),
});
export type AssetHolding = z.infer<typeof assetHoldingSchema>;

/** The holdings of one address, largest USD value first (unpriced ones last, by amount). */
export const addressHoldingsSchema = z.object({
  addressChainUrn: z.string(),
  holdings: z.array(assetHoldingSchema),
});
export type AddressHoldings = z.infer<typeof addressHoldingsSchema>;

/** 002 §3 Entity stats (v4|v5/statistics/{type}/summary). */
export const subjectStatisticsSchema = z.object({
  urn: z.string(),
  addressCount: z.int().min(0),
  firstActiveDate: z.iso.datetime({ offset: true }).nullable(),
  lastActiveDate: z.iso.datetime({ offset: true }).nullable(),
});
export type SubjectStatistics = z.infer<typeof subjectStatisticsSchema>;

/** GET …/statistics/{type}/summary?urn= and …/bulk?urns=… (at most 100 of one type). */
export const statisticsMaxUrns = 100;
export const statisticsUrnSchema = z.union([addressChainUrnSchema, entityUrnSchema, customEntityUrnSchema]);
