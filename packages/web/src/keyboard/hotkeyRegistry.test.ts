import { expect, test } from "vitest";
import { activateHotkeyScope, registerHotkey, runHotkeyOf } from "./hotkeyRegistry.ts";

const press = (key: string, modifiers: { ctrlKey?: boolean; metaKey?: boolean } = {}) =>
  ({ key, ctrlKey: false, altKey: false, metaKey: false, shiftKey: false, ...modifiers }) as KeyboardEvent;

test("issue 45 a widget that handles Enter itself runs the registered Mod+Enter, bound from the shown string", () => {
  const runs: string[] = [];
  const unregister = registerHotkey({
    id: "palette.submit.test",
    keys: "Mod+Enter",
    description: "See all results",
    group: "Test",
    scope: "palette-test",
    run: () => runs.push("submit"),
  });
  try {
    // Out of its scope it does not fire.
    expect(runHotkeyOf("palette.submit.test", press("Enter", { ctrlKey: true }), "other")).toBe(false);
    const deactivate = activateHotkeyScope("palette-test");
    expect(runHotkeyOf("palette.submit.test", press("Enter"), "other")).toBe(false);
    expect(runHotkeyOf("palette.submit.test", press("Enter", { metaKey: true }), "other")).toBe(false);
    expect(runHotkeyOf("palette.submit.test", press("Enter", { ctrlKey: true }), "other")).toBe(true);
    expect(runHotkeyOf("palette.submit.test", press("Enter", { metaKey: true }), "apple")).toBe(true);
    deactivate();
    expect(runs).toEqual(["submit", "submit"]);
  } finally {
    unregister();
  }
});
