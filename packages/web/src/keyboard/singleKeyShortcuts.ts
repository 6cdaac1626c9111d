import { atom } from "nanostores";

// WCAG 2.1.4: single-key shortcuts can be switched off; the choice survives reloads.
export const singleKeyShortcutsStorageKey = "sleuth.singleKeyShortcuts";

function readStoredChoice(): boolean {
  try {
    return globalThis.localStorage?.getItem(singleKeyShortcutsStorageKey) !== "off";
  } catch {
    // 002 §8: local storage errors are ignored; shortcuts stay on.
    return true;
  }
}

export const $singleKeyShortcutsEnabled = atom<boolean>(readStoredChoice());

export function setSingleKeyShortcutsEnabled(enabled: boolean): void {
  $singleKeyShortcutsEnabled.set(enabled);
  try {
    globalThis.localStorage?.setItem(singleKeyShortcutsStorageKey, enabled ? "on" : "off");
  } catch {
    // 002 §8: ignored; the choice holds until the page reloads.
  }
}
