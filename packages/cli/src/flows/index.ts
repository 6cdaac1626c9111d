export type { CliFlowSubject } from "./flowSubject.ts";
export { resolveCliSubject } from "./flowSubject.ts";
export {
  categoryDailyColumns,
  counterpartyColumns,
  dailyFlowColumns,
  ownedAddressColumns,
  ownershipCategoryColumns,
  riskDailyColumns,
  riskRatioColumns,
} from "./flowTables.ts";
