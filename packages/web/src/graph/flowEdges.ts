import {
  flowLabel,
  formatOffChainTimestamp,
  type GraphDocument,
  type GraphEdge,
  type GraphNode,
  graphEdgeEndsText,
} from "@sleuth/sdk";
import { type Edge, MarkerType } from "@xyflow/react";
import type { GraphDetail } from "./graphZoomDetail.ts";

function edgeLabel(edge: GraphEdge): string | undefined {
  if (edge.type === "offChainEdge") {
    const when = edge.timestamp ? ` · ${formatOffChainTimestamp(edge.timestamp)} UTC` : "";
    return `${edge.information ?? ""}${when}`.trim() || undefined;
  }
  if (edge.type === "owns") return "owns";
  // Issue 43: a flow none of whose transfers has a USD price says its amount, or so, never $0.00.
  return flowLabel(edge);
}

const edgeKindNames: Record<GraphEdge["type"], string> = {
  flow: "Flow",
  transfer: "Transfer",
  offChainEdge: "Connection",
  owns: "Owns",
};

/** What an edge says to a screen reader: its kind, its ends by name, and its label. */
export function edgeDescription(edge: GraphEdge, nodes: ReadonlyMap<string, GraphNode>): string {
  const label = edgeLabel(edge);
  return `${edgeKindNames[edge.type]} ${graphEdgeEndsText(edge, nodes)}${label ? `: ${label}` : ""}`;
}

/**
 * The edges xyflow draws: flows with their amounts and dashed off-chain connections with the
 * investigator's information. Zoomed out, only the off-chain connections, and in the overview none:
 * the canvas layer (GraphCanvasLayer) draws the rest together, without amounts.
 */
export function flowEdgesOf(document: GraphDocument, detail: GraphDetail = "detail"): Edge[] {
  if (detail === "overview") return [];
  const nodes = new Map(document.nodes.map((node) => [node.id, node]));
  return document.edges
    .filter((edge) => detail === "detail" || edge.type === "offChainEdge")
    .map((edge) => ({
      id: edge.id,
      source: edge.source,
      target: edge.target,
      label: edgeLabel(edge),
      // Issue 39: read between its ends' names (entity, label and source), never their bare URNs.
      ariaLabel: edgeDescription(edge, nodes),
      className: `sleuth-graph-edge sleuth-graph-edge-${edge.type}`,
      markerEnd: { type: MarkerType.ArrowClosed },
      // No wide invisible hit path per edge: flows are not clicked on this canvas.
      interactionWidth: 0,
      ...(edge.type === "offChainEdge" || edge.type === "owns" ? { style: { strokeDasharray: "6 4" } } : {}),
    }));
}
