import { type AttributionType, searchResultCsvRow, searchResultLimits } from "@sleuth/sdk";
import { autocomplete } from "../search/autocomplete.ts";
import type { Queryable } from "../store/store.ts";
import { type ExportRow, type RowSource, windowCount } from "./rowSource.ts";

/**
 * Search results of one attribution type as the palette ranks them (the autocomplete call's own
 * search, at its largest page), one row per hit.
 */
export function searchRowSource(
  db: Queryable,
  request: { query: string; attributionType: AttributionType; organizationId: number; userId: number },
  window: { offset: number; limit: number },
): RowSource {
  let hits: Promise<ExportRow[]> | null = null;
  const load = () => {
    hits ??= autocomplete(db, request.attributionType, {
      query: request.query,
      limit: searchResultLimits.wildcard,
      offset: 0,
      organizationId: request.organizationId,
      userId: request.userId,
    }).then((page) =>
      page.hits
        .map((hit) => searchResultCsvRow(request.attributionType, hit))
        .slice(window.offset, window.offset + window.limit),
    );
    return hits;
  };
  return {
    async count() {
      const rows = await load();
      return windowCount(rows.length, 0, window.limit);
    },
    async *pages() {
      const rows = await load();
      if (rows.length > 0) yield rows;
    },
  };
}
