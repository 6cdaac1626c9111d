export { downloadResult, measureFile, saveExport, verifyExport } from "./exportFiles.ts";
export type { ExportTable, ExportTableOptions } from "./exportTables.ts";
export { exportRequestFor, exportTables, parseRange } from "./exportTables.ts";
export { waitForJob } from "./waitForJob.ts";
