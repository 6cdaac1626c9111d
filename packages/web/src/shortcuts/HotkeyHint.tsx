import { useStore } from "@nanostores/react";
import { KeybindingHint, type KeybindingHintProps } from "@primer/react/experimental";
import { $hotkeys } from "../keyboard/hotkeyRegistry.ts";

/** The hint of a registered hotkey, by id: menus and pages show the string that binds it. */
export function HotkeyHint({ id, ...props }: { id: string } & Omit<KeybindingHintProps, "keys">) {
  const hotkey = useStore($hotkeys).find((entry) => entry.id === id);
  return hotkey ? <KeybindingHint keys={hotkey.keys} {...props} /> : null;
}
