export { focusReturnTarget, installFocusTracker, useFocusReturnRef } from "./focusReturn.ts";
export { focusStep } from "./focusStep.ts";
export type { KeyPlatform, KeyPress } from "./hotkeyKeys.ts";
export {
  chordOfKeyPress,
  detectKeyPlatform,
  isModChord,
  isSingleKeyHotkey,
  normalizeChord,
  parseHotkey,
} from "./hotkeyKeys.ts";
export type { Hotkey } from "./hotkeyRegistry.ts";
export {
  $hotkeys,
  activateHotkeyScope,
  enabledHotkeys,
  installHotkeyListener,
  registerHotkey,
  runHotkeyOf,
} from "./hotkeyRegistry.ts";
export type { HotkeyBinding, MatchOutcome } from "./sequenceMatcher.ts";
export { createSequenceMatcher, sequenceTimeoutMs } from "./sequenceMatcher.ts";
export {
  $singleKeyShortcutsEnabled,
  setSingleKeyShortcutsEnabled,
  singleKeyShortcutsStorageKey,
} from "./singleKeyShortcuts.ts";
export { useHotkey, useHotkeyScope } from "./useHotkey.ts";
