import { UndirectedGraph } from "graphology";
import forceAtlas2Export from "graphology-layout-forceatlas2";
import noverlapExport from "graphology-layout-noverlap";

type Unwrapped<T> = T extends { default: infer D } ? D : T;
/**
 * Both layouts are CommonJS: the bundler and Node hand over `module.exports`, while TypeScript's
 * `nodenext` reading of their types (the benchmarks' project) puts it under `default`.
 */
function unwrapped<T>(value: T): Unwrapped<T> {
  return ((value as { default?: unknown }).default ?? value) as Unwrapped<T>;
}
const forceAtlas2 = unwrapped(forceAtlas2Export);
const noverlap = unwrapped(noverlapExport);

// The layout of large graphs (issue 39): graphology's ForceAtlas2, a published, maintained
// force-directed algorithm (Jacomy et al. 2014, Gephi's default), replacing the hand-written
// spanning-tree columns that stacked a big trace into thin strips. Two choices keep the reading of
// funds flowing left to right that the small graphs' layered layout gives:
// - the seed: each node starts in the column of its hop from the first plotted node of its part (one
//   to the right along an outgoing flow, one to the left along an incoming one), spread down the
//   column, so the forces relax a left-to-right picture rather than a random cloud, and the same
//   graph always lays out the same;
// - after the forces, each node drifts right by its hop (forceLayoutDrift), so a sender stays left
//   of what it sent to even where the forces pulled a hub into the middle of its receivers;
// - Barnes-Hut past a few hundred nodes, so a 1,000-node trace lays out in the worker while the
//   page keeps answering keys.
// graphology's noverlap then pushes apart the cards that still overlap.

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

/** Gaps of the seed's columns and rows, in pixels (a card is about 220 × 70). */
export const forceLayoutSpacing = { column: 360, row: 110 } as const;

/** How far a node drifts right per hop after the forces, as a share of a seed column. Our choice. */
export const forceLayoutDrift = 0.6;

/**
 * ForceAtlas2 iterations. Our choice: the seed is already a left-to-right picture, so the forces
 * need only spread it; fewer rounds on bigger graphs keep a 1,000-node trace within the layout
 * budget (docs/PERFORMANCE.md, graph).
 */
export function forceIterations(nodes: number): number {
  return nodes <= 300 ? 120 : nodes <= 1_000 ? 40 : 25;
}

/** noverlap rounds: a big graph is seen zoomed out as an overview, where cards may touch. */
export function overlapIterations(nodes: number): number {
  return nodes <= 300 ? 120 : 10;
}

/** Each node's signed hop from the first node of its connected part (the seed's column). */
function seedColumns(nodes: readonly LayoutNode[], edges: readonly LayoutEdge[]): Map<string, number> {
  const incident = new Map<string, { other: string; step: number }[]>();
  for (const node of nodes) incident.set(node.id, []);
  for (const edge of edges) {
    if (edge.source === edge.target) continue;
    incident.get(edge.source)?.push({ other: edge.target, step: 1 });
    incident.get(edge.target)?.push({ other: edge.source, step: -1 });
  }
  const columns = new Map<string, number>();
  for (const node of nodes) {
    if (columns.has(node.id)) continue;
    columns.set(node.id, 0);
    const queue = [node.id];
    for (let head = 0; head < queue.length; head++) {
      const id = queue[head]!;
      const column = columns.get(id)!;
      for (const { other, step } of incident.get(id) ?? []) {
        if (columns.has(other)) continue;
        columns.set(other, column + step);
        queue.push(other);
      }
    }
  }
  return columns;
}

/** Positions (top-left corners) of every node; edges to unknown nodes and self-loops are ignored. */
export function forceLayout(nodes: readonly LayoutNode[], edges: readonly LayoutEdge[]): Positions {
  const graph = new UndirectedGraph({ allowSelfLoops: false });
  const columns = seedColumns(nodes, edges);
  const rows = new Map<number, number>();
  for (const node of nodes) {
    const column = columns.get(node.id) ?? 0;
    const row = rows.get(column) ?? 0;
    rows.set(column, row + 1);
    // Rows alternate above and below the middle, so a column grows from its centre.
    const y = (row % 2 === 0 ? row / 2 : -(row + 1) / 2) * forceLayoutSpacing.row;
    graph.addNode(node.id, {
      x: column * forceLayoutSpacing.column,
      y,
      size: Math.max(node.width, node.height) / 2,
    });
  }
  for (const edge of edges)
    if (edge.source !== edge.target && graph.hasNode(edge.source) && graph.hasNode(edge.target))
      graph.mergeEdge(edge.source, edge.target);

  if (graph.size > 0) {
    forceAtlas2.assign(graph, {
      iterations: forceIterations(graph.order),
      settings: {
        ...forceAtlas2.inferSettings(graph),
        barnesHutOptimize: graph.order > 300,
        // Strong enough to keep the seed's spacing: cards are wide, and the canvas labels them.
        scalingRatio: 80,
        gravity: 0.5,
        slowDown: 2,
      },
    });
  }
  // Forces alone pull a hub into the middle of its receivers; a drift of each node by its column
  // puts senders back on the left and receivers on the right without undoing the spread.
  graph.updateEachNodeAttributes((id, attributes) => ({
    ...attributes,
    x: attributes.x + (columns.get(id) ?? 0) * forceLayoutSpacing.column * forceLayoutDrift,
  }));
  noverlap.assign(graph, {
    maxIterations: overlapIterations(graph.order),
    settings: { margin: 20, ratio: 1.2, expansion: 1.1 },
  });

  const positions: Positions = {};
  for (const node of nodes) {
    const { x, y } = graph.getNodeAttributes(node.id) as { x: number; y: number };
    positions[node.id] = { x: Math.round(x - node.width / 2), y: Math.round(y - node.height / 2) };
  }
  return positions;
}
