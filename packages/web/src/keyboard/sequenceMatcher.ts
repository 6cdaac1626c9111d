import { isModChord } from "./hotkeyKeys.ts";

export interface HotkeyBinding<T> {
  /** Normalized chords, one per key of a sequence ("g h" -> ["g", "h"]). */
  chords: readonly string[];
  value: T;
  /** A sequence whose first key waits for the rest even where that key alone is a shortcut. */
  outranksSingleKey?: boolean;
}

/**
 * `pending` with a `fallback`: the keys are a shortcut of their own and also start a longer one that
 * outranks it (triage's "t s" over transfers' "t"); the fallback runs when the sequence is not continued.
 * Elsewhere the shorter shortcut runs at once, as it always did.
 * `fallback`: run it, then press the same key again (it may now be typing in what the fallback focused).
 */
export type MatchOutcome<T> =
  | { type: "run"; value: T }
  | { type: "pending"; fallback?: T }
  | { type: "fallback"; value: T }
  | { type: "none" };

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
  let fallback: T | undefined;
  let lastPressAt = 0;

  function match(pressed: readonly string[], bindings: readonly HotkeyBinding<T>[]): MatchOutcome<T> {
    const exact = bindings.find(
      (binding) => binding.chords.length === pressed.length && startsWith(binding.chords, pressed),
    );
    const longer = bindings.filter(
      (binding) => binding.chords.length > pressed.length && startsWith(binding.chords, pressed),
    );
    if (exact)
      return longer.some((binding) => binding.outranksSingleKey)
        ? { type: "pending", fallback: exact.value }
        : { type: "run", value: exact.value };
    return longer.length > 0 ? { type: "pending" } : { type: "none" };
  }

  return {
    /**
     * `typing` is true while focus is in a text field: then only Control/Meta chords count, so
     * typing "g" or "?" in a field never fires a shortcut.
     */
    press(chord: string, bindings: readonly HotkeyBinding<T>[], typing: boolean): MatchOutcome<T> {
      if (typing) {
        buffer = [];
        fallback = undefined;
        if (!isModChord(chord)) return { type: "none" };
      }
      const at = now();
      if (at - lastPressAt > timeoutMs) {
        buffer = [];
        fallback = undefined;
      }
      lastPressAt = at;
      const continued = match([...buffer, chord], bindings);
      if (continued.type !== "none" || buffer.length === 0) {
        buffer = continued.type === "pending" ? [...buffer, chord] : [];
        fallback = continued.type === "pending" ? continued.fallback : undefined;
        return continued;
      }
      if (fallback !== undefined) {
        // The keys so far were a shortcut of their own: it runs, and this key is pressed afresh.
        const value = fallback;
        buffer = [];
        fallback = undefined;
        return { type: "fallback", value };
      }
      // The sequence in progress broke off: the key may still start or be a shortcut of its own.
      const fresh = match([chord], bindings);
      buffer = fresh.type === "pending" ? [chord] : [];
      return fresh;
    },
    /**
     * The sequence in progress was left alone for the timeout: the shortcut its keys make on their
     * own, if any, to run now (the listener's timer calls this).
     */
    expire(): T | undefined {
      const value = fallback;
      buffer = [];
      fallback = undefined;
      return value;
    },
    reset() {
      buffer = [];
      fallback = undefined;
    },
  };
}
