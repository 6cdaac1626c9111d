import { MultiDirectedGraph } from "graphology";
import { parse as parseWithGraphology } from "graphology-graphml";
import { describe, expect, test } from "vitest";
import { addressChainUrn } from "../chains/urn.ts";
import type { GraphDocument } from "./graphDocument.ts";
import {
  graphExportAvailable,
  parseGexf,
  parseGraphml,
  toGexf,
  toGraphCsv,
  toGraphml,
} from "./graphFormats.ts";
import { parseTrmFile } from "./trmFile.ts";

const a = addressChainUrn("ethereum", `0x${"ab".repeat(20)}`);
const b = addressChainUrn("ethereum", `0x${"cd".repeat(20)}`);
const document: GraphDocument = {
  nodes: [
    {
      id: a,
      type: "address",
      trmUrn: a,
      label: "=cmd|' /C calc'!A0",
      chain: "ethereum",
      balanceUsd: 1234.5,
      riskScore: 12,
      category: "Ransomware",
      icon: null,
      note: "Seen <first> & paid",
      x: 10,
      y: -20,
    },
    {
      id: b,
      type: "address",
      trmUrn: b,
      label: "Exchange hot wallet",
      chain: "ethereum",
      balanceUsd: null,
      riskScore: 0,
      category: "Exchange",
      icon: null,
      note: null,
      x: 300,
      y: 0,
    },
    {
      id: "offchain:1",
      type: "offChainNode",
      trmUrn: "offchain:1",
      label: "Suspect",
      chain: null,
      balanceUsd: null,
      riskScore: null,
      category: null,
      icon: "person",
      note: null,
      x: 0,
      y: 200,
    },
  ],
  edges: [
    {
      id: `flow:${a}->${b}`,
      type: "flow",
      source: a,
      target: b,
      amountUsd: null,
      amount: { value: 2.5, asset: "ETH" },
      assets: ["ETH"],
      transfers: 3,
      firstAt: "2024-01-01T00:00:00.000Z",
      lastAt: "2024-02-01T00:00:00.000Z",
      information: null,
      timestamp: null,
      note: null,
    },
    {
      id: "offchain-edge:1",
      type: "offChainEdge",
      source: "offchain:1",
      target: a,
      amountUsd: null,
      assets: [],
      transfers: null,
      firstAt: null,
      lastAt: null,
      information: "Controls it",
      timestamp: "2024-03-05T13:07:09.000Z",
      note: null,
    },
  ],
};

describe("issue 30 open graph formats", () => {
  test("issue 30 GraphML parses back with the library that wrote it, and with graphology", () => {
    const text = toGraphml(document, "Case 7");
    const parsed = parseGraphml(text);
    expect(parsed.name).toBe("Case 7");
    expect(parsed.nodes.map((node) => node.id)).toEqual(document.nodes.map((node) => node.id));
    expect(parsed.nodes[0]?.data).toMatchObject({ label: "=cmd|' /C calc'!A0", note: "Seen <first> & paid" });
    expect(parsed.edges[0]).toMatchObject({
      source: a,
      target: b,
      data: { amount: "2.5", amountAsset: "ETH", assets: "ETH" },
    });
    expect(text).not.toContain("[object Object]");
    const graph = parseWithGraphology(MultiDirectedGraph, text);
    expect(graph.order).toBe(3);
    expect(graph.size).toBe(2);
    expect(graph.getNodeAttribute(a, "balanceUsd")).toBe(1234.5);
  });

  test("issue 30 GEXF parses back with graphology-gexf, positions kept", () => {
    const graph = parseGexf(toGexf(document, "Case 7"));
    expect(graph.order).toBe(3);
    expect(graph.size).toBe(2);
    expect(graph.getNodeAttribute(a, "label")).toBe("=cmd|' /C calc'!A0");
    expect(graph.getNodeAttribute(b, "x")).toBe(300);
    expect(graph.getNodeAttribute("offchain:1", "icon")).toBe("person");
    // Issue 43: an unpriced flow's amount travels as two flat attributes, never as an object.
    const [flow] = graph.edges();
    expect(graph.getEdgeAttributes(flow!)).toMatchObject({ amount: 2.5, amountAsset: "ETH" });
  });

  test("002 §4 the CSV holds the selected groups, formulas neutralised, off-chain times in UTC", () => {
    const available = graphExportAvailable(document);
    expect(available.addresses).toEqual([a, b]);
    expect(available.offChainNodes).toEqual(["offchain:1"]);
    expect(available.offChainEdges).toEqual(["offchain-edge:1"]);
    const csv = toGraphCsv(document, { ...available, addresses: [a] });
    const lines = csv.split("\r\n");
    expect(lines[0]).toMatch(/^group,type,id,label,trmUrn/);
    expect(lines).toHaveLength(1 + 1 + 1 + 1 + 1);
    expect(csv).toContain("'=cmd");
    expect(csv).toContain("Mar 5, 2024 1:07:09 PM");
    // Issue 43: the flow's amount in its asset, in the last two columns.
    expect(lines[0]).toMatch(/,amount,amountAsset$/);
    expect(lines.find((line) => line.includes(`flow:${a}->${b}`))).toMatch(/,2\.5,ETH$/);
    // The unselected address has no row of its own.
    expect(lines.filter((line) => line.startsWith(`Addresses,address,${b},`))).toEqual([]);
  });

  test("issue 39 an edge's CSV label names its ends as their nodes are named, with the name's kind", () => {
    const named: GraphDocument = {
      ...document,
      nodes: document.nodes.map((node) =>
        node.id === b ? { ...node, nameKind: "label", nameSource: "labels.csv" } : node,
      ),
    };
    const csv = toGraphCsv(named, graphExportAvailable(named));
    const flow = csv.split("\r\n").find((line) => line.startsWith("Flows,flow,"));
    // The first end has no name kind: it reads as its label (neutralised, as a formula would be).
    expect(flow).toContain("→ Exchange hot wallet (label · labels.csv)");
    const offChain = csv.split("\r\n").find((line) => line.startsWith("Connections,"));
    expect(offChain).toContain("Suspect → ");
  });

  test("issue 30 a .trm file of another version or format is refused", () => {
    const file = {
      format: "sleuth-graph",
      version: 1,
      exportedAt: "2024-01-01T00:00:00Z",
      name: null,
      graphId: null,
      organization: null,
      graph: document,
    };
    expect(parseTrmFile(JSON.stringify(file)).graph).toEqual(document);
    expect(() => parseTrmFile(JSON.stringify({ ...file, version: 2 }))).toThrow(/version 2/);
    expect(() => parseTrmFile("{}")).toThrow(/not a .trm/);
    expect(() => parseTrmFile("nope")).toThrow(/not JSON/);
  });
});
