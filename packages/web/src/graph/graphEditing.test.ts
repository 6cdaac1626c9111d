import { type ExpandResult, emptyGraphDocument, type GraphNodeInfo } from "@sleuth/sdk";
import { describe, expect, test } from "vitest";
import { addExpansion, nearestNode, plotNodes, removeNodes } from "./graphEditing.ts";

const info = (name: string): GraphNodeInfo => ({
  type: "address",
  trmUrn: `urn:sleuth:address:ethereum:0x${name.padStart(40, "0")}`,
  label: name,
  chain: "ethereum",
  balanceUsd: 1,
  riskScore: 0,
  category: null,
});
const flow = (source: string, target: string) => ({
  source,
  target,
  amountUsd: 10,
  amount: { value: 0.005, asset: "ETH" },
  transfers: 1,
  assets: ["ETH"],
  firstAt: null,
  lastAt: null,
});

describe("issue 30 graph edits", () => {
  test("issue 30 expand puts incoming neighbours to the left and outgoing ones to the right", () => {
    const subject = info("a");
    const plotted = plotNodes(emptyGraphDocument, [subject]);
    const result: ExpandResult = {
      subject,
      neighbours: [
        { node: info("b"), direction: "incoming", flow: flow(info("b").trmUrn, subject.trmUrn) },
        { node: info("c"), direction: "outgoing", flow: flow(subject.trmUrn, info("c").trmUrn) },
      ],
      hasMore: { incoming: false, outgoing: false },
    };
    const expanded = addExpansion(plotted, result);
    const x = (name: string) => expanded.nodes.find((node) => node.label === name)!.x;
    expect(x("b")).toBeLessThan(x("a"));
    expect(x("c")).toBeGreaterThan(x("a"));
    expect(expanded.edges.map((edge) => [edge.source, edge.target])).toEqual([
      [info("b").trmUrn, subject.trmUrn],
      [subject.trmUrn, info("c").trmUrn],
    ]);
    // Expanding again adds nothing twice.
    expect(addExpansion(expanded, result).nodes).toHaveLength(3);
    // Removing a node takes its edges with it.
    expect(removeNodes(expanded, new Set([subject.trmUrn])).edges).toEqual([]);
  });

  test("issue 30 arrow keys pick the nearest node in that direction", () => {
    const nodes = [
      { id: "centre", x: 0, y: 0 },
      { id: "left", x: -300, y: 20 },
      { id: "farRight", x: 700, y: 0 },
      { id: "right", x: 320, y: -40 },
      { id: "below", x: 10, y: 200 },
    ];
    expect(nearestNode(nodes, "centre", "left")).toBe("left");
    expect(nearestNode(nodes, "centre", "right")).toBe("right");
    expect(nearestNode(nodes, "centre", "down")).toBe("below");
    expect(nearestNode(nodes, "centre", "up")).toBeNull();
    expect(nearestNode(nodes, null, "up")).toBe("centre");
  });
});
