export type { InteractivityInputs } from "./interactive.ts";
export { isInteractive, showsProgress } from "./interactive.ts";
export { writeJson, writeNdjson } from "./json.ts";
export type { Printer } from "./printer.ts";
export { createPrinter } from "./printer.ts";
export type { Column } from "./table.ts";
export { displayWidth, renderPairs, renderTable } from "./table.ts";
export { formatTime } from "./time.ts";
