import {
  type CategoryTransferFilters,
  type ChainId,
  type CounterpartyFilters,
  type CounterpartySort,
  categoryAddressCsvRow,
  categoryTransferCsvRow,
  counterpartyCsvRow,
  type OwnershipAddressFilters,
  type ownershipAddressSortFields,
  type RiskRowFilters,
  riskIndicatorCsvRow,
  type TxDateRange,
} from "@sleuth/sdk";
import {
  type CategoryTransferWindow,
  categoryTransferCount,
  categoryTransferRows,
  ownershipAddressCount,
  ownershipAddresses,
} from "../flows/categories.ts";
import { counterpartyCount, counterpartyPage } from "../flows/counterparties.ts";
import type { FlowSubjectRows } from "../flows/flowSubjects.ts";
import { riskRows } from "../flows/riskIndicators.ts";
import type { Viewer } from "../metrics/subjects.ts";
import type { Queryable } from "../store/store.ts";
import { exportPageRows, type RowSource, windowCount } from "./rowSource.ts";

// The follow-the-money tables as files: each reads its rows through the flows module's own calls
// (those the console's panes and `sleuth counterparties` read), each row through the SDK's row
// function of its table, so a file holds exactly the table's rows in the table's order.

interface Window {
  offset: number;
  limit: number;
}

/**
 * Counterparties (002 §7 summary: attributed counterparties by entity, others by address), under the
 * table's filters and order. The table is an aggregate sorted by volume, which no index holds in
 * order: each page aggregates the subject's counterparties again and skips to its place.
 */
export function counterpartyRowSource(
  db: Queryable,
  subject: FlowSubjectRows,
  request: Window & {
    txDate?: TxDateRange | undefined;
    includeNamedEntitiesOnly: boolean;
    riskScoreLevel?: number | undefined;
    sort: CounterpartySort;
    filters?: CounterpartyFilters | undefined;
  },
  viewer: Viewer,
): RowSource {
  const query = {
    grouping: "mixed" as const,
    includeNamedEntitiesOnly: request.includeNamedEntitiesOnly,
    ...(request.filters ? { filters: request.filters } : {}),
    ...(request.txDate ? { txDate: request.txDate } : {}),
    ...(request.riskScoreLevel === undefined ? {} : { riskScoreLevel: request.riskScoreLevel }),
  };
  return {
    async count() {
      return windowCount(await counterpartyCount(db, subject, query, viewer), request.offset, request.limit);
    },
    async *pages() {
      for (let done = 0; done < request.limit; ) {
        const size = Math.min(exportPageRows, request.limit - done);
        const rows = await counterpartyPage(
          db,
          subject,
          { ...query, sort: request.sort, limit: size, offset: request.offset + done },
          viewer,
        );
        if (rows.length === 0) return;
        yield rows.map(counterpartyCsvRow);
        done += rows.length;
        if (rows.length < size) return;
      }
    },
  };
}

/**
 * Category transfers (001 §2): the subject's transfers with counterparties of the category, newest
 * first; the first page skips the window's offset, each next one starts after the last row (keyset).
 */
export function categoryTransferRowSource(
  db: Queryable,
  subject: FlowSubjectRows,
  request: Window & { counterpartyCategoryId: number; filters: CategoryTransferFilters },
): RowSource {
  return {
    async count() {
      return windowCount(
        await categoryTransferCount(db, subject, request.counterpartyCategoryId, request.filters),
        request.offset,
        request.limit,
      );
    },
    async *pages() {
      let keyset: CategoryTransferWindow["keyset"] = null;
      for (let done = 0; done < request.limit; ) {
        const size = Math.min(exportPageRows, request.limit - done);
        const rows = await categoryTransferRows(
          db,
          subject,
          request.counterpartyCategoryId,
          request.filters,
          {
            keyset,
            offset: keyset ? 0 : request.offset,
            limit: size,
          },
        );
        if (rows.length === 0) return;
        yield rows.map((item) => categoryTransferCsvRow(item.row));
        done += rows.length;
        keyset = rows[rows.length - 1]?.keyset ?? null;
        if (rows.length < size) return;
      }
    },
  };
}

/**
 * Category addresses (001 §2): the subject's own addresses of the ownership category, in the table's
 * order (by volume, balance or activity, which no index holds: each page sorts the subject's
 * addresses of the category, at most an entity's).
 */
export function categoryAddressRowSource(
  db: Queryable,
  subject: FlowSubjectRows,
  request: Window & {
    ownershipCategoryId: number;
    chain?: ChainId | undefined;
    sort: { field: (typeof ownershipAddressSortFields)[number]; direction: "asc" | "desc" };
    filters?: OwnershipAddressFilters | undefined;
  },
): RowSource {
  const scope = {
    ownershipCategoryId: request.ownershipCategoryId,
    ...(request.chain ? { chain: request.chain } : {}),
    filters: request.filters,
  };
  return {
    async count() {
      return windowCount(await ownershipAddressCount(db, subject, scope), request.offset, request.limit);
    },
    async *pages() {
      for (let done = 0; done < request.limit; ) {
        const size = Math.min(exportPageRows, request.limit - done);
        const rows = await ownershipAddresses(db, subject, {
          ...scope,
          sort: request.sort,
          limit: size,
          offset: request.offset + done,
        });
        if (rows.length === 0) return;
        yield rows.map(categoryAddressCsvRow);
        done += rows.length;
        if (rows.length < size) return;
      }
    },
  };
}

/**
 * Risk indicators (001 §3 risk rows), riskiest first under the table's header filters: one row per
 * category and risk type, a few dozen at most, so the rows are read once and cut to the window.
 */
export function riskIndicatorRowSource(
  db: Queryable,
  subject: FlowSubjectRows,
  request: Window & { filters: RiskRowFilters },
): RowSource {
  let read: ReturnType<typeof riskRows> | undefined;
  const rows = () => {
    read ??= riskRows(db, subject, request.filters);
    return read;
  };
  return {
    async count() {
      return windowCount((await rows()).length, request.offset, request.limit);
    },
    async *pages() {
      const window = (await rows()).slice(request.offset, request.offset + request.limit);
      if (window.length > 0) yield window.map(riskIndicatorCsvRow);
    },
  };
}
