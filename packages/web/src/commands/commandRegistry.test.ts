import { afterEach, describe, expect, test } from "vitest";
import { $hotkeys } from "../keyboard/hotkeyRegistry.ts";
import { $commands, $palette, closePalette, registerCommand, runCommand } from "./commandRegistry.ts";

afterEach(() => closePalette());

describe("command registry (STYLE Keyboard: one registry binds and renders)", () => {
  test("a command with keys is also a hotkey under the same id, listed with its title", () => {
    const remove = registerCommand({
      id: "test.home",
      title: "Go home",
      group: "Navigation",
      keys: "g h",
      run: () => {},
    });
    expect($commands.get().map((command) => command.id)).toContain("test.home");
    expect($hotkeys.get().find((hotkey) => hotkey.id === "test.home")).toMatchObject({
      keys: "g h",
      description: "Go home",
    });
    remove();
    expect($commands.get().some((command) => command.id === "test.home")).toBe(false);
    expect($hotkeys.get().some((hotkey) => hotkey.id === "test.home")).toBe(false);
  });

  test("a command with a nested page opens the palette on that page instead of running", () => {
    const command = {
      id: "test.switch",
      title: "Switch organization",
      group: "Organization",
      page: { placeholder: "Organization", useItems: () => [] },
    };
    const remove = registerCommand(command);
    runCommand(command);
    expect($palette.get()).toEqual({ open: true, pageCommandId: "test.switch" });
    remove();
  });

  test("running a command closes the palette first", async () => {
    let ran = false;
    const command = {
      id: "test.run",
      title: "Run",
      group: "Test",
      run: () => {
        ran = true;
      },
    };
    $palette.set({ open: true, pageCommandId: null });
    runCommand(command);
    await Promise.resolve();
    expect(ran).toBe(true);
    expect($palette.get().open).toBe(false);
  });
});
