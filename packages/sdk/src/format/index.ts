export type { SelectableDateRange, UtcDateInput } from "./dates.ts";
export {
  chartZoomRange,
  clampToSelectableRange,
  earliestDate,
  earliestDateTime,
  formatUtc,
  minimumChartZoomDays,
  utcDatePattern,
  utcDateTimePattern,
} from "./dates.ts";
export { countText, dateText, moneyText, textOrMissing } from "./nullable.ts";
export {
  balanceDecimals,
  formatBalance,
  formatMoney,
  formatPercentage,
  formatPortfolioValue,
  missingValueText,
  moneyDecimals,
  percentageDecimals,
  percentageOf,
  portfolioTrillionThreshold,
  smallPercentageLabel,
  trillionPlusLabel,
} from "./numbers.ts";
export { ellipsis, showMorePage, truncateRequestQuery, truncateTag, truncateText } from "./text.ts";
export type { UsdTotal } from "./usdAmount.ts";
export { unknownUsdReason, usdCsvCell, usdText, usdTotalText } from "./usdAmount.ts";
export { formatUsdVolume } from "./usdVolume.ts";
