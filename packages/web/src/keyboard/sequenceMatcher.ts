import { isModChord } from "./hotkeyKeys.ts";

export interface HotkeyBinding<T> {
  /** Normalized chords, one per key of a sequence ("g h" -> ["g", "h"]). */
  chords: readonly string[];
  value: T;
}

export type MatchOutcome<T> = { type: "run"; value: T } | { type: "pending" } | { type: "none" };

/** How long a started sequence ("g …") waits for its next key, as on GitHub. */
export const sequenceTimeoutMs = 1500;

function startsWith(chords: readonly string[], prefix: readonly string[]): boolean {
  return prefix.length <= chords.length && prefix.every((chord, index) => chords[index] === chord);
}

/**
 * Matches key presses against bindings, keeping the chords of a sequence in progress. Pure apart
 * from its buffer, so the rules (typing, sequences, timeouts) are tested without a browser.
 */
export function createSequenceMatcher<T>(options: { timeoutMs?: number; now?: () => number } = {}) {
  const timeoutMs = options.timeoutMs ?? sequenceTimeoutMs;
  const now = options.now ?? (() => Date.now());
  let buffer: string[] = [];
  let lastPressAt = 0;

  function match(pressed: readonly string[], bindings: readonly HotkeyBinding<T>[]): MatchOutcome<T> {
    const exact = bindings.find(
      (binding) => binding.chords.length === pressed.length && startsWith(binding.chords, pressed),
    );
    if (exact) return { type: "run", value: exact.value };
    if (
      bindings.some(
        (binding) => binding.chords.length > pressed.length && startsWith(binding.chords, pressed),
      )
    ) {
      return { type: "pending" };
    }
    return { type: "none" };
  }

  return {
    /**
     * `typing` is true while focus is in a text field: then only Control/Meta chords count, so
     * typing "g" or "?" in a field never fires a shortcut.
     */
    press(chord: string, bindings: readonly HotkeyBinding<T>[], typing: boolean): MatchOutcome<T> {
      if (typing) {
        buffer = [];
        if (!isModChord(chord)) return { type: "none" };
      }
      const at = now();
      if (at - lastPressAt > timeoutMs) buffer = [];
      lastPressAt = at;
      const continued = match([...buffer, chord], bindings);
      if (continued.type !== "none" || buffer.length === 0) {
        buffer = continued.type === "pending" ? [...buffer, chord] : [];
        return continued;
      }
      // The sequence in progress broke off: the key may still start or be a shortcut of its own.
      const fresh = match([chord], bindings);
      buffer = fresh.type === "pending" ? [chord] : [];
      return fresh;
    },
    reset() {
      buffer = [];
    },
  };
}
