/// <reference lib="webworker" />
import ELK from "elkjs/lib/elk.bundled.js";
import { type LayoutAnswer, type LayoutRequest, layoutOptions } from "./layoutRequest.ts";

// The layout runs here, off the page's thread, so the console keeps answering keys while elk works.
const elk = new ELK();

self.onmessage = async (event: MessageEvent<LayoutRequest>) => {
  const { id, nodes, edges } = event.data;
  const started = performance.now();
  try {
    const result = await elk.layout({
      id: "root",
      layoutOptions,
      children: nodes.map((node) => ({ id: node.id, width: node.width, height: node.height })),
      edges: edges.map((edge) => ({ id: edge.id, sources: [edge.source], targets: [edge.target] })),
    });
    const positions: LayoutAnswer["positions"] = {};
    for (const child of result.children ?? []) positions[child.id] = { x: child.x ?? 0, y: child.y ?? 0 };
    const answer: LayoutAnswer = { id, positions, elapsedMs: performance.now() - started };
    self.postMessage(answer);
  } catch (error) {
    const answer: LayoutAnswer = {
      id,
      positions: {},
      elapsedMs: performance.now() - started,
      error: error instanceof Error ? error.message : String(error),
    };
    self.postMessage(answer);
  }
};
