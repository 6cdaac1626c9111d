import type { GraphNode } from "@sleuth/sdk";
import { type NodeHandle, Position } from "@xyflow/react";
import type { NodeBox } from "./flowPaths.ts";
import type { GraphFlowNode } from "./GraphNodeView.tsx";
import { nodeSize } from "./nodeSize.ts";

interface DrawnNode {
  node: GraphNode;
  selected: boolean;
  hidden: boolean;
  x: number;
  y: number;
  flowNode: GraphFlowNode;
  box: NodeBox;
}

/** A node's two handles: flows leave from the middle of its right side and end in the middle of its left. */
function handlesOf({ width, height }: { width: number; height: number }): NodeHandle[] {
  return [
    { type: "target", position: Position.Left, x: 0, y: height / 2, width: 0, height: 0 },
    { type: "source", position: Position.Right, x: width, y: height / 2, width: 0, height: 0 },
  ];
}

/** What the canvas remembers between renders: each node as it was last handed to xyflow. */
export type DrawnNodes = Map<string, DrawnNode>;

/**
 * The document's nodes as xyflow takes them, and where each is drawn. A node whose document entry,
 * selection and position are unchanged keeps its objects from the last call (in `drawn`), so a drag
 * or a new selection gives xyflow new objects for the nodes it moves or changes only, and xyflow
 * re-renders those alone instead of every node of a large graph on each step (issue 30). In the
 * overview (`hidden`) every node is hidden from xyflow: the canvas layer draws them.
 */
export function canvasNodesOf(
  nodes: readonly GraphNode[],
  selectedId: string | null,
  dragging: ReadonlyMap<string, { x: number; y: number }>,
  drawn: DrawnNodes,
  hidden = false,
): { flowNodes: GraphFlowNode[]; boxes: Map<string, NodeBox> } {
  const flowNodes: GraphFlowNode[] = [];
  const boxes = new Map<string, NodeBox>();
  const next: DrawnNodes = new Map();
  for (const node of nodes) {
    const { x, y } = dragging.get(node.id) ?? node;
    const selected = node.id === selectedId;
    let entry = drawn.get(node.id);
    if (
      !entry ||
      entry.node !== node ||
      entry.selected !== selected ||
      entry.hidden !== hidden ||
      entry.x !== x ||
      entry.y !== y
    ) {
      const previous = entry;
      const size = nodeSize(node);
      entry = {
        node,
        selected,
        hidden,
        x,
        y,
        flowNode: {
          id: node.id,
          type: "sleuth",
          position: { x, y },
          // Placed by left and top instead of xyflow's transform: a transform per node is a paint
          // property of its own, which the browser weighs on every frame for every node on screen.
          style: { transform: "none", left: x, top: y },
          // The same data object while the document entry is the same: the node's view is memoised on it.
          data: previous?.node === node ? previous.flowNode.data : { node },
          selected,
          hidden,
          // Its size and handles as laid out, so xyflow needs no measuring: a node that comes on
          // screen (or out of the overview) is drawn at once, and one off screen is never mounted
          // to be measured, nor a hidden one left out of a fit.
          measured: size,
          handles: handlesOf(size),
        },
        box:
          previous?.node === node && previous.x === x && previous.y === y ? previous.box : { x, y, ...size },
      };
    }
    next.set(node.id, entry);
    flowNodes.push(entry.flowNode);
    boxes.set(node.id, entry.box);
  }
  drawn.clear();
  for (const [id, entry] of next) drawn.set(id, entry);
  return { flowNodes, boxes };
}
