import { z } from "zod";
import { chainIdSchema } from "../chains/chainRegistry.ts";
import { assetUrnSchema } from "../chains/urn.ts";
import { pageSizes } from "../constants/limits.ts";
import { numberFilterSchema, rangeOnlyNumberFilterSchema } from "../filters/numberFilter.ts";
import { addressUrnFilterSchema, counterpartyUrnFilterSchema } from "../filters/urnFilter.ts";
import { counterpartyEntitySchema, transferDirectionSchema } from "../transfers/schemas.ts";
import { flowSubjectShape, oneWayOfPaging, oneWayOfPagingIssue, txDateRangeSchema } from "./flowSubject.ts";

/**
 * Filters of a category transfers table (001 §2): direction, asset, chain, time, and the 000 §5
 * header filters of its named columns: the relevant amount (magnitude in whole units) and the
 * relevant USD amount with at least or at most only (a missing price never matches), and the
 * counterparty by pasted address or entity URNs.
 */
export const categoryTransferFiltersSchema = z
  .object({
    direction: transferDirectionSchema.optional(),
    assetUrn: assetUrnSchema.optional(),
    chain: chainIdSchema.optional(),
    txDate: txDateRangeSchema.optional(),
    relevantAmount: rangeOnlyNumberFilterSchema.optional(),
    relevantAmountUsd: rangeOnlyNumberFilterSchema.optional(),
    counterpartyUrn: counterpartyUrnFilterSchema.optional(),
  })
  .strict();
export type CategoryTransferFilters = z.infer<typeof categoryTransferFiltersSchema>;

/**
 * 001 §7 by-counterparty-category/transfers: `counterpartyCategoryId`, filters, and either limit and
 * offset or a page size with the opaque cursor `after`; the answer's meta.nextCursor leads on.
 */
export const categoryTransfersRequestSchema = z
  .object({
    ...flowSubjectShape,
    counterpartyCategoryId: z.int().min(0),
    filters: categoryTransferFiltersSchema.default({}),
    pageSize: z.int().min(1).max(100).optional(),
    after: z.string().min(1).max(200).optional(),
    limit: z.int().min(1).max(100).optional(),
    offset: z.int().min(0).max(1_000_000).optional(),
  })
  .strict()
  .refine(oneWayOfPaging, oneWayOfPagingIssue);
export type CategoryTransfersRequest = z.input<typeof categoryTransfersRequestSchema>;

/** The default page of a category transfers table (001 §9 transfers page size). */
export const categoryTransfersPageSize = pageSizes.transfers;

/** 001 §7 by-counterparty-category/filter-values. */
export const categoryFilterValuesRequestSchema = z
  .object({ ...flowSubjectShape, counterpartyCategoryId: z.int().min(0) })
  .strict();
export type CategoryFilterValuesRequest = z.input<typeof categoryFilterValuesRequestSchema>;

/** The values the category transfers table's header filters offer. */
export const categoryFilterValuesSchema = z.object({
  chains: z.array(chainIdSchema),
  assets: z.array(z.object({ assetUrn: assetUrnSchema, asset: z.string() })),
  counterpartyEntities: z.array(counterpartyEntitySchema),
  directions: z.array(transferDirectionSchema),
});
export type CategoryFilterValues = z.infer<typeof categoryFilterValuesSchema>;

export const ownershipAddressSortFields = [
  "totalVolumeUsd",
  "incomingVolumeUsd",
  "outgoingVolumeUsd",
  "balanceAmountUsd",
  "lastActiveDate",
] as const;

/**
 * 000 §5 header filters of the category addresses table (ours, additive to 001 §7's payload): the
 * total volume and the balance in USD by at least or at most only (an unknown figure never
 * matches), the count of assets it ever held by any operator, and the address by pasted URNs.
 */
export const ownershipAddressFiltersSchema = z
  .object({
    totalVolumeUsd: rangeOnlyNumberFilterSchema.optional(),
    balanceAmountUsd: rangeOnlyNumberFilterSchema.optional(),
    uniqueAssetAllCount: numberFilterSchema.optional(),
    addressUrn: addressUrnFilterSchema.optional(),
  })
  .strict();
export type OwnershipAddressFilters = z.infer<typeof ownershipAddressFiltersSchema>;

/**
 * 001 §7 by-ownership-category/addresses: ownershipCategoryId, chain, sort, limit 25, offset, and
 * the table's header filters.
 */
export const ownershipAddressesRequestSchema = z
  .object({
    ...flowSubjectShape,
    ownershipCategoryId: z.int().min(0),
    chain: chainIdSchema.optional(),
    sort: z
      .object({
        field: z.enum(ownershipAddressSortFields).default("totalVolumeUsd"),
        direction: z.enum(["asc", "desc"]).default("desc"),
      })
      .default({ field: "totalVolumeUsd", direction: "desc" }),
    filters: ownershipAddressFiltersSchema.default({}),
    limit: z.int().min(1).max(pageSizes.categoryAddresses).default(pageSizes.categoryAddresses),
    offset: z.int().min(0).max(1_000_000).default(0),
  })
  .strict();
export type OwnershipAddressesRequest = z.input<typeof ownershipAddressesRequestSchema>;

/**
 * Ours (001 §2 names the category addresses table but no call lists what to choose in it): the
 * ownership categories a subject's own addresses carry, so the table has categories to offer.
 */
export const ownershipCategoriesRequestSchema = z.object(flowSubjectShape).strict();
export type OwnershipCategoriesRequest = z.input<typeof ownershipCategoriesRequestSchema>;

/** One ownership category of a subject: how many of its addresses carry it, and their volume. */
export const ownershipCategorySchema = z.object({
  categoryId: z.int().min(0),
  category: z.string(),
  addresses: z.int().min(1),
  /** Issue 43: null when none of those addresses' transfers has a USD price. */
  totalVolumeUsd: z.number().nullable(),
});
export type OwnershipCategory = z.infer<typeof ownershipCategorySchema>;
