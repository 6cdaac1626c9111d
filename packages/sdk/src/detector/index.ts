export type {
  CreateDetectorBody,
  Detector,
  DetectorAlert,
  DetectorAlertListQuery,
  DetectorListQuery,
} from "./detectorRecords.ts";
export {
  createDetectorBodySchema,
  defaultDetectorName,
  detectorAlertListQuerySchema,
  detectorAlertSchema,
  detectorAlertsMaxLimit,
  detectorListQuerySchema,
  detectorMessages,
  detectorNameMaxLength,
  detectorSchema,
} from "./detectorRecords.ts";
