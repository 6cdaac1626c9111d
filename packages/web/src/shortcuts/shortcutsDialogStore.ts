import { atom } from "nanostores";

export const $shortcutsDialogOpen = atom<boolean>(false);

export function openShortcutsDialog(): void {
  $shortcutsDialogOpen.set(true);
}

export function closeShortcutsDialog(): void {
  $shortcutsDialogOpen.set(false);
}
