// The synthetic graphs the graph benchmark lays out and pans (scripts/bench/graph.ts).
import type { GraphDocument } from "@sleuth/sdk";
import { forceLayout } from "@sleuth/web";

const panNodes = 2_000;
const panEdges = 4_000;

// A random connected graph: a random tree of flows plus random extra edges (seeded, repeatable).
export function syntheticGraph(nodeCount: number, edgeCount: number) {
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const nodes = Array.from({ length: nodeCount }, (_, index) => ({
    id: `n${index}`,
    width: 220,
    height: 78,
  }));
  const edges = nodes.slice(1).map((node, index) => ({
    id: `e${index}`,
    source: `n${Math.floor(random() * (index + 1))}`,
    target: node.id,
  }));
  while (edges.length < edgeCount) {
    const source = Math.floor(random() * nodeCount);
    const target = Math.floor(random() * nodeCount);
    if (source !== target) edges.push({ id: `e${edges.length}`, source: `n${source}`, target: `n${target}` });
  }
  return { nodes, edges };
}

/**
 * A trace's shape: one origin, each node sending to `fanOut` others hop after hop, plus a tenth as
 * many flows rejoining nodes already reached (funds that meet again), seeded and repeatable.
 */
export function syntheticTrace(nodeCount: number, fanOut = 6) {
  const nodes = Array.from({ length: nodeCount }, (_, index) => ({
    id: `n${index}`,
    width: 220,
    height: 78,
  }));
  const edges = nodes.slice(1).map((node, index) => ({
    id: `e${index}`,
    source: `n${Math.floor(index / fanOut)}`,
    target: node.id,
  }));
  for (let extra = 0; extra < nodeCount / 10; extra++) {
    const source = (extra * 7) % nodeCount;
    const target = (extra * 13 + 5) % nodeCount;
    if (source !== target) edges.push({ id: `e${edges.length}`, source: `n${source}`, target: `n${target}` });
  }
  return { nodes, edges };
}

/** A saved graph as an investigator would have it: flows with amounts, laid out as the console would. */
export function panGraphDocument(
  graph: ReturnType<typeof syntheticGraph> = syntheticGraph(panNodes, panEdges),
): GraphDocument {
  const positions = forceLayout(graph.nodes, graph.edges);
  const urn = (id: string) => `urn:sleuth:address:ethereum:0x${id.slice(1).padStart(40, "0")}`;
  const pairs = new Set<string>();
  return {
    nodes: graph.nodes.map((node, index) => ({
      id: urn(node.id),
      type: "address",
      trmUrn: urn(node.id),
      label: `0x${node.id.slice(1).padStart(40, "0")}`,
      chain: "ethereum",
      balanceUsd: 1_000 + index,
      riskScore: index % 16,
      category: index % 7 === 0 ? "Exchange" : null,
      icon: null,
      note: null,
      ...positions[node.id]!,
    })),
    edges: graph.edges
      .filter((edge) => {
        const pair = `${edge.source}->${edge.target}`;
        if (pairs.has(pair)) return false;
        pairs.add(pair);
        return true;
      })
      .map((edge, index) => ({
        id: `flow:${urn(edge.source)}->${urn(edge.target)}`,
        type: "flow",
        source: urn(edge.source),
        target: urn(edge.target),
        amountUsd: 100 + index,
        assets: ["ETH"],
        transfers: 1,
        firstAt: null,
        lastAt: null,
        information: null,
        timestamp: null,
        note: null,
      })),
  };
}
