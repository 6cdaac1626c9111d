import { describe, expect, test } from "vitest";
import { createSequenceMatcher, type HotkeyBinding } from "./sequenceMatcher.ts";

const bindings: HotkeyBinding<string>[] = [
  { chords: ["Control+k"], value: "palette" },
  { chords: ["?"], value: "shortcuts" },
  { chords: ["g", "h"], value: "home" },
  { chords: ["g", "o"], value: "organizations" },
];

function matcherAt(clock: { now: number }) {
  return createSequenceMatcher<string>({ timeoutMs: 1500, now: () => clock.now });
}

describe("hotkey matching (STYLE Keyboard)", () => {
  test("g then h runs the go-home sequence", () => {
    const clock = { now: 0 };
    const matcher = matcherAt(clock);
    expect(matcher.press("g", bindings, false)).toEqual({ type: "pending" });
    clock.now += 200;
    expect(matcher.press("h", bindings, false)).toEqual({ type: "run", value: "home" });
  });

  test("a sequence left unfinished for too long starts over", () => {
    const clock = { now: 0 };
    const matcher = matcherAt(clock);
    matcher.press("g", bindings, false);
    clock.now += 2000;
    expect(matcher.press("h", bindings, false)).toEqual({ type: "none" });
  });

  test("a key that breaks a sequence still fires its own shortcut", () => {
    const clock = { now: 0 };
    const matcher = matcherAt(clock);
    matcher.press("g", bindings, false);
    expect(matcher.press("?", bindings, false)).toEqual({ type: "run", value: "shortcuts" });
  });

  test("while typing in a field only Mod chords fire", () => {
    const clock = { now: 0 };
    const matcher = matcherAt(clock);
    expect(matcher.press("?", bindings, true)).toEqual({ type: "none" });
    expect(matcher.press("g", bindings, true)).toEqual({ type: "none" });
    expect(matcher.press("h", bindings, false)).toEqual({ type: "none" });
    expect(matcher.press("Control+k", bindings, true)).toEqual({ type: "run", value: "palette" });
  });

  test("keys with no shortcut do nothing", () => {
    const matcher = matcherAt({ now: 0 });
    expect(matcher.press("x", bindings, false)).toEqual({ type: "none" });
  });

  describe("a single key that also starts a sequence (triage's t s over transfers' t)", () => {
    const overlapping: HotkeyBinding<string>[] = [
      { chords: ["t"], value: "jump" },
      { chords: ["t", "s"], value: "summary", outranksSingleKey: true },
      { chords: ["j"], value: "next" },
    ];

    test("002 §2 t then s runs the sequence, not the single key", () => {
      const matcher = matcherAt({ now: 0 });
      expect(matcher.press("t", overlapping, false)).toEqual({ type: "pending", fallback: "jump" });
      expect(matcher.press("s", overlapping, false)).toEqual({ type: "run", value: "summary" });
      expect(matcher.expire()).toBeUndefined();
    });

    test("002 §2 t left alone runs the single key when the sequence times out", () => {
      const matcher = matcherAt({ now: 0 });
      matcher.press("t", overlapping, false);
      expect(matcher.expire()).toBe("jump");
      expect(matcher.expire()).toBeUndefined();
    });

    test("002 §2 t then another key runs t, and that key is pressed afresh", () => {
      const matcher = matcherAt({ now: 0 });
      matcher.press("t", overlapping, false);
      expect(matcher.press("j", overlapping, false)).toEqual({ type: "fallback", value: "jump" });
      expect(matcher.press("j", overlapping, false)).toEqual({ type: "run", value: "next" });
    });

    test("a single key with no longer sequence still runs at once", () => {
      const matcher = matcherAt({ now: 0 });
      expect(matcher.press("j", overlapping, false)).toEqual({ type: "run", value: "next" });
    });

    test("a sequence that does not outrank single keys leaves them running at once", () => {
      const matcher = matcherAt({ now: 0 });
      const plain: HotkeyBinding<string>[] = [
        { chords: ["n"], value: "nextPage" },
        { chords: ["n", "c"], value: "newCase" },
      ];
      expect(matcher.press("n", plain, false)).toEqual({ type: "run", value: "nextPage" });
    });
  });
});
