import { atom } from "nanostores";
import {
  chordOfKeyPress,
  detectKeyPlatform,
  isSingleKeyHotkey,
  type KeyPlatform,
  parseHotkey,
} from "./hotkeyKeys.ts";
import { createSequenceMatcher, type HotkeyBinding, sequenceTimeoutMs } from "./sequenceMatcher.ts";
import { $singleKeyShortcutsEnabled } from "./singleKeyShortcuts.ts";

export interface Hotkey {
  /** Unique; registering the same id again replaces the earlier entry. */
  id: string;
  /** github/hotkey string, e.g. "Mod+k", "?", "g h". Also what KeybindingHint renders. */
  keys: string;
  description: string;
  /** Heading under which the shortcuts dialog lists it. */
  group: string;
  /** Fires only while this scope is active (see activateHotkeyScope); absent = everywhere. */
  scope?: string;
  /**
   * For a sequence: its first key waits for the rest even where that key alone is a shortcut of the
   * same page (which then runs after the wait, or when another key follows).
   */
  outranksSingleKey?: boolean;
  run: (event: KeyboardEvent) => void;
}

/** Every registered hotkey in registration order: the shortcuts dialog lists exactly these. */
export const $hotkeys = atom<readonly Hotkey[]>([]);
const $activeScopes = atom<ReadonlyMap<string, number>>(new Map());

export function registerHotkey(hotkey: Hotkey): () => void {
  $hotkeys.set([...$hotkeys.get().filter((entry) => entry.id !== hotkey.id), hotkey]);
  return () => {
    // Only remove this registration, not a later one that replaced it under the same id.
    if ($hotkeys.get().includes(hotkey)) $hotkeys.set($hotkeys.get().filter((entry) => entry !== hotkey));
  };
}

export function activateHotkeyScope(scope: string): () => void {
  const change = (delta: number) => {
    const next = new Map($activeScopes.get());
    const count = (next.get(scope) ?? 0) + delta;
    if (count > 0) next.set(scope, count);
    else next.delete(scope);
    $activeScopes.set(next);
  };
  change(1);
  return () => change(-1);
}

/** Hotkeys that can fire right now: in an active scope, and not switched off single-key ones. */
export function enabledHotkeys(): Hotkey[] {
  const scopes = $activeScopes.get();
  const singleKeyAllowed = $singleKeyShortcutsEnabled.get();
  return $hotkeys
    .get()
    .filter(
      (hotkey) =>
        (hotkey.scope === undefined || scopes.has(hotkey.scope)) &&
        (singleKeyAllowed || !isSingleKeyHotkey(hotkey.keys)),
    );
}

/**
 * Runs the enabled hotkey `id` when `press` is its key, for a widget that handles that key itself
 * before the document listener would see it (cmdk selects on Enter, so Mod+Enter must be taken
 * first). True when it ran; the caller then stops the widget's own handling.
 */
export function runHotkeyOf(
  id: string,
  press: KeyboardEvent,
  platform: KeyPlatform = detectKeyPlatform(),
): boolean {
  const hotkey = enabledHotkeys().find((entry) => entry.id === id);
  const chord = chordOfKeyPress(press);
  if (!hotkey || chord === null) return false;
  const chords = parseHotkey(hotkey.keys, platform);
  if (chords.length !== 1 || chords[0] !== chord) return false;
  hotkey.run(press);
  return true;
}

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    return !["button", "checkbox", "radio", "reset", "submit", "range", "color", "file", "image"].includes(
      target.type,
    );
  }
  return target.getAttribute("role") === "textbox" || target.getAttribute("role") === "combobox";
}

/** Binds every registered hotkey to key presses on `target`. Call once; returns the unbinding. */
export function installHotkeyListener(
  target: Document = document,
  platform: KeyPlatform = detectKeyPlatform(),
): () => void {
  const matcher = createSequenceMatcher<Hotkey>();
  // A key that is a shortcut and also starts a longer one waits this long for the rest.
  let fallbackTimer: ReturnType<typeof setTimeout> | undefined;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.defaultPrevented || event.isComposing || event.repeat) return;
    const chord = chordOfKeyPress(event);
    if (!chord) return;
    clearTimeout(fallbackTimer);
    const bindings: HotkeyBinding<Hotkey>[] = enabledHotkeys().map((hotkey) => ({
      chords: parseHotkey(hotkey.keys, platform),
      value: hotkey,
      outranksSingleKey: hotkey.outranksSingleKey,
    }));
    let outcome = matcher.press(chord, bindings, isTypingTarget(event.target));
    if (outcome.type === "fallback") {
      outcome.value.run(event);
      // The fallback may have focused a field (transfers' jump-to): then this key is typed into it,
      // since the browser inserts the character where the focus is after keydown.
      outcome = matcher.press(chord, bindings, isTypingTarget(target.activeElement));
    }
    if (outcome.type === "none") return;
    event.preventDefault();
    if (outcome.type === "run") outcome.value.run(event);
    if (outcome.type === "pending" && outcome.fallback !== undefined) {
      fallbackTimer = setTimeout(() => matcher.expire()?.run(event), sequenceTimeoutMs);
    }
  };
  target.addEventListener("keydown", onKeyDown);
  return () => {
    clearTimeout(fallbackTimer);
    target.removeEventListener("keydown", onKeyDown);
  };
}
