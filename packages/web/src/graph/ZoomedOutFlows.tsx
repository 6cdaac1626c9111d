import type { GraphDocument, GraphEdge } from "@sleuth/sdk";
import { getBezierPath, Position, ViewportPortal } from "@xyflow/react";
import { memo } from "react";

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
): { solid: string; dashed: string; arrows: string } {
  const solid: string[] = [];
  const dashed: string[] = [];
  const arrows: string[] = [];
  for (const edge of edges) {
    if (edge.type === "offChainEdge") continue;
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
}: {
  edges: GraphDocument["edges"];
  boxes: ReadonlyMap<string, NodeBox>;
}) {
  const { solid, dashed, arrows } = zoomedOutFlowPaths(edges, boxes);
  return (
    <ViewportPortal>
      <svg className="sleuth-graph-flows" data-testid="graph-flows" aria-hidden>
        <path className="sleuth-graph-flows-line" d={solid} />
        <path className="sleuth-graph-flows-line" d={dashed} strokeDasharray="6 4" />
        <path className="sleuth-graph-flows-arrow" d={arrows} />
      </svg>
    </ViewportPortal>
  );
});
