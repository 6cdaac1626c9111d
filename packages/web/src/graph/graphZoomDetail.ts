import { type ReactFlowState, useStore } from "@xyflow/react";
import { createContext, useContext } from "react";

// Choice: below this zoom a node's figures and a flow's amount are too small to read, so the canvas
// draws nodes with their title and note only and flows as one drawing without amounts. A large
// graph seen whole then has a fraction of the elements to draw on every frame of a pan or zoom
// (issue 30).
export const graphDetailZoom = 0.45;
// Choice: below this zoom a node's title is too small to read as well (a few pixels high), so the
// nodes are drawn as cards without text in the canvas layer with the flows and the grid, and not as
// elements of the page at all: a pan or zoom over the whole of a large graph then redraws one
// canvas instead of laying out, hit-testing and painting hundreds of elements (issue 30).
export const graphOverviewZoom = 0.3;
// Choice: a smaller graph keeps its node elements at any zoom: a few hundred cost little on every
// frame, and elements can be dragged with the mouse and show their full name on hover.
export const graphOverviewMinNodes = 500;

/** How much the canvas draws at its zoom: everything, titles only, or the overview of cards. */
export type GraphDetail = "detail" | "zoomedOut" | "overview";

export function graphDetailOf(zoom: number, nodeCount: number): GraphDetail {
  if (zoom < graphOverviewZoom && nodeCount >= graphOverviewMinNodes) return "overview";
  return zoom < graphDetailZoom ? "zoomedOut" : "detail";
}

const detailSelector = (state: ReactFlowState) => graphDetailOf(state.transform[2], state.nodeLookup.size);

/**
 * The detail the canvas draws at its zoom. Read once, by the canvas: its nodes take it from
 * ZoomedOutContext, so a pan or zoom that stays within one level runs no selector per node.
 */
export function useGraphDetailOfCanvas(): GraphDetail {
  return useStore(detailSelector);
}

export const ZoomedOutContext = createContext(false);

/** Whether the node drawing this is zoomed out (from the canvas's ZoomedOutContext). */
export function useZoomedOut(): boolean {
  return useContext(ZoomedOutContext);
}
