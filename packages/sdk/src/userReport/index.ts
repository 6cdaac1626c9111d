export type { UserReportBody, UserReportKind, UserReportListQuery, UserReportRecord } from "./userReports.ts";
export {
  userReportBodySchemas,
  userReportKindSchema,
  userReportKinds,
  userReportListQuerySchema,
  userReportMessages,
  userReportRecordSchema,
  userReportTitles,
} from "./userReports.ts";
