import { counterpartyNameText } from "../attribution/counterpartyName.ts";
import type { GraphEdge, GraphNode } from "./graphDocument.ts";

// Issue 39 "named counterparties" on the graph's edges: a flow reads between its ends' names as the
// nodes name them (an entity, an attribution label with its source, else the address itself), in
// the console's edge descriptions and the graph's CSV export alike.

/** A node's name on one line, its kind beside it when it is a name: "Binance (entity)". */
export function graphNodeNameText(node: Pick<GraphNode, "label" | "nameKind" | "nameSource">): string {
  return node.nameKind
    ? counterpartyNameText({ name: node.label, kind: node.nameKind, source: node.nameSource ?? null })
    : node.label;
}

/** Between whom an edge runs: "Binance (entity) → Hot wallet (label · labels.csv)". */
export function graphEdgeEndsText(
  edge: Pick<GraphEdge, "source" | "target">,
  nodes: ReadonlyMap<string, Pick<GraphNode, "label" | "nameKind" | "nameSource">>,
): string {
  const name = (id: string) => {
    const node = nodes.get(id);
    return node ? graphNodeNameText(node) : id;
  };
  return `${name(edge.source)} → ${name(edge.target)}`;
}
