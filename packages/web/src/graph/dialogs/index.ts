export type { ConnectionForm } from "./ConnectionDialog.tsx";
export { ConnectionDialog } from "./ConnectionDialog.tsx";
export { ExportCsvDialog } from "./ExportCsvDialog.tsx";
export { NoteDialog } from "./NoteDialog.tsx";
export { OffChainNodeDialog } from "./OffChainNodeDialog.tsx";
export { SaveGraphDialog } from "./SaveGraphDialog.tsx";
