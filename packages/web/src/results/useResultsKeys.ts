import { usePlotOnGraph } from "../graph/plotOnGraph.ts";
import { focusStep } from "../keyboard/focusStep.ts";
import { useHotkey } from "../keyboard/useHotkey.ts";

function move(step: 1 | -1): void {
  focusStep(
    [...document.querySelectorAll<HTMLElement>('[role="tabpanel"]:not([hidden]) [data-result-link]')],
    step,
  );
}

/** STYLE Keyboard (GitHub): j and k move through the results of the shown tab; Enter opens. */
export function useResultsKeys(): void {
  const plot = usePlotOnGraph();
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
  // 002 §2 / issue 30: plot the focused result on the graph; 001 §6 the editor role is checked first.
  useHotkey({
    id: "results.plot",
    keys: "p",
    description: "Plot the focused result on the graph",
    group: "Search results",
    run: () => {
      const urn = (document.activeElement as HTMLElement | null)?.dataset.urn;
      if (urn) plot([urn]);
    },
  });
}
