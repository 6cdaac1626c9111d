import { atom } from "nanostores";
import type { TableId } from "./tableCatalogue.ts";

/** A configurable table on screen: which catalogue table, the columns this view offers, its element. */
export interface MountedTable {
  readonly table: TableId;
  readonly available?: readonly string[];
  readonly element: () => HTMLElement | null;
}

/** The configurable tables mounted now, in mount order (hidden panes included). */
export const $mountedTables = atom<readonly MountedTable[]>([]);
let lastFocused: MountedTable | null = null;

export function registerTable(entry: MountedTable): () => void {
  $mountedTables.set([...$mountedTables.get(), entry]);
  return () => {
    $mountedTables.set($mountedTables.get().filter((each) => each !== entry));
    if (lastFocused === entry) lastFocused = null;
  };
}

export function markTableFocused(entry: MountedTable): void {
  lastFocused = entry;
}

const isShown = (entry: MountedTable) => {
  const element = entry.element();
  return element !== null && element.getClientRects().length > 0;
};

/**
 * The table the "choose visible columns" command acts on: the one holding the focus, else the one
 * focused last (when still shown), else the first one shown.
 */
export function focusedTable(): MountedTable | undefined {
  const mounted = $mountedTables.get();
  const active = document.activeElement;
  const holding = mounted.find((entry) => active && entry.element()?.contains(active));
  if (holding) return holding;
  if (lastFocused && mounted.includes(lastFocused) && isShown(lastFocused)) return lastFocused;
  return mounted.find(isShown);
}
