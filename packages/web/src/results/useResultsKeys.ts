import { focusStep, useHotkey } from "../keyboard/index.ts";

function move(step: 1 | -1): void {
  focusStep(
    [...document.querySelectorAll<HTMLElement>('[role="tabpanel"]:not([hidden]) [data-result-link]')],
    step,
  );
}

/** STYLE Keyboard (GitHub): j and k move through the results of the shown tab; Enter opens. */
export function useResultsKeys(): void {
  useHotkey({
    id: "results.next",
    keys: "j",
    description: "Next result",
    group: "Search results",
    run: () => move(1),
  });
  useHotkey({
    id: "results.previous",
    keys: "k",
    description: "Previous result",
    group: "Search results",
    run: () => move(-1),
  });
}
