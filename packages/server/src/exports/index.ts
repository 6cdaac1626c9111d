export { mintDownloadToken, redeemDownloadToken } from "./downloadTokens.ts";
export { exportText, writeExportFile } from "./exportFile.ts";
export { exportFileLabel, exportReadRole, exportRowSource } from "./exportSources.ts";
export type { ExportWorkerOptions } from "./exportWorker.ts";
export { ExportWorker } from "./exportWorker.ts";
export { findJob, insertJob, listJobs } from "./jobRows.ts";
export type { CsvPage, ExportRow, RowSource } from "./rowSource.ts";
export { serverVersion } from "./serverVersion.ts";
export { transferRowSource } from "./transferRows.ts";
