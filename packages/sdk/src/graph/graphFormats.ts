import { XMLBuilder, XMLParser } from "fast-xml-parser";
import { MultiDirectedGraph, MultiGraph } from "graphology";
import { parse as parseGexfText, write as writeGexfText } from "graphology-gexf";
import { type CsvColumn, toCsv } from "../downloads/csv.ts";
import type { GraphDocument, GraphEdge, GraphNode } from "./graphDocument.ts";
import { formatOffChainTimestamp } from "./graphElements.ts";
import { type GraphExportGroup, type GraphExportSelection, graphExportGroups } from "./graphExport.ts";
import { graphEdgeEndsText } from "./graphNames.ts";

// The open graph formats analysts load into Gephi, yEd, Maltego and Cytoscape: GraphML (written and
// read back with fast-xml-parser) and GEXF (graphology and graphology-gexf), and the 002 §4 CSV.
// Every node and edge field travels as a typed attribute, so nothing the console shows is lost.

type NodeField = Exclude<keyof GraphNode, "id">;
type EdgeField = Exclude<keyof GraphEdge, "id" | "source" | "target"> | "amountAsset";

/**
 * An edge's fields as the formats carry them: a flow's amount in its asset (issue 43) travels as two
 * flat attributes, `amount` (a number) and `amountAsset`, as every other field is one value.
 */
function flatEdge(edge: GraphEdge) {
  const { amount, ...rest } = edge;
  return { ...rest, amount: amount?.value ?? null, amountAsset: amount?.asset ?? null };
}

const nodeFields: ReadonlyArray<{ key: NodeField; type: "string" | "double" }> = [
  { key: "type", type: "string" },
  { key: "trmUrn", type: "string" },
  { key: "label", type: "string" },
  { key: "chain", type: "string" },
  { key: "balanceUsd", type: "double" },
  { key: "riskScore", type: "double" },
  { key: "category", type: "string" },
  { key: "nameKind", type: "string" },
  { key: "nameSource", type: "string" },
  { key: "refreshStatus", type: "string" },
  { key: "icon", type: "string" },
  { key: "note", type: "string" },
  { key: "x", type: "double" },
  { key: "y", type: "double" },
];
const edgeFields: ReadonlyArray<{ key: EdgeField; type: "string" | "double" }> = [
  { key: "type", type: "string" },
  { key: "amountUsd", type: "double" },
  { key: "amount", type: "double" },
  { key: "amountAsset", type: "string" },
  { key: "assets", type: "string" },
  { key: "transfers", type: "double" },
  { key: "firstAt", type: "string" },
  { key: "lastAt", type: "string" },
  { key: "information", type: "string" },
  { key: "timestamp", type: "string" },
  { key: "note", type: "string" },
];

function cellOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.join(" ");
  return String(value);
}

const graphmlNamespace = "http://graphml.graphdrawing.org/xmlns";

/** The graph as GraphML 1.0: a directed graph, keys `n_<field>` for nodes and `e_<field>` for edges. */
export function toGraphml(document: GraphDocument, name: string | null): string {
  const data = (prefix: string, fields: ReadonlyArray<{ key: string }>, item: Record<string, unknown>) =>
    fields.flatMap(({ key }) => {
      const value = cellOf(item[key]);
      return value === null ? [] : [{ "@_key": `${prefix}${key}`, "#text": value }];
    });
  const tree = {
    "?xml": { "@_version": "1.0", "@_encoding": "UTF-8" },
    graphml: {
      "@_xmlns": graphmlNamespace,
      key: [
        { "@_id": "g_name", "@_for": "graph", "@_attr.name": "name", "@_attr.type": "string" },
        ...nodeFields.map(({ key, type }) => ({
          "@_id": `n_${key}`,
          "@_for": "node",
          "@_attr.name": key,
          "@_attr.type": type,
        })),
        ...edgeFields.map(({ key, type }) => ({
          "@_id": `e_${key}`,
          "@_for": "edge",
          "@_attr.name": key,
          "@_attr.type": type,
        })),
      ],
      graph: {
        "@_id": "G",
        "@_edgedefault": "directed",
        data: name === null ? [] : [{ "@_key": "g_name", "#text": name }],
        node: document.nodes.map((node) => ({ "@_id": node.id, data: data("n_", nodeFields, node) })),
        edge: document.edges.map((edge) => ({
          "@_id": edge.id,
          "@_source": edge.source,
          "@_target": edge.target,
          data: data("e_", edgeFields, flatEdge(edge)),
        })),
      },
    },
  };
  const builder = new XMLBuilder({ ignoreAttributes: false, format: true, suppressEmptyNode: true });
  return builder.build(tree) as string;
}

