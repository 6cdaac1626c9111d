import { type TransferFilters, transferCsvRow } from "@sleuth/sdk";
import type { Viewer } from "../metrics/subjects.ts";
import type { Queryable } from "../store/store.ts";
import {
  type BulkListing,
  countTransfers,
  transferCsvPages,
  transferRowPages,
} from "../transfers/listing.ts";
import type { TransferScope } from "../transfers/scope.ts";
import { exportPageRows, type RowSource, windowCount } from "./rowSource.ts";

/**
 * A subject's transfer table as its file: the transfers module's scope, filters and rows (the rows
 * the console table and `sleuth transfers` read, 001 §3), each through the SDK's transferCsvRow, so
 * a file holds exactly the table's rows and columns. Pages walk the subject's index by keyset. The
 * same pages come as the store's own CSV text too (transferCsvPages), which files are written from:
 * no row is decoded and re-encoded in JavaScript.
 */
export function transferRowSource(
  db: Queryable,
  scope: TransferScope,
  request: { filters: TransferFilters; offset: number; limit: number },
  viewer: Viewer,
): RowSource {
  const listing: BulkListing = {
    scope,
    filters: request.filters,
    viewer,
    window: request,
    pageRows: exportPageRows,
  };
  return {
    async count() {
      return windowCount(
        await countTransfers(db, scope, request.filters, viewer),
        request.offset,
        request.limit,
      );
    },
    async *pages() {
      for await (const rows of transferRowPages(db, listing)) yield rows.map(transferCsvRow);
    },
    csvPages() {
      return transferCsvPages(db, listing);
    },
  };
}
