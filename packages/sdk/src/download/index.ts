export type { AsyncJob, CreateAsyncJobBody } from "./asyncJob.ts";
export {
  asyncJobSchema,
  createAsyncJobBodySchema,
  isAwaitingDownload,
  pendingDownloadCount,
} from "./asyncJob.ts";
export type { CsvCell, CsvColumn } from "./csv.ts";
export {
  csvFormulaTriggers,
  csvPlainNegativeDecimal,
  neutralizeCsvCell,
  toCsv,
  toCsvRecords,
} from "./csv.ts";
export type { DownloadPlan, DownloadSelection } from "./downloadPlan.ts";
export {
  backgroundJobThreshold,
  defaultDownloadFileName,
  downloadMessages,
  downloadRowLimit,
  downloadSelectionSchema,
  planDownload,
} from "./downloadPlan.ts";
export type { ScreeningCsvRow, SearchResultCsvRow } from "./exportColumns.ts";
export {
  exportCsvFields,
  exportCsvHeaderLine,
  exportCsvText,
  screeningCsvFields,
  searchResultCsvFields,
  searchResultCsvRow,
} from "./exportColumns.ts";
export type {
  AsyncJobDetails,
  AsyncJobListQuery,
  AsyncJobStatus,
  DownloadUrl,
  ExportJobType,
  ExportParameters,
  ExportRequest,
} from "./exportJobs.ts";
export {
  asyncJobDetailsSchema,
  asyncJobListQuerySchema,
  asyncJobSortColumns,
  asyncJobStatuses,
  asyncJobStatusSchema,
  awaitingDownloadQuery,
  directDownloadRowLimit,
  downloadUrlLifetimeMs,
  downloadUrlSchema,
  exportJobTypeSchema,
  exportJobTypes,
  exportParameterSchemas,
  jobResultLifetimeMs,
  parseExportRequest,
  screeningUrnsSchema,
} from "./exportJobs.ts";
export type { ExportManifest } from "./exportManifest.ts";
export {
  CsvRecordCounter,
  compareWithManifest,
  decodeManifestHeader,
  encodeManifestHeader,
  exportManifestHeader,
  exportManifestSchema,
  manifestPathOf,
} from "./exportManifest.ts";
export type { CategoryAddressCsvRow, CategoryTransferCsvRow, CounterpartyCsvRow } from "./flowColumns.ts";
export {
  categoryAddressCsvFields,
  categoryAddressCsvRow,
  categoryTransferCsvFields,
  categoryTransferCsvRow,
  counterpartyCsvFields,
  counterpartyCsvRow,
} from "./flowColumns.ts";
export type { TransferCsvField, TransferCsvRow } from "./transferColumns.ts";
export { transferCsvFields, transferCsvRow } from "./transferColumns.ts";
