import type { GraphDocument, GraphEdge } from "@sleuth/sdk";
import { getBezierPath, Position } from "@xyflow/react";

/** Where a node is drawn and how large, as the canvas layer needs it below the detail zoom. */
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

/** The lines and arrowheads of the flows the canvas layer draws, as SVG path strings. */
export interface FlowPaths {
  /** Flows. */
  solid: string;
  /** Owner links. */
  dashed: string;
  /** Off-chain connections (only when asked for: above the overview xyflow draws them). */
  offChain: string;
  arrows: string;
}

/**
 * Flows, owner links and (with `offChain`) off-chain connections as path strings, one per kind,
 * and their arrowheads. Each runs from the right of its source to the left of its target, the
 * curve xyflow draws between a node's right and left handles, so nothing moves when the zoom
 * crosses over. Flows to a node not drawn are left out.
 */
export function zoomedOutFlowPaths(
  edges: GraphDocument["edges"],
  boxes: ReadonlyMap<string, NodeBox>,
  offChain = false,
): FlowPaths {
  const solid: string[] = [];
  const dashed: string[] = [];
  const offChainLines: string[] = [];
  const arrows: string[] = [];
  for (const edge of edges) {
    if (edge.type === "offChainEdge" && !offChain) continue;
    const source = boxes.get(edge.source);
    const target = boxes.get(edge.target);
    if (!source || !target) continue;
    const { line, arrow } = drawnFlow(edge, source, target);
    (edge.type === "owns" ? dashed : edge.type === "offChainEdge" ? offChainLines : solid).push(line);
    arrows.push(arrow);
  }
  return {
    solid: solid.join(""),
    dashed: dashed.join(""),
    offChain: offChainLines.join(""),
    arrows: arrows.join(""),
  };
}
