export type { TransferSubject } from "./transferSubject.ts";
export { counterpartyFilterOf, jumpToOf, timestampFilterOf, transferSubjectOf } from "./transferSubject.ts";
