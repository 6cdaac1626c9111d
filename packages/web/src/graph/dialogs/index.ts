export { AddMultipleDialog } from "./AddMultipleDialog.tsx";
export type { ConnectionForm } from "./ConnectionDialog.tsx";
export { ConnectionDialog } from "./ConnectionDialog.tsx";
export { ExportCsvDialog } from "./ExportCsvDialog.tsx";
export { KycLevelsDialog } from "./KycLevelsDialog.tsx";
export { NoteDialog } from "./NoteDialog.tsx";
export { OffChainNodeDialog } from "./OffChainNodeDialog.tsx";
export { OpReturnDialog } from "./OpReturnDialog.tsx";
export { SaveGraphDialog } from "./SaveGraphDialog.tsx";
