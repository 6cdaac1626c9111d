import { useEffect, useRef } from "react";
import { activateHotkeyScope, type Hotkey, registerHotkey } from "./hotkeyRegistry.ts";

/** Registers a hotkey while the calling component is mounted; `run` may change on every render. */
export function useHotkey(hotkey: Hotkey, enabled = true): void {
  const run = useRef(hotkey.run);
  run.current = hotkey.run;
  const { id, keys, description, group, scope, outranksSingleKey } = hotkey;
  useEffect(() => {
    if (!enabled) return;
    return registerHotkey({
      id,
      keys,
      description,
      group,
      scope,
      outranksSingleKey,
      run: (event) => run.current(event),
    });
  }, [id, keys, description, group, scope, outranksSingleKey, enabled]);
}

/** Activates a hotkey scope while the calling component is mounted (a pane, a dialog). */
export function useHotkeyScope(scope: string, active = true): void {
  useEffect(() => (active ? activateHotkeyScope(scope) : undefined), [scope, active]);
}
