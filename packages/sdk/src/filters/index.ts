export type { DateRangeFilter, DateRangeFilterChange } from "./dateFilter.ts";
export {
  dateRangeFilterChange,
  dateRangeFilterSchema,
  instantOfDateInput,
} from "./dateFilter.ts";
export type { JumpToTransaction } from "./jumpTo.ts";
export { jumpToInput, jumpToTransaction } from "./jumpTo.ts";
export { filterMessages } from "./messages.ts";
export type { NumberFilter, NumberFilterChange, NumberFilterOperator } from "./numberFilter.ts";
export {
  matchesNumberFilter,
  numberFilterChange,
  numberFilterOperatorLabels,
  numberFilterOperatorSchema,
  numberFilterOperators,
  numberFilterSchema,
  rangeOnlyOperators,
} from "./numberFilter.ts";
export { urnFilterSearchQuery, urnFilterSubmitValue } from "./urnFilter.ts";
