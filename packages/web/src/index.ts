// What the benchmarks use of the console: the graph layout, run outside a page.

export { layeredLayoutMaxElements } from "./graph/layout/layoutRequest.ts";
export { spanningTreeLayout } from "./graph/layout/spanningTreeLayout.ts";
export { nodeSize } from "./graph/nodeSize.ts";
