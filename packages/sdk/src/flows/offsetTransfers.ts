import { z } from "zod";
import { pageSizes } from "../constants/limits.ts";
import { maxTransferPageSize, transferRequestMessages } from "../transfers/requests.ts";
import {
  defaultTransferSort,
  isUsdSortDisabled,
  transferFiltersSchema,
  transferSortSchema,
} from "../transfers/transferTable.ts";
import { flowSubjectShape } from "./flowSubject.ts";

/** The deepest offset the offset form answers: 001 §9's download limit. */
export const maxTransferOffset = 100_000;

/**
 * 001 §7 `GET or POST /trm-insights/{v5|v6}/flows/{valueType}/transfers`: the transfer listing's
 * offset form: `offset`, `limit` (30), `sort` and `filters`, for an address, an entity or a custom
 * entity. Its cost grows with the offset (the walk skips the rows before it), where the keyset form
 * (`pageSize` and `after`) costs the same on every page; a body with `offset` asks for this form.
 */
export const offsetTransfersRequestSchema = z
  .object({
    ...flowSubjectShape,
    offset: z.int().min(0).max(maxTransferOffset),
    limit: z.int().min(1).max(maxTransferPageSize).default(pageSizes.transfers),
    filters: transferFiltersSchema.default({}),
    sort: transferSortSchema.default(defaultTransferSort),
  })
  .strict()
  .superRefine((request, context) => {
    // 001 §5, as in the keyset form.
    if (request.sort.column === "usdAmount" && isUsdSortDisabled({ filters: request.filters, jumpTo: null }))
      context.addIssue({ code: "custom", message: transferRequestMessages.usdSortRefused, path: ["sort"] });
  });
export type OffsetTransfersRequest = z.input<typeof offsetTransfersRequestSchema>;

/** The offset form's paging: where the page starts, its size, and whether rows follow it. */
export const offsetTransfersMetaSchema = z.object({
  offset: z.int().min(0),
  limit: z.int().min(1),
  hasMore: z.boolean(),
});

/** True when a body asks for the offset form (it names `offset`), not the keyset one. */
export function isOffsetTransfersRequest(body: unknown): boolean {
  return typeof body === "object" && body !== null && "offset" in body;
}
