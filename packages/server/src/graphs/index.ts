export { expandNode } from "./neighbours.ts";
export { resolveNodes } from "./nodeInfo.ts";
export { createGraph, findGraph, listGraphs, updateGraph } from "./savedGraphs.ts";
export type { TraceOptions } from "./trace.ts";
export { traceFunds } from "./trace.ts";
