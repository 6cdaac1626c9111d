import { describe, expect, test } from "vitest";
import { chordOfKeyPress, isSingleKeyHotkey, normalizeChord, parseHotkey } from "./hotkeyKeys.ts";

const press = (
  key: string,
  modifiers: Partial<Record<"ctrlKey" | "altKey" | "metaKey" | "shiftKey", boolean>> = {},
) => ({
  key,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  shiftKey: false,
  ...modifiers,
});

describe("hotkey strings (STYLE Keyboard: one string binds and renders)", () => {
  test("Mod+k is Command+K on macOS and Control+K elsewhere", () => {
    expect(parseHotkey("Mod+k", "apple")).toEqual(["Meta+k"]);
    expect(parseHotkey("Mod+k", "other")).toEqual(["Control+k"]);
    expect(chordOfKeyPress(press("k", { metaKey: true }))).toBe("Meta+k");
    expect(chordOfKeyPress(press("k", { ctrlKey: true }))).toBe("Control+k");
  });

  test("? matches the key press that produces it, Shift and all", () => {
    expect(parseHotkey("?", "other")).toEqual(["?"]);
    expect(chordOfKeyPress(press("?", { shiftKey: true }))).toBe("?");
    expect(normalizeChord("Shift+?", "other")).toBe("?");
  });

  test("a sequence such as g h is two chords", () => {
    expect(parseHotkey("g h", "other")).toEqual(["g", "h"]);
  });

  test("Shift with a letter means the capital letter; with a named key it stays a modifier", () => {
    expect(normalizeChord("Mod+Shift+k", "other")).toBe("Control+K");
    expect(chordOfKeyPress(press("K", { ctrlKey: true, shiftKey: true }))).toBe("Control+K");
    expect(chordOfKeyPress(press("Enter", { shiftKey: true }))).toBe("Shift+Enter");
    expect(normalizeChord("Shift+Enter", "other")).toBe("Shift+Enter");
  });

  test("modifier order in the string does not matter", () => {
    expect(normalizeChord("Alt+Control+x", "other")).toBe("Control+Alt+x");
    expect(chordOfKeyPress(press("x", { ctrlKey: true, altKey: true }))).toBe("Control+Alt+x");
  });

  test("a lone modifier key press is no chord", () => {
    expect(chordOfKeyPress(press("Control", { ctrlKey: true }))).toBeNull();
    expect(chordOfKeyPress(press("Shift", { shiftKey: true }))).toBeNull();
  });

  test("WCAG 2.1.4: character-key shortcuts count as single-key, Mod chords do not", () => {
    expect(isSingleKeyHotkey("?")).toBe(true);
    expect(isSingleKeyHotkey("/")).toBe(true);
    expect(isSingleKeyHotkey("g h")).toBe(true);
    expect(isSingleKeyHotkey("Mod+k")).toBe(false);
    expect(isSingleKeyHotkey("Alt+s")).toBe(false);
  });
});
