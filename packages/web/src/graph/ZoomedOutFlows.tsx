import type { GraphDocument, GraphEdge } from "@sleuth/sdk";
import { getBezierPath, Position, useStoreApi } from "@xyflow/react";
import { memo, useEffect, useState } from "react";
import { createPortal } from "react-dom";

/** Where a node is drawn and how large, as the flows below the detail zoom need it. */
export interface NodeBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

// The closed arrowhead at a flow's target, in graph units (xyflow's ArrowClosed at its default size).
const arrowLength = 10;
const arrowHalfWidth = 4;

interface DrawnFlow {
  source: NodeBox;
  target: NodeBox;
  line: string;
  arrow: string;
}
// Each flow's drawing while its ends stay where they were: a drag redraws the flows it moves only.
const drawnFlows = new WeakMap<GraphEdge, DrawnFlow>();

function drawnFlow(edge: GraphEdge, source: NodeBox, target: NodeBox): DrawnFlow {
  const known = drawnFlows.get(edge);
  if (known && known.source === source && known.target === target) return known;
  const targetX = target.x;
  const targetY = target.y + target.height / 2;
  const [line] = getBezierPath({
    sourceX: source.x + source.width,
    sourceY: source.y + source.height / 2,
    sourcePosition: Position.Right,
    targetX,
    targetY,
    targetPosition: Position.Left,
  });
  const arrow = `M${targetX},${targetY}L${targetX - arrowLength},${targetY - arrowHalfWidth}L${targetX - arrowLength},${targetY + arrowHalfWidth}Z`;
  const flow = { source, target, line, arrow };
  drawnFlows.set(edge, flow);
  return flow;
}

/**
 * Flows and owner links as three path strings: solid lines, dashed lines (owner links) and filled
 * arrowheads. Each runs from the right of its source to the left of its target, the curve xyflow
 * draws between a node's right and left handles, so nothing moves when the zoom crosses over.
 * Off-chain connections are left out: xyflow keeps drawing them with their information.
 */
export function zoomedOutFlowPaths(
  edges: GraphDocument["edges"],
  boxes: ReadonlyMap<string, NodeBox>,
  include: (edge: GraphEdge) => boolean = () => true,
): { solid: string; dashed: string; arrows: string } {
  const solid: string[] = [];
  const dashed: string[] = [];
  const arrows: string[] = [];
  for (const edge of edges) {
    if (edge.type === "offChainEdge" || !include(edge)) continue;
    const source = boxes.get(edge.source);
    const target = boxes.get(edge.target);
    if (!source || !target) continue;
    const { line, arrow } = drawnFlow(edge, source, target);
    (edge.type === "owns" ? dashed : solid).push(line);
    arrows.push(arrow);
  }
  return { solid: solid.join(""), dashed: dashed.join(""), arrows: arrows.join("") };
}

/**
 * Below the detail zoom, every flow of the graph as one SVG drawing inside xyflow's viewport (under
 * the nodes) instead of an SVG element, path and hit area per flow: a pan or zoom of a large graph
 * then moves one element, not thousands (issue 30). Nothing to click on a flow is lost: flows are
 * not selectable on this canvas.
 */
export const ZoomedOutFlows = memo(function ZoomedOutFlows({
  edges,
  boxes,
  moving,
}: {
  edges: GraphDocument["edges"];
  boxes: ReadonlyMap<string, NodeBox>;
  /** The nodes being dragged: their flows are drawn apart, so each step redraws those alone. */
  moving: ReadonlySet<string>;
}) {
  // xyflow's ViewportPortal looks its element up on every store update, each frame of a pan; the
  // element lives as long as the canvas, so it is looked up once.
  const store = useStoreApi();
  const [viewport, setViewport] = useState<Element | null>(null);
  useEffect(
    () => setViewport(store.getState().domNode?.querySelector(".react-flow__viewport-portal") ?? null),
    [store],
  );
  const touchesMoving = (edge: GraphEdge) => moving.has(edge.source) || moving.has(edge.target);
  // The same strings on every step of a drag: React leaves the large drawing untouched.
  const still = zoomedOutFlowPaths(edges, boxes, (edge) => !touchesMoving(edge));
  const dragged = moving.size > 0 ? zoomedOutFlowPaths(edges, boxes, touchesMoving) : null;
  if (!viewport) return null;
  return createPortal(
    <svg className="sleuth-graph-flows" data-testid="graph-flows" aria-hidden>
      <FlowDrawing paths={still} />
      {dragged ? <FlowDrawing paths={dragged} /> : null}
    </svg>,
    viewport,
  );
});

function FlowDrawing({ paths }: { paths: { solid: string; dashed: string; arrows: string } }) {
  return (
    <>
      <path className="sleuth-graph-flows-line" d={paths.solid} />
      <path className="sleuth-graph-flows-line" d={paths.dashed} strokeDasharray="6 4" />
      <path className="sleuth-graph-flows-arrow" d={paths.arrows} />
    </>
  );
}
