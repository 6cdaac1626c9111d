import { useStore } from "@nanostores/react";
import { Dialog, Text, ToggleSwitch } from "@primer/react";
import { KeybindingHint } from "@primer/react/experimental";
import { useId } from "react";
import { useFocusReturnRef } from "../keyboard/focusReturn.ts";
import { isSingleKeyHotkey } from "../keyboard/hotkeyKeys.ts";
import { $hotkeys, type Hotkey } from "../keyboard/hotkeyRegistry.ts";
import { $singleKeyShortcutsEnabled, setSingleKeyShortcutsEnabled } from "../keyboard/singleKeyShortcuts.ts";
import { $shortcutsDialogOpen, closeShortcutsDialog } from "./shortcutsDialogStore.ts";
import "./shortcuts.css";

/** Hotkeys by group; several keys for one action (Mod+K and /) share a row. */
function groupsOf(hotkeys: readonly Hotkey[]): [string, Hotkey[][]][] {
  const groups = new Map<string, Map<string, Hotkey[]>>();
  for (const hotkey of hotkeys) {
    const rows = groups.get(hotkey.group) ?? new Map<string, Hotkey[]>();
    rows.set(hotkey.description, [...(rows.get(hotkey.description) ?? []), hotkey]);
    groups.set(hotkey.group, rows);
  }
  return [...groups].map(([group, rows]) => [group, [...rows.values()]]);
}

function ShortcutList({
  hotkeys,
  singleKeyEnabled,
}: {
  hotkeys: readonly Hotkey[];
  singleKeyEnabled: boolean;
}) {
  return groupsOf(hotkeys).map(([group, entries]) => (
    <section key={group} className="sleuth-shortcuts-group">
      <h2 className="sleuth-shortcuts-heading">{group}</h2>
      <ul className="sleuth-shortcuts-list">
        {entries.map((row) => {
          const [first] = row;
          if (!first) return null;
          const isOff = (hotkey: Hotkey) => !singleKeyEnabled && isSingleKeyHotkey(hotkey.keys);
          const off = row.every(isOff);
          return (
            <li key={first.id} className="sleuth-shortcuts-row" data-off={off || undefined}>
              <span>
                {first.description}
                {off ? <Text className="sleuth-shortcuts-off"> (off)</Text> : null}
              </span>
              <span className="sleuth-shortcuts-keys">
                {row.map((hotkey, index) => (
                  <span key={hotkey.id} data-off={isOff(hotkey) || undefined}>
                    {index > 0 ? <span className="sleuth-shortcuts-or">or</span> : null}
                    <KeybindingHint keys={hotkey.keys} />
                  </span>
                ))}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  ));
}

/** Lists every registered hotkey, grouped, rendered from the very strings that bind them. */
export function ShortcutsDialog() {
  const open = useStore($shortcutsDialogOpen);
  return open ? <ShortcutsDialogContent /> : null;
}

function ShortcutsDialogContent() {
  const returnFocusRef = useFocusReturnRef();
  const hotkeys = useStore($hotkeys);
  const singleKeyEnabled = useStore($singleKeyShortcutsEnabled);
  const toggleLabelId = useId();
  const toggleDescriptionId = useId();
  return (
    <Dialog
      title="Keyboard shortcuts"
      onClose={closeShortcutsDialog}
      width="large"
      returnFocusRef={returnFocusRef}
    >
      <div className="sleuth-shortcuts-toggle">
        <div>
          <Text as="p" id={toggleLabelId} className="sleuth-shortcuts-toggle-label">
            Single-key shortcuts
          </Text>
          <Text as="p" id={toggleDescriptionId} className="sleuth-shortcuts-toggle-description">
            Shortcuts without Ctrl or ⌘, such as ? and g h. Switch them off if you use speech input or they
            get in your way.
          </Text>
        </div>
        <ToggleSwitch
          aria-labelledby={toggleLabelId}
          aria-describedby={toggleDescriptionId}
          checked={singleKeyEnabled}
          onChange={setSingleKeyShortcutsEnabled}
          size="small"
        />
      </div>
      <ShortcutList hotkeys={hotkeys} singleKeyEnabled={singleKeyEnabled} />
    </Dialog>
  );
}
