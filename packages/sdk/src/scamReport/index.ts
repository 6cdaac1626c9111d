export type { ScamReport } from "./scamReport.ts";
export {
  knownScamCategories,
  scamCategoryLabel,
  scamReportMessages,
  scamReportPreview,
  scamReportPreviewLimits,
  scamReportSchema,
} from "./scamReport.ts";
