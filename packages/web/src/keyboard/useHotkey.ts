import { useLayoutEffect, useRef } from "react";
import { activateHotkeyScope, type Hotkey, registerHotkey } from "./hotkeyRegistry.ts";

/**
 * Registers a hotkey while the calling component is mounted; `run` may change on every render.
 * Registered before the browser paints (a layout effect): a key pressed as soon as the page shows
 * finds its hotkey.
 */
export function useHotkey(hotkey: Hotkey, enabled = true): void {
  const run = useRef(hotkey.run);
  run.current = hotkey.run;
  const { id, keys, description, group, scope, outranksSingleKey } = hotkey;
  useLayoutEffect(() => {
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
  useLayoutEffect(() => (active ? activateHotkeyScope(scope) : undefined), [scope, active]);
}
