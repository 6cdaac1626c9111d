import { UndirectedGraph } from "graphology";
import forceAtlas2Export from "graphology-layout-forceatlas2";

type Unwrapped<T> = T extends { default: infer D } ? D : T;
/**
 * Both layouts are CommonJS: the bundler and Node hand over `module.exports`, while TypeScript's
 * `nodenext` reading of their types (the benchmarks' project) puts it under `default`.
 */
function unwrapped<T>(value: T): Unwrapped<T> {
  return ((value as { default?: unknown }).default ?? value) as Unwrapped<T>;
}
const forceAtlas2 = unwrapped(forceAtlas2Export);

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
// - then every card takes the free cell of a grid of card-sized cells nearest its place (placeOnGrid):
//   forces leave cards piled on each other at a hub, which an iterative overlap remover (graphology's
//   noverlap, tried first) only spreads a little each round; the grid removes every overlap in one
//   pass and keeps the forces' arrangement.

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

/** The gaps between cards on the placement grid, in pixels: room for an edge and its amount. */
export const forceLayoutGap = { x: 60, y: 34 } as const;

/**
 * How much room the grid gives, as cells per card: slack lets a card stay near where the forces put
 * it (a full grid would push cards far from their neighbours). Our choice.
 */
const gridSlack = 1.8;

/**
 * Overlap removal: the cells are as big as the largest card plus the gaps; the forces' picture is
 * scaled to cover `gridSlack` cells per card, then each card, from the middle outwards, takes the
 * nearest free cell (searched ring by ring). No two cards can share a cell, so none overlap.
 */
function placeOnGrid(
  nodes: readonly LayoutNode[],
  centres: ReadonlyMap<string, { x: number; y: number }>,
): Map<string, { x: number; y: number }> {
  const placed = new Map<string, { x: number; y: number }>();
  if (nodes.length === 0) return placed;
  const cellWidth = Math.max(...nodes.map((node) => node.width)) + forceLayoutGap.x;
  const cellHeight = Math.max(...nodes.map((node) => node.height)) + forceLayoutGap.y;
  const points = nodes.map((node) => centres.get(node.id) ?? { x: 0, y: 0 });
  const minX = Math.min(...points.map((point) => point.x));
  const maxX = Math.max(...points.map((point) => point.x));
  const minY = Math.min(...points.map((point) => point.y));
  const maxY = Math.max(...points.map((point) => point.y));
  const midX = (minX + maxX) / 2;
  const midY = (minY + maxY) / 2;
  // One scale for both axes keeps the picture's shape; the area is what the cells need.
  const area = Math.max(maxX - minX, cellWidth) * Math.max(maxY - minY, cellHeight);
  const scale = Math.sqrt((nodes.length * gridSlack * cellWidth * cellHeight) / area);
  const wanted = nodes.map((node, index) => ({
    id: node.id,
    column: ((points[index]!.x - midX) * scale) / cellWidth,
    row: ((points[index]!.y - midY) * scale) / cellHeight,
  }));
  wanted.sort(
    (a, b) => a.column ** 2 + a.row ** 2 - (b.column ** 2 + b.row ** 2) || a.id.localeCompare(b.id),
  );
  const taken = new Set<string>();
  for (const node of wanted) {
    const column = Math.round(node.column);
    const row = Math.round(node.row);
    let best: { column: number; row: number; distance: number } | null = null;
    // Ring by ring around the wanted cell; a ring beyond the best distance found cannot do better.
    for (let ring = 0; best === null || ring <= Math.ceil(Math.sqrt(best.distance)) + 1; ring++) {
      for (let dc = -ring; dc <= ring; dc++)
        for (let dr = -ring; dr <= ring; dr++) {
          if (Math.max(Math.abs(dc), Math.abs(dr)) !== ring) continue;
          const key = `${column + dc},${row + dr}`;
          if (taken.has(key)) continue;
          const distance = (column + dc - node.column) ** 2 + (row + dr - node.row) ** 2;
          if (best === null || distance < best.distance)
            best = { column: column + dc, row: row + dr, distance };
        }
    }
    taken.add(`${best.column},${best.row}`);
    placed.set(node.id, { x: best.column * cellWidth, y: best.row * cellHeight });
  }
  return placed;
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
  const centres = new Map<string, { x: number; y: number }>();
  graph.forEachNode((id, attributes) => centres.set(id, { x: attributes.x, y: attributes.y }));
  const cells = placeOnGrid(nodes, centres);

  const positions: Positions = {};
  for (const node of nodes) {
    const { x, y } = cells.get(node.id) ?? { x: 0, y: 0 };
    positions[node.id] = { x: Math.round(x - node.width / 2), y: Math.round(y - node.height / 2) };
  }
  return positions;
}