export interface ParsedGraphml {
  name: string | null;
  nodes: Array<{ id: string; data: Record<string, string> }>;
  edges: Array<{ id: string; source: string; target: string; data: Record<string, string> }>;
}

/** Reads GraphML written by toGraphml (or any GraphML with `data` children) with fast-xml-parser. */
export function parseGraphml(text: string): ParsedGraphml {
  const parser = new XMLParser({
    ignoreAttributes: false,
    parseTagValue: false,
    parseAttributeValue: false,
    isArray: (tagName) => ["key", "node", "edge", "data"].includes(tagName),
  });
  const root = parser.parse(text) as {
    graphml?: { key?: Array<Record<string, string>>; graph?: Record<string, unknown> };
  };
  const graph = root.graphml?.graph as
    | {
        data?: Array<Record<string, string>>;
        node?: Array<Record<string, unknown>>;
        edge?: Array<Record<string, unknown>>;
      }
    | undefined;
  if (!graph) throw new Error("This is not a GraphML file.");
  const names = new Map(
    (root.graphml?.key ?? []).map((key) => [key["@_id"], key["@_attr.name"] ?? key["@_id"]]),
  );
  const dataOf = (item: Record<string, unknown>) =>
    Object.fromEntries(
      ((item.data as Array<Record<string, string>> | undefined) ?? []).map((entry) => [
        names.get(entry["@_key"] ?? "") ?? entry["@_key"],
        entry["#text"] ?? "",
      ]),
    );
  return {
    name: dataOf(graph as Record<string, unknown>).name ?? null,
    nodes: (graph.node ?? []).map((node) => ({ id: String(node["@_id"]), data: dataOf(node) })),
    edges: (graph.edge ?? []).map((edge) => ({
      id: String(edge["@_id"]),
      source: String(edge["@_source"]),
      target: String(edge["@_target"]),
      data: dataOf(edge),
    })),
  };
}

function graphologyOf(document: GraphDocument, name: string | null): MultiDirectedGraph {
  const graph = new MultiDirectedGraph();
  graph.setAttribute("name", name ?? "");
  for (const node of document.nodes) {
    const { id, ...attributes } = node;
    graph.addNode(id, attributes);
  }
  for (const edge of document.edges) {
    const { id, source, target, ...attributes } = flatEdge(edge);
    graph.addEdgeWithKey(id, source, target, attributes);
  }
  return graph;
}

/** The graph as GEXF 1.3 (Gephi), written by graphology-gexf, with node positions as viz. */
export function toGexf(document: GraphDocument, name: string | null): string {
  return writeGexfText(graphologyOf(document, name), {
    version: "1.3",
    formatNode: (_key, attributes) => {
      const { label, x, y, ...rest } = attributes as GraphNode;
      return {
        label,
        viz: { x, y },
        attributes: Object.fromEntries(
          Object.entries({ ...rest, x, y }).flatMap(([key, value]) => {
            const cell = cellOf(value);
            return cell === null ? [] : [[key, typeof value === "number" ? value : cell]];
          }),
        ),
      };
    },
    formatEdge: (_key, attributes) => {
      const edge = attributes as Omit<ReturnType<typeof flatEdge>, "id" | "source" | "target">;
      return {
        label: edge.type,
        ...(edge.amountUsd !== null ? { weight: edge.amountUsd } : {}),
        attributes: Object.fromEntries(
          Object.entries(edge).flatMap(([key, value]) => {
            const cell = cellOf(value);
            return cell === null ? [] : [[key, typeof value === "number" ? value : cell]];
          }),
        ),
      };
    },
  });
}

/**
 * Reads GEXF back with graphology-gexf (the library that wrote it). Into a mixed graph: a file
 * without edges gives the parser no edge type to check a directed graph against.
 */
export function parseGexf(text: string): MultiGraph {
  return parseGexfText(MultiGraph, text) as MultiGraph;
}

