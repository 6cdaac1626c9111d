import {
  type ExpandResult,
  flowEdgeId,
  type GraphDocument,
  type GraphEdge,
  type GraphFlow,
  type GraphNode,
  type GraphNodeInfo,
  graphNodeOf,
  type TraceResult,
} from "@sleuth/sdk";

// Pure edits of a graph document (issue 30): plotting, expanding, tracing, off-chain elements,
// notes, moves and removals. Each returns a new document; the store keeps them for undo and redo.

// Choice: how far apart expand places a node's neighbours (incoming left, outgoing right).
export const columnGap = 320;
export const rowGap = 110;

function flowEdge(flow: GraphFlow): GraphEdge {
  return {
    id: flowEdgeId(flow.source, flow.target),
    type: "flow",
    source: flow.source,
    target: flow.target,
    amountUsd: flow.amountUsd,
    amount: flow.amount,
    assets: flow.assets,
    transfers: flow.transfers,
    firstAt: flow.firstAt,
    lastAt: flow.lastAt,
    information: null,
    timestamp: null,
    note: null,
  };
}

function withEdges(document: GraphDocument, edges: readonly GraphEdge[]): GraphDocument {
  const ids = new Set(document.nodes.map((node) => node.id));
  const byId = new Map(document.edges.map((edge) => [edge.id, edge]));
  for (const edge of edges) if (ids.has(edge.source) && ids.has(edge.target)) byId.set(edge.id, edge);
  return { ...document, edges: [...byId.values()] };
}

/** A free spot below everything on the graph, for nodes plotted one by one. */
function nextFreeSpot(document: GraphDocument, index: number): { x: number; y: number } {
  if (document.nodes.length === 0) return { x: 0, y: index * rowGap };
  const bottom = Math.max(...document.nodes.map((node) => node.y));
  const left = Math.min(...document.nodes.map((node) => node.x));
  return { x: left, y: bottom + rowGap * (index + 1) };
}

/** Plots nodes; a node already on the graph keeps its place and gets the fresher figures. */
export function plotNodes(document: GraphDocument, infos: readonly GraphNodeInfo[]): GraphDocument {
  const byId = new Map(document.nodes.map((node) => [node.id, node]));
  let added = 0;
  for (const info of infos) {
    const current = byId.get(info.trmUrn);
    if (current) byId.set(info.trmUrn, { ...current, ...info });
    else byId.set(info.trmUrn, graphNodeOf(info, nextFreeSpot(document, added++)));
  }
  return { ...document, nodes: [...byId.values()] };
}

/**
 * Expand: incoming neighbours in a column to the subject's left, outgoing ones to its right, an
 * entity's addresses below it; each with its flow edge (or `owns` edge).
 */
export function addExpansion(document: GraphDocument, result: ExpandResult): GraphDocument {
  const subject = document.nodes.find((node) => node.id === result.subject.trmUrn);
  const origin = subject ?? { x: 0, y: 0 };
  const byId = new Map(document.nodes.map((node) => [node.id, node]));
  if (!subject) byId.set(result.subject.trmUrn, graphNodeOf(result.subject, origin));
  const columns = {
    incoming: [] as GraphNodeInfo[],
    outgoing: [] as GraphNodeInfo[],
    owned: [] as GraphNodeInfo[],
  };
  for (const neighbour of result.neighbours) {
    if (byId.has(neighbour.node.trmUrn)) continue;
    columns[neighbour.direction ?? "owned"].push(neighbour.node);
  }
  const place = (infos: GraphNodeInfo[], dx: number, dy: number) =>
    infos.forEach((info, index) => {
      const offset = (index - (infos.length - 1) / 2) * rowGap;
      byId.set(
        info.trmUrn,
        graphNodeOf(
          info,
          dy === 0
            ? { x: origin.x + dx, y: origin.y + offset }
            : { x: origin.x + offset * 2, y: origin.y + dy },
        ),
      );
    });
  place(columns.incoming, -columnGap, 0);
  place(columns.outgoing, columnGap, 0);
  place(columns.owned, 0, rowGap * 2);
  const edges = result.neighbours.map(
    (neighbour): GraphEdge =>
      neighbour.flow
        ? flowEdge(neighbour.flow)
        : {
            id: `owns:${result.subject.trmUrn}->${neighbour.node.trmUrn}`,
            type: "owns",
            source: result.subject.trmUrn,
            target: neighbour.node.trmUrn,
            amountUsd: null,
            assets: [],
            transfers: null,
            firstAt: null,
            lastAt: null,
            information: null,
            timestamp: null,
            note: null,
          },
  );
  return withEdges({ ...document, nodes: [...byId.values()] }, edges);
}

