import type { GraphNode } from "@sleuth/sdk";
import { type GraphFlowNode, nodeSize } from "./GraphNodeView.tsx";
import type { NodeBox } from "./ZoomedOutFlows.tsx";

interface DrawnNode {
  node: GraphNode;
  selected: boolean;
  x: number;
  y: number;
  flowNode: GraphFlowNode;
  box: NodeBox;
}

/** What the canvas remembers between renders: each node as it was last handed to xyflow. */
export type DrawnNodes = Map<string, DrawnNode>;

/**
 * The document's nodes as xyflow takes them, and where each is drawn. A node whose document entry,
 * selection and position are unchanged keeps its objects from the last call (in `drawn`), so a drag
 * or a new selection gives xyflow new objects for the nodes it moves or changes only, and xyflow
 * re-renders those alone instead of every node of a large graph on each step (issue 30).
 */
export function canvasNodesOf(
  nodes: readonly GraphNode[],
  selectedId: string | null,
  dragging: ReadonlyMap<string, { x: number; y: number }>,
  drawn: DrawnNodes,
): { flowNodes: GraphFlowNode[]; boxes: Map<string, NodeBox> } {
  const flowNodes: GraphFlowNode[] = [];
  const boxes = new Map<string, NodeBox>();
  const next: DrawnNodes = new Map();
  for (const node of nodes) {
    const { x, y } = dragging.get(node.id) ?? node;
    const selected = node.id === selectedId;
    let entry = drawn.get(node.id);
    if (!entry || entry.node !== node || entry.selected !== selected || entry.x !== x || entry.y !== y) {
      const previous = entry;
      entry = {
        node,
        selected,
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
        },
        box:
          previous?.node === node && previous.x === x && previous.y === y
            ? previous.box
            : { x, y, ...nodeSize(node) },
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
