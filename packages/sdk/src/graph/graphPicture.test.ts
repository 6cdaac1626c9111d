import { XMLParser } from "fast-xml-parser";
import { expect, test } from "vitest";
import { type GraphDocument, type GraphNode, graphNodeBalanceText } from "./graphDocument.ts";
import { graphPictureFrame, toGraphSvg } from "./graphPicture.ts";

function node(id: string, x: number, y: number, extra: Partial<GraphNode> = {}): GraphNode {
  return {
    id,
    type: "address",
    trmUrn: id,
    label: `Wallet ${id} <&>`,
    chain: "ethereum",
    balanceUsd: 1234.5,
    riskScore: 12,
    category: "Exchange",
    icon: null,
    note: null,
    x,
    y,
    ...extra,
  };
}

const flow = (source: string, target: string) => ({
  id: `flow:${source}->${target}`,
  type: "flow" as const,
  source,
  target,
  amountUsd: 5000,
  assets: ["ETH"],
  transfers: 1,
  firstAt: null,
  lastAt: null,
  information: null,
  timestamp: null,
  note: null,
});

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" });
type SvgGroup = { "data-node-id"?: string; "data-edge-id"?: string };
const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

test("002 §5 the SVG parses, is the graph's size and holds every node and edge", () => {
  const document: GraphDocument = {
    nodes: [node("a", 0, 0), node("b", 400, 100, { note: "paid twice" }), node("c", -50, 300)],
    edges: [flow("a", "b"), flow("b", "c")],
  };
  const svg = parser.parse(toGraphSvg(document, "Case 7")).svg;
  // Bounds: x from -50 to 400+220, y from 0 to 300+78 (a card with a note is 104 tall: 100+104 < 378).
  expect([Number(svg.width), Number(svg.height)]).toEqual([670 + 80, 378 + 80]);
  const groups = svg.g as Array<{ class: string; g?: SvgGroup | SvgGroup[] }>;
  const nodes = asList(groups.find((group) => group.class === "nodes")?.g);
  expect(nodes.map((group) => group["data-node-id"]).sort()).toEqual(["a", "b", "c"]);
  const edges = asList(groups.find((group) => group.class === "edges")?.g);
  expect(edges.map((group) => group["data-edge-id"])).toEqual(["flow:a->b", "flow:b->c"]);
  expect(toGraphSvg(document, null)).toContain("Wallet a &lt;&amp;&gt;");
});

test("002 §5 a picture is at most 10000 px on its longer side, keeping its shape", () => {
  const wide: GraphDocument = { nodes: [node("a", 0, 0), node("b", 30_000, 0)], edges: [] };
  const frame = graphPictureFrame(wide);
  expect(frame.width).toBe(10_000);
  expect(frame.height).toBe(Math.floor((78 + 80) * (10_000 / (30_220 + 80))));
  expect(frame.viewBox.width).toBe(30_220 + 80);
  const tall: GraphDocument = { nodes: [node("a", 0, 0), node("b", 0, 12_000)], edges: [] };
  expect(graphPictureFrame(tall).height).toBe(10_000);
});

test("000 §9 a node's balance reads '1 Trillion+' from 1e12 up and ends in '+' when estimated", () => {
  expect(graphNodeBalanceText({ balanceUsd: 3e12, isBalanceEstimated: false })).toBe("1 Trillion+");
  expect(graphNodeBalanceText({ balanceUsd: 4870.67, isBalanceEstimated: true })).toBe("$4,870.67+");
  expect(graphNodeBalanceText({ balanceUsd: 4870.67 })).toBe("$4,870.67");
  expect(graphNodeBalanceText({ balanceUsd: null })).toBeNull();
  // The exported picture says the same as the card on screen.
  const document: GraphDocument = {
    nodes: [node("a", 0, 0, { balanceUsd: 3e12 }), node("b", 400, 0, { isBalanceEstimated: true })],
    edges: [],
  };
  const svg = toGraphSvg(document, null);
  expect(svg).toContain("1 Trillion+");
  expect(svg).toContain("$1,234.50+");
  expect(svg).not.toContain("3,000,000,000,000");
});
