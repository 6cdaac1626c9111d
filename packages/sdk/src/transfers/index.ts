export { counterpartyFilter, counterpartyUrnFilter } from "./counterpartyFilter.ts";
export type {
  AddressTransfersCountRequest,
  AddressTransfersRequest,
  AddressTransfersV6Request,
  CustomEntityTransfersCountRequest,
  CustomEntityTransfersRequest,
  EntityTransfersCountRequest,
  EntityTransfersRequest,
  TransferPageMeta,
  TransfersCount,
} from "./requests.ts";
export {
  addressTransfersCountRequestSchema,
  addressTransfersRequestSchema,
  addressTransfersV6RequestSchema,
  customEntityTransfersCountRequestSchema,
  customEntityTransfersRequestSchema,
  entityTransferRowsSchema,
  entityTransfersCountRequestSchema,
  entityTransfersRequestSchema,
  maxTransferPageSize,
  transferPageMetaSchema,
  transferRequestMessages,
  transferRowsSchema,
  transfersCountSchema,
} from "./requests.ts";
export type {
  CategoryAddressRow,
  CategoryTransferRow,
  CounterpartyEntity,
  EntityTransferRow,
  TransferDirection,
  TransferRow,
} from "./schemas.ts";
export {
  categoryAddressRowSchema,
  categoryTransferRowSchema,
  counterpartyEntitySchema,
  decimalAmountSchema,
  entityTransferRowSchema,
  signedAmountNumber,
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
  hasTransferFilters,
  initialTransferTableState,
  isUsdSortDisabled,
  transferFiltersSchema,
  transferJumpToSchema,
  transferSortColumns,
  transferSortSchema,
  transferTableReducer,
} from "./transferTable.ts";
