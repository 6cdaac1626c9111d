export { cursorMessages, decodeListingCursor, encodeListingCursor, listingFingerprint } from "./cursor.ts";
export type { BulkListing, ListingRequest, TransferListing, TransferListingText } from "./listing.ts";
export {
  countTransfers,
  listTransfers,
  listTransferText,
  newestTransfersStatement,
  transferCsvPages,
  transferRowPages,
} from "./listing.ts";
export type { TransferScope } from "./scope.ts";
export { addressScope, customEntityScope, entityScope } from "./scope.ts";
