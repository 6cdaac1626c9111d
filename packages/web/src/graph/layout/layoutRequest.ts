// What the page sends the layout worker and what it answers: node sizes and edges in, positions out.

export interface LayoutRequest {
  id: number;
  nodes: ReadonlyArray<{ id: string; width: number; height: number }>;
  edges: ReadonlyArray<{ id: string; source: string; target: string }>;
}

export type LayoutAlgorithm = "layered" | "forceAtlas2";

export interface LayoutAnswer {
  id: number;
  positions: Record<string, { x: number; y: number }>;
  elapsedMs: number;
  /** Which layout drew it (see layoutAlgorithmFor). */
  algorithm: LayoutAlgorithm;
  error?: string;
}

// Choice: elk's layered algorithm while a graph is small enough for it to answer at once (a few
// expansions, a short trace); its cost grows much faster than the graph (long edges become chains
// of dummy nodes that every crossing-minimisation sweep revisits), so beyond this many nodes plus
// edges the worker lays the graph out with ForceAtlas2 from a left-to-right seed (forceLayout.ts).
export const layeredLayoutMaxElements = 100;

/** The layout a graph of this size gets. */
export function layoutAlgorithmFor(graph: Pick<LayoutRequest, "nodes" | "edges">): LayoutAlgorithm {
  return graph.nodes.length + graph.edges.length <= layeredLayoutMaxElements ? "layered" : "forceAtlas2";
}

// elk's layered algorithm left to right: funds flow from left to right, so a node's senders sit to
// its left and its receivers to its right (issue 30: incoming left, outgoing right).
export const layoutOptions: Record<string, string> = {
  "elk.algorithm": "layered",
  "elk.direction": "RIGHT",
  "elk.spacing.nodeNode": "40",
  "elk.layered.spacing.nodeNodeBetweenLayers": "120",
  "elk.layered.considerModelOrder.strategy": "NODES_AND_EDGES",
  // Disconnected parts (plotted one by one) are packed side by side rather than in one long row.
  "elk.separateConnectedComponents": "true",
};
