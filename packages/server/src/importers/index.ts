export type { EntityRecord, TagRecord } from "./attributionRecords.ts";
export { categoryKeyOf, primaryCategoryKey } from "./attributionRecords.ts";
export { inferChain, resolveListedAddress } from "./chainResolution.ts";
export type { SkippedRecord } from "./importErrors.ts";
export { ImportFormatError } from "./importErrors.ts";
export type { ImportFormat, ImportOptions, ImportResult } from "./importFormats.ts";
export { importFormats, isImportFormat, skippedListLimit } from "./importFormats.ts";
export type { ImportSource } from "./importSource.ts";
export { runImport } from "./runImport.ts";
