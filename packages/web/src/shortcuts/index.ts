export { HotkeyHint } from "./HotkeyHint.tsx";
export { ShortcutsDialog } from "./ShortcutsDialog.tsx";
export { $shortcutsDialogOpen, closeShortcutsDialog, openShortcutsDialog } from "./shortcutsDialogStore.ts";
