export type { CliFlowSubject } from "./flowSubject.ts";
export { resolveCliSubject } from "./flowSubject.ts";
export {
  categoryDailyColumns,
  counterpartyColumns,
  dailyFlowColumns,
  riskDailyColumns,
  riskRatioColumns,
} from "./flowTables.ts";
