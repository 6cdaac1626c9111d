/// <reference lib="webworker" />
import type { ELK } from "elkjs/lib/elk-api.js";
import { forceLayout, type Positions } from "./forceLayout.ts";
import { type LayoutAnswer, type LayoutRequest, layoutAlgorithmFor, layoutOptions } from "./layoutRequest.ts";

// The layout runs here, off the page's thread, so the console keeps answering keys while it works:
// elk's layered algorithm for small graphs, graphology's ForceAtlas2 (forceLayout.ts) for large ones. elk is a large
// script: it is loaded on the first small graph, so a large graph never waits for it.
let elk: Promise<ELK> | null = null;

function loadElk(): Promise<ELK> {
  elk ??= import("elkjs/lib/elk.bundled.js").then(({ default: ElkBundled }) => new ElkBundled());
  return elk;
}

async function layeredLayout({ nodes, edges }: LayoutRequest): Promise<Positions> {
  const result = await (await loadElk()).layout({
    id: "root",
    layoutOptions,
    children: nodes.map((node) => ({ id: node.id, width: node.width, height: node.height })),
    edges: edges.map((edge) => ({ id: edge.id, sources: [edge.source], targets: [edge.target] })),
  });
  const positions: Positions = {};
  for (const child of result.children ?? []) positions[child.id] = { x: child.x ?? 0, y: child.y ?? 0 };
  return positions;
}

async function onLayoutRequest(event: MessageEvent<LayoutRequest>): Promise<void> {
  const request = event.data;
  const algorithm = layoutAlgorithmFor(request);
  const started = performance.now();
  try {
    const positions =
      algorithm === "layered" ? await layeredLayout(request) : forceLayout(request.nodes, request.edges);
    const answer: LayoutAnswer = {
      id: request.id,
      positions,
      elapsedMs: performance.now() - started,
      algorithm,
    };
    self.postMessage(answer);
  } catch (error) {
    const answer: LayoutAnswer = {
      id: request.id,
      positions: {},
      elapsedMs: performance.now() - started,
      algorithm,
      error: error instanceof Error ? error.message : String(error),
    };
    self.postMessage(answer);
  }
}

// A listener, not `self.onmessage`: elk's script, inside a worker, takes `self.onmessage` for its
// own protocol once it runs, which left every layout after the first unanswered.
self.addEventListener("message", onLayoutRequest);
