// The layout of large graphs: columns along a spanning tree, computed directly rather than by elk.
//
// Every elk algorithm (layered with any options, layered over a spanning tree, mrtree, stress, force,
// radial, rectpacking) grows too fast with the size of the graph to lay out a graph of a big trace or
// of thousands of plotted addresses while an investigator waits. This layout keeps the picture the
// small-graph one draws, funds flowing left to right, a node's senders to its left and its receivers
// to its right (issue 30 "expand"), in time proportional to the graph: a breadth-first spanning tree
// from the earliest plotted node of each connected part gives every node a column (one to the right
// of the node it was reached from along an outgoing flow, one to the left along an incoming one);
// the children of a node are stacked as one block centred on it, in the nearest free stretch of their
// column; the connected parts are then packed in rows. Only tree edges shape the picture; the canvas
// draws every other edge as it is, between wherever its ends landed.

export interface LayoutNode {
  id: string;
  width: number;
  height: number;
}

export interface LayoutEdge {
  id: string;
  source: string;
  target: string;
}

export type Positions = Record<string, { x: number; y: number }>;

/** Gaps between columns, between stacked nodes, and between packed connected parts. */
export const spanningTreeSpacing = { column: 120, row: 40, part: 120 } as const;

interface TreeNode {
  node: LayoutNode;
  column: number;
  /** Children reached along an outgoing flow (right) and an incoming one (left), in visiting order. */
  right: TreeNode[];
  left: TreeNode[];
}

interface SpanningForest {
  /** One tree per connected part, rooted at its earliest node in the input's order. */
  roots: TreeNode[];
  /** The ids of the edges the trees are made of. */
  treeEdges: string[];
}

/**
 * Breadth-first spanning trees, one per connected part: roots are taken in the nodes' order (the
 * order they were plotted in) and each node's edges in the edges' order, so the same graph always
 * gives the same tree. Self-loops and edges to unknown nodes are ignored.
 */
export function spanningForest(nodes: readonly LayoutNode[], edges: readonly LayoutEdge[]): SpanningForest {
  const incident = new Map<string, { edge: LayoutEdge; other: string; outgoing: boolean }[]>();
  for (const node of nodes) incident.set(node.id, []);
  for (const edge of edges) {
    if (edge.source === edge.target) continue;
    const fromSource = incident.get(edge.source);
    const fromTarget = incident.get(edge.target);
    if (!fromSource || !fromTarget) continue;
    fromSource.push({ edge, other: edge.target, outgoing: true });
    fromTarget.push({ edge, other: edge.source, outgoing: false });
  }
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const visited = new Map<string, TreeNode>();
  const roots: TreeNode[] = [];
  const treeEdges: string[] = [];
  for (const node of nodes) {
    if (visited.has(node.id)) continue;
    const root: TreeNode = { node, column: 0, right: [], left: [] };
    visited.set(node.id, root);
    roots.push(root);
    const queue = [root];
    for (let head = 0; head < queue.length; head++) {
      const current = queue[head]!;
      for (const { edge, other, outgoing } of incident.get(current.node.id) ?? []) {
        if (visited.has(other)) continue;
        const child: TreeNode = {
          node: byId.get(other)!,
          column: current.column + (outgoing ? 1 : -1),
          right: [],
          left: [],
        };
        visited.set(other, child);
        (outgoing ? current.right : current.left).push(child);
        treeEdges.push(edge.id);
        queue.push(child);
      }
    }
  }
  return { roots, treeEdges };
}

/** Occupied stretches of one column, top to bottom, each followed by the row gap. */
type Column = { top: number; bottom: number }[];

