// Hotkey strings follow github/hotkey (and Primer's KeybindingHint): chords joined by "+", a
// sequence of chords separated by spaces ("g h"), "Mod" = Meta on Apple platforms, else Control.
// Bindings and hints read the same string, so what the user sees is what fires.

export type KeyPlatform = "apple" | "other";

/** The subset of KeyboardEvent the matcher reads; tests pass plain objects. */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}

const modifierOrder = ["Control", "Alt", "Meta", "Shift"] as const;
const modifierKeys = new Set<string>([...modifierOrder, "AltGraph", "CapsLock", "Fn", "OS"]);
const keyAliases: Record<string, string> = { Plus: "+", Space: " ", Esc: "Escape" };

export function detectKeyPlatform(): KeyPlatform {
  if (typeof navigator === "undefined") return "other";
  const platform =
    (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ??
    navigator.platform;
  return /mac|iphone|ipad|ipod/i.test(platform) ? "apple" : "other";
}

function chordString(modifiers: ReadonlySet<string>, key: string): string {
  // A printable character already says whether Shift was held ("?" vs "/", "K" vs "k"), so Shift
  // only counts for named keys such as Enter; this keeps "?" matching on every keyboard layout.
  const printable = [...key].length === 1;
  let shown = key;
  if (printable && modifiers.has("Shift") && /^[a-z]$/.test(key)) shown = key.toUpperCase();
  const parts = modifierOrder.filter(
    (modifier) => modifiers.has(modifier) && !(printable && modifier === "Shift"),
  );
  return [...parts, shown].join("+");
}

/** "Mod+k" -> "Control+k" (or "Meta+k" on Apple platforms); "Shift+?" -> "?". */
export function normalizeChord(chord: string, platform: KeyPlatform): string {
  const parts = chord === "+" ? ["+"] : chord.split("+");
  const key = parts.pop() ?? "";
  const modifiers = new Set<string>();
  for (const part of parts) {
    if (part === "Mod") modifiers.add(platform === "apple" ? "Meta" : "Control");
    else if (part === "Ctrl") modifiers.add("Control");
    else if (part === "Cmd" || part === "Command") modifiers.add("Meta");
    else if (part === "Option") modifiers.add("Alt");
    else modifiers.add(part);
  }
  return chordString(modifiers, keyAliases[key] ?? key);
}

/** The chords of a hotkey string, each normalized for the platform. */
export function parseHotkey(keys: string, platform: KeyPlatform): string[] {
  return keys
    .trim()
    .split(/\s+/)
    .map((chord) => normalizeChord(chord, platform));
}

/** The normalized chord of a key press, or null for a lone modifier key. */
export function chordOfKeyPress(press: KeyPress): string | null {
  if (modifierKeys.has(press.key) || press.key === "Dead" || press.key === "Unidentified") return null;
  const modifiers = new Set<string>();
  if (press.ctrlKey) modifiers.add("Control");
  if (press.altKey) modifiers.add("Alt");
  if (press.metaKey) modifiers.add("Meta");
  if (press.shiftKey) modifiers.add("Shift");
  return chordString(modifiers, press.key);
}

/** True for chords that hold Control or Meta: these still fire while the user types in a field. */
export function isModChord(chord: string): boolean {
  return chord !== "+" && /(^|\+)(Control|Meta)\+/.test(chord);
}

/**
 * WCAG 2.1.4: a shortcut made only of character keys (no Control, Alt or Meta) can be switched
 * off, since speech input and stray key presses would trigger it.
 */
export function isSingleKeyHotkey(keys: string): boolean {
  return parseHotkey(keys, "other").every(
    (chord) => chord === "+" || !/(^|\+)(Control|Alt|Meta)\+/.test(chord),
  );
}
