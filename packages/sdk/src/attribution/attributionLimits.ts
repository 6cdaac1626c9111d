import { bulkBatchSizes } from "../constants/limits.ts";

/**
 * Choice (the spec gives no limit): one attribution lookup names at most as many addresses as an
 * address metrics batch (900) and at most 100 entities; the SDK batches longer lists.
 */
export const attributionLookupMaxUrns = { addresses: bulkBatchSizes.addresses, entities: 100 } as const;