/** Trace: every node found, one column per hop (the layout tidies it), and every flow followed. */
export function addTrace(document: GraphDocument, result: TraceResult): GraphDocument {
  const byId = new Map(document.nodes.map((node) => [node.id, node]));
  const origin = byId.get(result.origin.trmUrn) ?? graphNodeOf(result.origin, { x: 0, y: 0 });
  byId.set(origin.id, origin);
  const sign = result.flows.some((flow) => flow.target === result.origin.trmUrn) ? -1 : 1;
  const perHop = new Map<number, number>();
  for (const node of result.nodes) {
    const { hop, stop, ...info } = node;
    const current = byId.get(info.trmUrn);
    const row = perHop.get(hop) ?? 0;
    perHop.set(hop, row + 1);
    const stopNote = stop && stop !== "end" && stop !== "hops" ? `Trace stopped: ${stop}` : null;
    byId.set(
      info.trmUrn,
      current
        ? { ...current, ...info, note: current.note ?? stopNote }
        : {
            ...graphNodeOf(info, { x: origin.x + sign * hop * columnGap, y: origin.y + row * rowGap }),
            note: stopNote,
          },
    );
  }
  return withEdges({ ...document, nodes: [...byId.values()] }, result.flows.map(flowEdge));
}

export function removeNodes(document: GraphDocument, ids: ReadonlySet<string>): GraphDocument {
  return {
    nodes: document.nodes.filter((node) => !ids.has(node.id)),
    edges: document.edges.filter(
      (edge) => !ids.has(edge.source) && !ids.has(edge.target) && !ids.has(edge.id),
    ),
  };
}

export function updateNode(document: GraphDocument, id: string, change: Partial<GraphNode>): GraphDocument {
  return {
    ...document,
    nodes: document.nodes.map((node) => (node.id === id ? { ...node, ...change, id } : node)),
  };
}

export function updateEdge(document: GraphDocument, id: string, change: Partial<GraphEdge>): GraphDocument {
  return {
    ...document,
    edges: document.edges.map((edge) => (edge.id === id ? { ...edge, ...change, id } : edge)),
  };
}

export function moveNodes(
  document: GraphDocument,
  positions: ReadonlyMap<string, { x: number; y: number }>,
): GraphDocument {
  return {
    ...document,
    nodes: document.nodes.map((node) => {
      const position = positions.get(node.id);
      return position ? { ...node, x: position.x, y: position.y } : node;
    }),
  };
}

/** 002 §2 / §5 add off-chain node: placed next to the selected node, or at a free spot. */
export function addOffChainNode(
  document: GraphDocument,
  input: { id: string; name: string; icon: GraphNode["icon"]; near: string | null },
): GraphDocument {
  const near = document.nodes.find((node) => node.id === input.near);
  const position = near ? { x: near.x, y: near.y - rowGap * 1.5 } : nextFreeSpot(document, 0);
  const node: GraphNode = {
    id: input.id,
    type: "offChainNode",
    trmUrn: input.id,
    label: input.name,
    chain: null,
    balanceUsd: null,
    riskScore: null,
    category: null,
    icon: input.icon,
    note: null,
    x: position.x,
    y: position.y,
  };
  return { ...document, nodes: [...document.nodes, node] };
}

/** 002 §2 / §5 custom connection (off-chain edge) between two nodes. */
export function addConnection(
  document: GraphDocument,
  input: { id: string; source: string; target: string; information: string; timestamp: string | null },
): GraphDocument {
  return withEdges(document, [
    {
      id: input.id,
      type: "offChainEdge",
      source: input.source,
      target: input.target,
      amountUsd: null,
      assets: [],
      transfers: null,
      firstAt: null,
      lastAt: null,
      information: input.information,
      timestamp: input.timestamp,
      note: null,
    },
  ]);
}

/**
 * Arrow keys move the selection to the nearest node in that direction: among nodes whose offset
 * points mostly that way, the closest, weighting sideways distance double.
 */
export function nearestNode(
  nodes: readonly Pick<GraphNode, "id" | "x" | "y">[],
  fromId: string | null,
  direction: "left" | "right" | "up" | "down",
): string | null {
  const from = nodes.find((node) => node.id === fromId);
  if (!from) return nodes[0]?.id ?? null;
  let best: { id: string; score: number } | null = null;
  for (const node of nodes) {
    if (node.id === from.id) continue;
    const dx = node.x - from.x;
    const dy = node.y - from.y;
    const along = direction === "left" ? -dx : direction === "right" ? dx : direction === "up" ? -dy : dy;
    const across = direction === "left" || direction === "right" ? Math.abs(dy) : Math.abs(dx);
    if (along <= 0 || across > along * 2) continue;
    const score = along + across * 2;
    if (!best || score < best.score) best = { id: node.id, score };
  }
  return best?.id ?? null;
}
