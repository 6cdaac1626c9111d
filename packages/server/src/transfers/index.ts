export { cursorMessages, decodeCursor, encodeCursor, listingFingerprint } from "./cursor.ts";
export type { ListingRequest, TransferListing } from "./listing.ts";
export { countTransfers, listTransfers, newestTransfersStatement, transferRowPages } from "./listing.ts";
export type { TransferScope } from "./scope.ts";
export { addressScope, customEntityScope, entityScope } from "./scope.ts";