/** The top of the free stretch of `size` nearest to `desired` in the column. */
function nearestFreeTop(column: Column, desired: number, size: number): number {
  let best = Number.NaN;
  let bestDistance = Number.POSITIVE_INFINITY;
  let freeFrom = Number.NEGATIVE_INFINITY;
  for (let index = 0; index <= column.length; index++) {
    const freeTo = column[index]?.top ?? Number.POSITIVE_INFINITY;
    if (freeTo - freeFrom >= size) {
      const top = Math.min(Math.max(desired, freeFrom), freeTo - size);
      const distance = Math.abs(top - desired);
      if (distance < bestDistance) {
        best = top;
        bestDistance = distance;
      }
    }
    if (index < column.length) freeFrom = column[index]!.bottom;
  }
  return best;
}

function occupy(column: Column, top: number, bottom: number): void {
  let index = column.length;
  while (index > 0 && column[index - 1]!.top > top) index--;
  column.splice(index, 0, { top, bottom });
}

/** Lays one tree out with its root's top-left corner at (0, 0); columns are `pitch` apart. */
function layOutTree(root: TreeNode, pitch: number, positions: Positions) {
  const columns = new Map<number, Column>();
  const columnOf = (index: number) => {
    const column = columns.get(index) ?? [];
    columns.set(index, column);
    return column;
  };
  const place = (tree: TreeNode, y: number) => {
    positions[tree.node.id] = { x: tree.column * pitch, y };
  };
  place(root, 0);
  occupy(columnOf(0), 0, root.node.height + spanningTreeSpacing.row);
  const queue = [root];
  for (let head = 0; head < queue.length; head++) {
    const parent = queue[head]!;
    const centre = positions[parent.node.id]!.y + parent.node.height / 2;
    for (const block of [parent.left, parent.right]) {
      if (block.length === 0) continue;
      const size = block.reduce((sum, child) => sum + child.node.height + spanningTreeSpacing.row, 0);
      const column = columnOf(block[0]!.column);
      const top = nearestFreeTop(column, centre - (size - spanningTreeSpacing.row) / 2, size);
      occupy(column, top, top + size);
      let y = top;
      for (const child of block) {
        place(child, y);
        y += child.node.height + spanningTreeSpacing.row;
        queue.push(child);
      }
    }
  }
}

/**
 * Positions (top-left corners) for every node: each connected part laid out along its spanning tree,
 * the parts packed in rows of about the width that makes the whole drawing roughly square.
 */
export function spanningTreeLayout(nodes: readonly LayoutNode[], edges: readonly LayoutEdge[]): Positions {
  const widest = nodes.reduce((width, node) => Math.max(width, node.width), 0);
  const pitch = widest + spanningTreeSpacing.column;
  const sizes = new Map(nodes.map((node) => [node.id, node]));
  const parts = spanningForest(nodes, edges).roots.map((root) => {
    const positions: Positions = {};
    layOutTree(root, pitch, positions);
    let left = Number.POSITIVE_INFINITY;
    let top = Number.POSITIVE_INFINITY;
    let right = Number.NEGATIVE_INFINITY;
    let bottom = Number.NEGATIVE_INFINITY;
    for (const [id, { x, y }] of Object.entries(positions)) {
      const node = sizes.get(id)!;
      left = Math.min(left, x);
      top = Math.min(top, y);
      right = Math.max(right, x + node.width);
      bottom = Math.max(bottom, y + node.height);
    }
    return { positions, left, top, width: right - left, height: bottom - top };
  });
  const gap = spanningTreeSpacing.part;
  const area = parts.reduce((sum, part) => sum + (part.width + gap) * (part.height + gap), 0);
  const rowWidth = Math.max(Math.sqrt(area), ...parts.map((part) => part.width));
  const positions: Positions = {};
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  for (const part of parts) {
    if (x > 0 && x + part.width > rowWidth) {
      x = 0;
      y += rowHeight + gap;
      rowHeight = 0;
    }
    for (const [id, position] of Object.entries(part.positions))
      positions[id] = { x: position.x - part.left + x, y: position.y - part.top + y };
    x += part.width + gap;
    rowHeight = Math.max(rowHeight, part.height);
  }
  return positions;
}
