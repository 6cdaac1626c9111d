export type {
  AddressRiskInfo,
  AddressRiskInfoRequest,
  EntityRiskScore,
  EntityRiskScoreRequest,
} from "./riskInfo.ts";
export {
  addressRiskInfoRequestSchema,
  addressRiskInfoSchema,
  entityRiskScoreRequestSchema,
  entityRiskScoreSchema,
  riskInfoFieldsSchema,
} from "./riskInfo.ts";
export type { AlertRiskLabel, RiskColor, RiskLabel, RiskScoreLevel } from "./riskScale.ts";
export {
  alertRiskLabelOf,
  alertRiskNames,
  indirectExposureMinLevel,
  maxCategoryRiskScoreLevel,
  noAlertsLabel,
  riskColorOf,
  riskColors,
  riskLabelFloors,
  riskLabelOf,
  riskLabels,
  riskScoreLevelOf,
  riskScoreLevels,
  unknownAlertLabel,
} from "./riskScale.ts";
export type { RiskIndicator, RiskRow, RiskType } from "./schemas.ts";
export {
  categoryRiskScoreLevelSchema,
  detailsTableMaxRecords,
  detailsTableRows,
  riskIndicatorSchema,
  riskRowSchema,
  riskTypeSchema,
  riskTypes,
} from "./schemas.ts";
