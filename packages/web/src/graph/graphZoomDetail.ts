import { type ReactFlowState, useStore } from "@xyflow/react";
import { createContext, useContext } from "react";

// Choice: below this zoom a node's figures and a flow's amount are too small to read, so the canvas
// draws nodes with their title and note only and flows as one drawing without amounts. A large
// graph seen whole then has a fraction of the elements to draw on every frame of a pan or zoom
// (issue 30).
export const graphDetailZoom = 0.45;

const zoomedOutSelector = (state: ReactFlowState) => state.transform[2] < graphDetailZoom;

/**
 * True while the canvas is zoomed out past the point where details are readable. Read once, by the
 * canvas: its nodes take it from ZoomedOutContext, so a pan or zoom that stays on one side of the
 * threshold runs no selector per node.
 */
export function useZoomedOutOfCanvas(): boolean {
  return useStore(zoomedOutSelector);
}

export const ZoomedOutContext = createContext(false);

/** Whether the node drawing this is zoomed out (from the canvas's ZoomedOutContext). */
export function useZoomedOut(): boolean {
  return useContext(ZoomedOutContext);
}
