export type {
  CategoryAddressRow,
  CategoryTransferRow,
  CounterpartyEntity,
  TransferDirection,
  TransferRow,
} from "./schemas.ts";
export {
  categoryAddressRowSchema,
  categoryTransferRowSchema,
  counterpartyEntitySchema,
  signedRelevantAmount,
  transferDirectionSchema,
  transferDirections,
  transferMessages,
  transferRowSchema,
} from "./schemas.ts";
export type {
  TransferFilterKey,
  TransferFilters,
  TransferJumpTo,
  TransferSort,
  TransferTableAction,
  TransferTableState,
} from "./transferTable.ts";
export {
  defaultTransferSort,
  initialTransferTableState,
  isUsdSortDisabled,
  transferFiltersSchema,
  transferJumpToSchema,
  transferSortColumns,
  transferSortSchema,
  transferTableReducer,
} from "./transferTable.ts";
