import { type TransferFilters, transferCsvRow } from "@sleuth/sdk";
import type { Viewer } from "../metrics/index.ts";
import type { Queryable } from "../store/index.ts";
import { countTransfers, type TransferScope, transferRowPages } from "../transfers/index.ts";
import { exportPageRows, type RowSource, windowCount } from "./rowSource.ts";

/**
 * A subject's transfer table as its file: the transfers module's scope, filters and rows (the rows
 * the console table and `sleuth transfers` read, 001 §3), each through the SDK's transferCsvRow, so
 * a file holds exactly the table's rows and columns. Pages walk the subject's index by keyset.
 */
export function transferRowSource(
  db: Queryable,
  scope: TransferScope,
  request: { filters: TransferFilters; offset: number; limit: number },
  viewer: Viewer,
): RowSource {
  return {
    async count() {
      return windowCount(
        await countTransfers(db, scope, request.filters, viewer),
        request.offset,
        request.limit,
      );
    },
    async *pages() {
      for await (const rows of transferRowPages(db, scope, request.filters, viewer, request, exportPageRows))
        yield rows.map(transferCsvRow);
    },
  };
}
