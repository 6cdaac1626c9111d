import type { GraphEdge, GraphNode } from "@sleuth/sdk";
import { describe, expect, test } from "vitest";
import { nodeAt } from "./canvasLayerDrawing.ts";
import { canvasNodesOf, type DrawnNodes } from "./canvasNodes.ts";
import { flowEdgesOf } from "./flowEdges.ts";
import { zoomedOutFlowPaths } from "./flowPaths.ts";
import { graphDetailOf } from "./graphZoomDetail.ts";

const node = (id: string, x: number, y: number): GraphNode => ({
  id,
  type: "address",
  trmUrn: `urn:sleuth:address:ethereum:${id}`,
  label: id,
  chain: "ethereum",
  balanceUsd: 1,
  riskScore: 0,
  category: null,
  icon: null,
  note: null,
  x,
  y,
});
const edge = (source: string, target: string, type: GraphEdge["type"] = "flow"): GraphEdge => ({
  id: `${type}:${source}->${target}`,
  type,
  source,
  target,
  amountUsd: 10,
  assets: ["ETH"],
  transfers: 1,
  firstAt: null,
  lastAt: null,
  information: type === "offChainEdge" ? "met in person" : null,
  timestamp: null,
  note: null,
});

describe("issue 30 drawing a large graph", () => {
  test("issue 30 a drag or a new selection hands xyflow new objects for the changed nodes only", () => {
    const nodes = [node("a", 0, 0), node("b", 300, 0), node("c", 600, 0)];
    const drawn: DrawnNodes = new Map();
    const first = canvasNodesOf(nodes, null, new Map(), drawn);
    const dragged = canvasNodesOf(nodes, null, new Map([["b", { x: 310, y: 20 }]]), drawn);
    expect(dragged.flowNodes[0]).toBe(first.flowNodes[0]);
    expect(dragged.flowNodes[2]).toBe(first.flowNodes[2]);
    expect(dragged.flowNodes[1]).not.toBe(first.flowNodes[1]);
    expect(dragged.flowNodes[1]?.position).toEqual({ x: 310, y: 20 });
    expect(dragged.boxes.get("b")).toEqual({ x: 310, y: 20, width: 220, height: 78 });
    // The view of a node is memoised on its data: a move keeps it, so only its position changes.
    expect(dragged.flowNodes[1]?.data).toBe(first.flowNodes[1]?.data);
    const selected = canvasNodesOf(nodes, "c", new Map(), drawn);
    expect(selected.flowNodes[2]?.selected).toBe(true);
    expect(selected.flowNodes[0]).toBe(first.flowNodes[0]);
    // In the overview xyflow keeps every node, hidden (the canvas layer draws them), at its size.
    const overview = canvasNodesOf(nodes, "c", new Map(), drawn, true);
    expect(overview.flowNodes.every((flowNode) => flowNode.hidden)).toBe(true);
    expect(overview.flowNodes[0]).toMatchObject({ measured: { width: 220, height: 78 } });
  });

  test("issue 30 a large graph seen whole is drawn as an overview, a small one keeps its nodes", () => {
    expect(graphDetailOf(1, 2000)).toBe("detail");
    expect(graphDetailOf(0.4, 2000)).toBe("zoomedOut");
    expect(graphDetailOf(0.1, 2000)).toBe("overview");
    expect(graphDetailOf(0.1, 30)).toBe("zoomedOut");
  });

  test("issue 30 a click in the overview selects the card drawn under it, the topmost first", () => {
    const nodes = [node("a", 0, 0), node("b", 100, 40), node("c", 600, 0)];
    const { boxes } = canvasNodesOf(nodes, null, new Map(), new Map());
    expect(nodeAt(nodes, boxes, { x: 150, y: 60 })).toBe("b");
    expect(nodeAt(nodes, boxes, { x: 50, y: 20 })).toBe("a");
    expect(nodeAt(nodes, boxes, { x: 400, y: 20 })).toBeNull();
  });

  test("issue 30 zoomed out, flows are one drawing from source to target and off-chain links stay apart", () => {
    const nodes = [node("a", 0, 0), node("b", 300, 100)];
    const { boxes } = canvasNodesOf(nodes, null, new Map(), new Map());
    const paths = zoomedOutFlowPaths(
      [edge("a", "b"), edge("b", "a", "owns"), edge("a", "b", "offChainEdge"), edge("a", "gone")],
      boxes,
    );
    // From the right middle of a to the left middle of b, and the reverse for the owner link.
    expect(paths.solid.startsWith("M220,39")).toBe(true);
    expect(paths.solid.endsWith("300,139")).toBe(true);
    expect(paths.dashed.startsWith("M520,139")).toBe(true);
    // One arrowhead per drawn line: the off-chain link and the flow to a removed node are not drawn.
    expect(paths.arrows.match(/M/g)).toHaveLength(2);
    // In the overview the off-chain link is drawn with them, apart.
    const overview = zoomedOutFlowPaths([edge("a", "b", "offChainEdge")], boxes, true);
    expect(overview.offChain.startsWith("M220,39")).toBe(true);
    expect(overview.solid).toBe("");
  });
});

describe("issue 39 named counterparties on the graph's edges", () => {
  test("issue 39 a flow reads between its ends' names and their kinds, never their bare URNs", () => {
    const from = { ...node("a", 0, 0), label: "Larch Digital", nameKind: "entity" as const };
    const to = {
      ...node("b", 300, 0),
      label: "Hot wallet",
      nameKind: "label" as const,
      nameSource: "labels.csv",
    };
    const [flow] = flowEdgesOf({ nodes: [from, to], edges: [edge("a", "b")] });
    expect(flow?.ariaLabel).toBe("Flow Larch Digital (entity) → Hot wallet (label · labels.csv): $10.00 ETH");
    // An unnamed address reads as its address.
    const [plain] = flowEdgesOf({ nodes: [node("a", 0, 0), node("c", 300, 0)], edges: [edge("a", "c")] });
    expect(plain?.ariaLabel).toBe("Flow a → c: $10.00 ETH");
  });
});