/** Which 002 §9 export group a node or edge belongs to. */
export function graphExportGroupOfNode(node: GraphNode): GraphExportGroup {
  switch (node.type) {
    case "address":
      return "addresses";
    case "entity":
    case "customEntity":
      return "entities";
    case "transaction":
      return "transfers";
    case "offChainNode":
      return "offChainNodes";
  }
}

export function graphExportGroupOfEdge(edge: GraphEdge): GraphExportGroup {
  if (edge.type === "flow") return "flows";
  if (edge.type === "transfer") return "transfers";
  if (edge.type === "owns") return "entities";
  return "offChainEdges";
}

/** 002 §4: every element of the graph, by export group (what the dialog lists and can select). */
export function graphExportAvailable(document: GraphDocument): GraphExportSelection {
  const groups = Object.fromEntries(graphExportGroups.map(({ id }) => [id, [] as string[]])) as Record<
    GraphExportGroup,
    string[]
  >;
  for (const node of document.nodes) groups[graphExportGroupOfNode(node)].push(node.id);
  for (const edge of document.edges) groups[graphExportGroupOfEdge(edge)].push(edge.id);
  return groups;
}

interface CsvRow {
  group: string;
  element: GraphNode | GraphEdge;
  /** Issue 39: an edge's label, between its ends' names (graphEdgeEndsText). */
  label?: string;
}

const str = (row: CsvRow, key: string): string | number | null => {
  const value = (row.element as unknown as Record<string, unknown>)[key];
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value.join(" ");
  return typeof value === "number" ? value : String(value);
};

const csvColumns: CsvColumn<CsvRow>[] = [
  { header: "group", value: (row) => row.group },
  { header: "type", value: (row) => row.element.type },
  { header: "id", value: (row) => row.element.id },
  { header: "label", value: (row) => row.label ?? str(row, "label") },
  { header: "trmUrn", value: (row) => str(row, "trmUrn") },
  { header: "chain", value: (row) => str(row, "chain") },
  { header: "balanceUsd", value: (row) => str(row, "balanceUsd") },
  { header: "riskScore", value: (row) => str(row, "riskScore") },
  { header: "category", value: (row) => str(row, "category") },
  { header: "source", value: (row) => str(row, "source") },
  { header: "target", value: (row) => str(row, "target") },
  { header: "amountUsd", value: (row) => str(row, "amountUsd") },
  { header: "assets", value: (row) => str(row, "assets") },
  { header: "transfers", value: (row) => str(row, "transfers") },
  { header: "firstAt", value: (row) => str(row, "firstAt") },
  { header: "lastAt", value: (row) => str(row, "lastAt") },
  { header: "information", value: (row) => str(row, "information") },
  {
    header: "timestamp",
    // 002 §5: an off-chain edge's timestamp reads 'MMM D, YYYY h:mm:ss A' in UTC.
    value: (row) => {
      const timestamp = "timestamp" in row.element ? row.element.timestamp : null;
      return timestamp ? formatOffChainTimestamp(timestamp) : null;
    },
  },
  { header: "note", value: (row) => str(row, "note") },
  // Issue 43, after the columns a reader of earlier files knows: a flow's amount in its one asset.
  {
    header: "amount",
    value: (row) => ("amount" in row.element ? (row.element.amount?.value ?? null) : null),
  },
  {
    header: "amountAsset",
    value: (row) => ("amount" in row.element ? (row.element.amount?.asset ?? null) : null),
  },
];

/** 002 §4: the selected elements as one CSV, a row per element, grouped in the 002 §9 order. */
export function toGraphCsv(document: GraphDocument, selection: GraphExportSelection): string {
  const rows: CsvRow[] = [];
  const nodes = new Map(document.nodes.map((node) => [node.id, node]));
  for (const { id, label } of graphExportGroups) {
    const chosen = new Set(selection[id]);
    for (const node of document.nodes)
      if (chosen.has(node.id) && graphExportGroupOfNode(node) === id)
        rows.push({ group: label, element: node });
    for (const edge of document.edges)
      if (chosen.has(edge.id) && graphExportGroupOfEdge(edge) === id)
        rows.push({ group: label, element: edge, label: graphEdgeEndsText(edge, nodes) });
  }
  return toCsv(rows, csvColumns);
}
