import type { GraphNode } from "@sleuth/sdk";

/** The size elk lays each node out at (the CSS gives nodes this width; notes make them taller). */
export function nodeSize(node: GraphNode): { width: number; height: number } {
  return { width: 220, height: node.note ? 104 : 78 };
}
