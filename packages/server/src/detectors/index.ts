export {
  createDetector,
  deleteDetector,
  listDetectorAlerts,
  listDetectors,
  raiseDetectorAlerts,
} from "./detectorRows.ts";
