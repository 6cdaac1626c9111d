// What the benchmarks use of the console: the graph layout, run outside a page.

export { forceLayout } from "./graph/layout/forceLayout.ts";
export { layeredLayoutMaxElements } from "./graph/layout/layoutRequest.ts";
export { nodeSize } from "./graph/nodeSize.ts";
