/** The summary and at most eight panes have a digit each; the workspace lists the rest by name only. */
export const maxNumberedPanes = 9;

/** The digit that shows the pane at `position` (0 is the summary), or undefined past the ninth. */
export function paneHotkey(position: number): string | undefined {
  return position < maxNumberedPanes ? String(position + 1) : undefined;
}
