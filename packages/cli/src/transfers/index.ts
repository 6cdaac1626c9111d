export type { TransferCsvField } from "./transferCsvRow.ts";
export { transferCsvFields, transferCsvRow } from "./transferCsvRow.ts";
export type { TransferSubject } from "./transferSubject.ts";
export { counterpartyFilterOf, jumpToOf, timestampFilterOf, transferSubjectOf } from "./transferSubject.ts";
