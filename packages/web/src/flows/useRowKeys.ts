import { useHotkey } from "../keyboard/useHotkey.ts";

const rowSelector = '[role="tabpanel"][data-testid^="pane-"]:not([hidden]) [data-row-link]';

function move(step: 1 | -1): void {
  const rows = [...document.querySelectorAll<HTMLElement>(rowSelector)];
  if (rows.length === 0) return;
  const current = rows.indexOf(document.activeElement as HTMLElement);
  const next =
    current === -1
      ? step === 1
        ? 0
        : rows.length - 1
      : Math.min(rows.length - 1, Math.max(0, current + step));
  rows[next]?.focus();
  rows[next]?.scrollIntoView({ block: "nearest" });
}

/**
 * STYLE Keyboard (GitHub): j and k (and the arrows) move through the rows of the shown pane's
 * table; Enter opens the focused row. Registered while a pane with rows is mounted.
 */
export function useRowKeys(group: string): void {
  useHotkey({ id: "flows.rows.next", keys: "j", description: "Next row", group, run: () => move(1) });
  useHotkey({
    id: "flows.rows.previous",
    keys: "k",
    description: "Previous row",
    group,
    run: () => move(-1),
  });
  useHotkey({ id: "flows.rows.down", keys: "ArrowDown", description: "Next row", group, run: () => move(1) });
  useHotkey({
    id: "flows.rows.up",
    keys: "ArrowUp",
    description: "Previous row",
    group,
    run: () => move(-1),
  });
}
