import { z } from "zod";
import { chainIdSchema } from "../chains/chainRegistry.ts";
import { addressChainUrnSchema, anyEntityUrnSchema, transactionUrnSchema } from "../chains/urn.ts";
import { dateRangeFilterSchema } from "../filters/dateFilter.ts";
import { numberFilterSchema, rangeOnlyOperators } from "../filters/numberFilter.ts";
import { transferDirectionSchema } from "./schemas.ts";

/** 000 §5: amount columns allow only at least and at most (an exact match on an amount is luck). */
const amountFilterSchema = numberFilterSchema.refine(
  (filter) => (rangeOnlyOperators as readonly string[]).includes(filter.operator),
  { message: "amounts are filtered with at least or at most", path: ["operator"] },
);

/**
 * 001 §2 / §7: the filterable columns of the address and entity transfer tables. `hash` is a
 * transaction hash or URN; `counterpartyAddressPrefix` the start of a counterparty's address (001 §7);
 * `asset` asset URNs or symbols; `category` counterparty category names; amounts compare the
 * magnitude in whole units (an outgoing -5 is "at least 5"), USD amounts never match a missing price.
 */
export const transferFiltersSchema = z.object({
  timestamp: dateRangeFilterSchema.optional(),
  hash: z.string().min(1).optional(),
  counterpartyAddress: z.array(addressChainUrnSchema).min(1).optional(),
  counterpartyEntity: z.array(anyEntityUrnSchema).min(1).optional(),
  counterpartyAddressPrefix: z.string().trim().min(1).max(128).optional(),
  direction: transferDirectionSchema.optional(),
  relevantAmount: amountFilterSchema.optional(),
  usdAmount: amountFilterSchema.optional(),
  asset: z.array(z.string()).min(1).optional(),
  category: z.array(z.string()).min(1).optional(),
  chain: z.array(chainIdSchema).min(1).optional(),
});
export type TransferFilters = z.infer<typeof transferFiltersSchema>;

/** Whether any filter is set (the filtered-empty state offers Reset filters, 001 §8). */
export function hasTransferFilters(filters: TransferFilters): boolean {
  return Object.values(filters).some((value) => value !== undefined);
}
export type TransferFilterKey = keyof TransferFilters;

export const transferSortColumns = ["timestamp", "usdAmount"] as const;
export const transferSortSchema = z.object({
  column: z.enum(transferSortColumns),
  direction: z.enum(["asc", "desc"]),
});
export type TransferSort = z.infer<typeof transferSortSchema>;
export const defaultTransferSort: TransferSort = { column: "timestamp", direction: "desc" };

/** 000 §7: the transfer calls jump to a timestamp or to a transaction. */
export const transferJumpToSchema = z.union([
  z.object({ timestamp: z.iso.datetime({ offset: true }) }),
  z.object({ transactionUrn: transactionUrnSchema }),
]);
export type TransferJumpTo = z.infer<typeof transferJumpToSchema>;

export interface TransferTableState {
  /** The address or entity URN whose transfers are listed. */
  subjectUrn: string;
  filters: TransferFilters;
  sort: TransferSort;
  jumpTo: TransferJumpTo | null;
}

export type TransferTableAction =
  | { type: "subjectChanged"; subjectUrn: string }
  | {
      [Key in TransferFilterKey]: {
        type: "filterChanged";
        key: Key;
        value: TransferFilters[Key] | undefined;
      };
    }[TransferFilterKey]
  | { type: "filtersReset" }
  | { type: "sortChanged"; sort: TransferSort }
  | { type: "jumpToChanged"; jumpTo: TransferJumpTo | null };

export function initialTransferTableState(subjectUrn: string): TransferTableState {
  return { subjectUrn, filters: {}, sort: defaultTransferSort, jumpTo: null };
}

/** 001 §5: sorting by USD is disabled while a timestamp filter, a hash filter or a jump-to is active. */
export function isUsdSortDisabled(state: Pick<TransferTableState, "filters" | "jumpTo">): boolean {
  return state.filters.timestamp !== undefined || state.filters.hash !== undefined || state.jumpTo !== null;
}

/** Falls back to timestamp descending when the current sort is no longer allowed. */
function withAllowedSort(state: TransferTableState): TransferTableState {
  if (state.jumpTo !== null) return { ...state, sort: defaultTransferSort };
  if (state.sort.column === "usdAmount" && isUsdSortDisabled(state))
    return { ...state, sort: defaultTransferSort };
  return state;
}

/**
 * 001 §4 / §5 transfer table state:
 * - filters, sort and jump-to reset when the subject (address or entity) changes;
 * - a jump-to forces timestamp descending, and sort changes are ignored while it is active;
 * - a USD sort is refused while it is disabled, and a USD sort in place falls back to timestamp
 *   descending when a timestamp or hash filter is added (our choice: the table never shows a sort
 *   the user could not pick).
 * Clearing a jump-to keeps timestamp descending.
 */
export function transferTableReducer(
  state: TransferTableState,
  action: TransferTableAction,
): TransferTableState {
  switch (action.type) {
    case "subjectChanged":
      return action.subjectUrn === state.subjectUrn ? state : initialTransferTableState(action.subjectUrn);
    case "filterChanged": {
      const filters: TransferFilters = { ...state.filters };
      if (action.value === undefined) delete filters[action.key];
      else Object.assign(filters, { [action.key]: action.value });
      return withAllowedSort({ ...state, filters });
    }
    case "filtersReset":
      return { ...state, filters: {} };
    case "sortChanged": {
      if (state.jumpTo !== null) return state;
      if (action.sort.column === "usdAmount" && isUsdSortDisabled(state)) return state;
      return { ...state, sort: action.sort };
    }
    case "jumpToChanged":
      return withAllowedSort({ ...state, jumpTo: action.jumpTo });
  }
}
