import { z } from "zod";
import {
  addressChainUrnSchema,
  anyEntityUrnSchema,
  customEntityUrnSchema,
  entityUrnSchema,
} from "../chains/urn.ts";
import { pageSizes } from "../constants/limits.ts";
import { dateRangeFilterSchema } from "../filters/dateFilter.ts";
import { entityTransferRowSchema, transferRowSchema } from "./schemas.ts";
import {
  defaultTransferSort,
  isUsdSortDisabled,
  transferFiltersSchema,
  transferJumpToSchema,
  transferSortSchema,
} from "./transferTable.ts";

/** The largest page a transfer call answers; 001 §9's 30 is the default. */
export const maxTransferPageSize = 1000;

/** 001 §5, our wording (the specification names the rule, not a message). */
export const transferRequestMessages = {
  usdSortRefused:
    "Sorting by USD is not available while a timestamp filter, a hash filter or a jump-to is active.",
  cursorAndJumpTo: "A page is asked for with a cursor or with a jump-to, not both.",
  foreignCursor: "This cursor belongs to another listing; start again from the first page.",
  invalidCursor: "The cursor is not valid; start again from the first page.",
  jumpTargetMissing: "That transaction is not one of this subject's transfers.",
} as const;

/** The paging and ordering fields every transfer listing takes (000 §7, 001 §4/§5). */
const listingFields = {
  pageSize: z.int().min(1).max(maxTransferPageSize).default(pageSizes.transfers),
  /** An opaque cursor from `meta.nextCursor` or `meta.previousCursor` (it knows its direction). */
  after: z.string().min(1).max(512).optional(),
  jumpTo: transferJumpToSchema.optional(),
  filters: transferFiltersSchema.default({}),
  sort: transferSortSchema.default(defaultTransferSort),
};

type ListingShape = {
  after?: string | undefined;
  jumpTo?: z.infer<typeof transferJumpToSchema> | undefined;
  filters: z.infer<typeof transferFiltersSchema>;
  sort: z.infer<typeof transferSortSchema>;
};

/** 001 §5: a USD sort with a timestamp filter, a hash filter or a jump-to is refused. */
function checkListing(request: ListingShape, context: z.RefinementCtx): void {
  if (
    request.sort.column === "usdAmount" &&
    isUsdSortDisabled({ filters: request.filters, jumpTo: request.jumpTo ?? null })
  )
    context.addIssue({ code: "custom", message: transferRequestMessages.usdSortRefused, path: ["sort"] });
  if (request.after !== undefined && request.jumpTo !== undefined)
    context.addIssue({ code: "custom", message: transferRequestMessages.cursorAndJumpTo, path: ["after"] });
}

/** POST /trm-insights/v8/address/transfers (000 §7 "Address data", 001 §7). */
export const addressTransfersRequestSchema = z
  .object({ addressChainUrn: addressChainUrnSchema, ...listingFields })
  .superRefine(checkListing);
export type AddressTransfersRequest = z.input<typeof addressTransfersRequestSchema>;

/**
 * POST /trm-insights/v6/address/transfers: 001 §7's flat payload (addressChainUrn,
 * counterpartyEntityUrn, counterpartyAddressPrefix, transactionTimestamp, page size and after),
 * answered like v8.
 */
export const addressTransfersV6RequestSchema = z.object({
  addressChainUrn: addressChainUrnSchema,
  counterpartyEntityUrn: anyEntityUrnSchema.optional(),
  counterpartyAddressPrefix: z.string().trim().min(1).max(128).optional(),
  transactionTimestamp: dateRangeFilterSchema.optional(),
  pageSize: listingFields.pageSize,
  after: listingFields.after,
});
export type AddressTransfersV6Request = z.input<typeof addressTransfersV6RequestSchema>;

/** POST /trm-insights/{v6|v7}/flows/entity/transfers (000 §7 "Flows"). */
export const entityTransfersRequestSchema = z
  .object({ entityUrn: entityUrnSchema, ...listingFields })
  .superRefine(checkListing);
export type EntityTransfersRequest = z.input<typeof entityTransfersRequestSchema>;

/** POST /trm-insights/v6/flows/custom-entity/transfers (001 §7 flows/{valueType}/transfers). */
export const customEntityTransfersRequestSchema = z
  .object({ customEntityUrn: customEntityUrnSchema, ...listingFields })
  .superRefine(checkListing);
export type CustomEntityTransfersRequest = z.input<typeof customEntityTransfersRequestSchema>;

/** The `/count` calls take the subject and the filters of the listing they count. */
export const addressTransfersCountRequestSchema = z.object({
  addressChainUrn: addressChainUrnSchema,
  filters: listingFields.filters,
});
export const entityTransfersCountRequestSchema = z.object({
  entityUrn: entityUrnSchema,
  filters: listingFields.filters,
});
export const customEntityTransfersCountRequestSchema = z.object({
  customEntityUrn: customEntityUrnSchema,
  filters: listingFields.filters,
});
export type AddressTransfersCountRequest = z.input<typeof addressTransfersCountRequestSchema>;
export type EntityTransfersCountRequest = z.input<typeof entityTransfersCountRequestSchema>;
export type CustomEntityTransfersCountRequest = z.input<typeof customEntityTransfersCountRequestSchema>;

export const transfersCountSchema = z.object({ count: z.int().min(0) });
export type TransfersCount = z.infer<typeof transfersCountSchema>;

/**
 * 000 §3 Transfer page metadata: keyset cursors, null at either end. `sort` is the order the page
 * was answered in (a jump-to forces timestamp descending, 001 §4).
 */
export const transferPageMetaSchema = z.object({
  nextCursor: z.string().nullable(),
  previousCursor: z.string().nullable(),
  pageSize: z.int().min(1),
  sort: transferSortSchema,
});
export type TransferPageMeta = z.infer<typeof transferPageMetaSchema>;

export const transferRowsSchema = z.array(transferRowSchema);
export const entityTransferRowsSchema = z.array(entityTransferRowSchema);
