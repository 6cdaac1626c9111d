import { atom } from "nanostores";
import type { MountedTable } from "./tableRegistry.ts";

/** The table whose columns the columns dialog is choosing, or null when it is closed. */
export const $columnsDialog = atom<Pick<MountedTable, "table" | "available"> | null>(null);

export function openColumnsDialog(target: Pick<MountedTable, "table" | "available">): void {
  $columnsDialog.set(target);
}

export function closeColumnsDialog(): void {
  $columnsDialog.set(null);
}
