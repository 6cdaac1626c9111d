import { type ReactFlowState, useStore } from "@xyflow/react";

// Choice: below this zoom a node's figures and a flow's amount are too small to read, so the canvas
// draws nodes with their kind, title and note only and flows without amounts. A large graph seen
// whole then has a fraction of the elements to draw on every frame of a pan or zoom (issue 30).
export const graphDetailZoom = 0.45;

const zoomedOutSelector = (state: ReactFlowState) => state.transform[2] < graphDetailZoom;

/** True while the canvas is zoomed out past the point where details are readable. */
export function useZoomedOut(): boolean {
  return useStore(zoomedOutSelector);
}
