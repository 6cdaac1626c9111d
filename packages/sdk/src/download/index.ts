export type { AsyncJob, CreateAsyncJobBody } from "./asyncJob.ts";
export {
  asyncJobSchema,
  createAsyncJobBodySchema,
  isAwaitingDownload,
  pendingDownloadCount,
} from "./asyncJob.ts";
export type { CsvCell, CsvColumn } from "./csv.ts";
export { csvFormulaTriggers, neutralizeCsvCell, toCsv, toCsvRecords } from "./csv.ts";
export type { DownloadPlan, DownloadSelection } from "./downloadPlan.ts";
export {
  backgroundJobThreshold,
  defaultDownloadFileName,
  downloadMessages,
  downloadRowLimit,
  downloadSelectionSchema,
  planDownload,
} from "./downloadPlan.ts";
