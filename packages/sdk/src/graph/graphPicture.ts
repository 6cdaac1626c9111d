import { truncateText } from "../format/text.ts";
import { type RiskScoreLevel, riskLabelOf, riskScoreLevelOf } from "../risk/riskScale.ts";
import { flowLabel } from "./flowLabel.ts";
import { type GraphDocument, type GraphEdge, type GraphNode, graphNodeBalanceText } from "./graphDocument.ts";
import { graphExportImageSize } from "./graphExport.ts";

// 002 §5 graph image export without a browser (`sleuth graph export --format svg|png`): the saved
// document drawn as SVG from its own positions, the cards the console draws, scaled like the
// console's picture export so that no side passes 10000 px. The CLI rasterises this SVG for a PNG.

/** A node's card in a picture: the console's node size (notes make a card taller). */
export function graphPictureCardSize(node: Pick<GraphNode, "note">): { width: number; height: number } {
  return { width: 220, height: node.note ? 104 : 78 };
}

/** Margin around the graph in a picture, as the console's export leaves. */
export const graphPicturePadding = 40;

/** Characters of a label a card shows before it is cut. */
const labelChars = 26;

// The console's risk badge colours (002 §9: Severe red strong, High red, Medium yellow, Low green)
// as the plain colours of Primer's light theme, for a file read outside the console.
const riskStroke: Record<RiskScoreLevel, string> = {
  0: "#d1d9e0",
  1: "#59636e",
  2: "#1a7f37",
  3: "#9a6700",
  4: "#d1242f",
  5: "#a40e26",
};

const typeNames: Record<GraphNode["type"], string> = {
  address: "Address",
  entity: "Entity",
  customEntity: "Custom entity",
  transaction: "Transaction",
  offChainNode: "Off-chain",
};

const xmlEntities: Record<string, string> = {
  "<": "&lt;",
  ">": "&gt;",
  "&": "&amp;",
  '"': "&quot;",
  "'": "&apos;",
};

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => xmlEntities[c]!);
}

/** Rounds to two decimals, enough for positions and short in the file. */
function r(value: number): number {
  return Math.round(value * 100) / 100;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The point where the segment from the centre of `from` to the centre of `to` enters `to`. */
function entryPoint(from: Box, to: Box): { x: number; y: number } {
  const fx = from.x + from.width / 2;
  const fy = from.y + from.height / 2;
  const tx = to.x + to.width / 2;
  const ty = to.y + to.height / 2;
  const dx = tx - fx;
  const dy = ty - fy;
  if (dx === 0 && dy === 0) return { x: tx, y: ty };
  const t = Math.min(
    dx === 0 ? Number.POSITIVE_INFINITY : to.width / 2 / Math.abs(dx),
    dy === 0 ? Number.POSITIVE_INFINITY : to.height / 2 / Math.abs(dy),
  );
  return { x: tx - dx * t, y: ty - dy * t };
}

function edgeLabel(edge: GraphEdge): string {
  if (edge.type === "offChainEdge") return truncateText(edge.information ?? "", labelChars);
  return flowLabel(edge);
}

function nodeLines(node: GraphNode): string[] {
  const risk = node.riskScore === null ? null : riskLabelOf(node.riskScore);
  const kind = [typeNames[node.type], node.chain, node.category].filter(Boolean).join(" · ");
  const figures = [graphNodeBalanceText(node), risk ? `${risk} risk` : null].filter(Boolean).join(" · ");
  const lines = [kind, figures];
  if (node.note) lines.push(truncateText(node.note, labelChars + 6));
  return lines.filter((line) => line !== "");
}

/** The picture's size in pixels and the graph's bounds it shows (its view box). */
export function graphPictureFrame(document: GraphDocument): {
  width: number;
  height: number;
  viewBox: Box;
} {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const node of document.nodes) {
    const size = graphPictureCardSize(node);
    minX = Math.min(minX, node.x);
    minY = Math.min(minY, node.y);
    maxX = Math.max(maxX, node.x + size.width);
    maxY = Math.max(maxY, node.y + size.height);
  }
  if (document.nodes.length === 0) {
    minX = 0;
    minY = 0;
    maxX = 0;
    maxY = 0;
  }
  const viewBox = {
    x: minX - graphPicturePadding,
    y: minY - graphPicturePadding,
    width: Math.ceil(maxX - minX + graphPicturePadding * 2),
    height: Math.ceil(maxY - minY + graphPicturePadding * 2),
  };
  const size = graphExportImageSize(viewBox.width, viewBox.height);
  return { width: size.width, height: size.height, viewBox };
}

/**
 * The whole graph as an SVG document: a card per node (label, kind, balance and risk, note), an
 * arrow per edge with its USD value or its off-chain information, white behind. Every card is a
 * group with `data-node-id`, so a reader (or a test) finds each node.
 */
export function toGraphSvg(document: GraphDocument, name: string | null): string {
  const { width, height, viewBox } = graphPictureFrame(document);
  const boxes = new Map<string, Box>(
    document.nodes.map((node) => [node.id, { x: node.x, y: node.y, ...graphPictureCardSize(node) }]),
  );
  const edges = document.edges.flatMap((edge) => {
    const from = boxes.get(edge.source);
    const to = boxes.get(edge.target);
    if (!from || !to) return [];
    const start = entryPoint(to, from);
    const end = entryPoint(from, to);
    const dashed = edge.type === "offChainEdge" || edge.type === "owns" ? ' stroke-dasharray="6 4"' : "";
    const label = edgeLabel(edge);
    const text = label
      ? `<text x="${r((start.x + end.x) / 2)}" y="${r((start.y + end.y) / 2 - 6)}" text-anchor="middle" class="edge-label">${escapeXml(label)}</text>`
      : "";
    return [
      `<g data-edge-id="${escapeXml(edge.id)}"><line x1="${r(start.x)}" y1="${r(start.y)}" x2="${r(end.x)}" y2="${r(end.y)}" stroke="#818b98" stroke-width="1.5"${dashed} marker-end="url(#arrow)"/>${text}</g>`,
    ];
  });
  const nodes = document.nodes.map((node) => {
    const box = boxes.get(node.id)!;
    const stroke = riskStroke[riskScoreLevelOf(node.riskScore)];
    const lines = nodeLines(node)
      .map(
        (line, index) => `<text x="12" y="${46 + index * 20}" class="node-detail">${escapeXml(line)}</text>`,
      )
      .join("");
    return `<g data-node-id="${escapeXml(node.id)}" transform="translate(${r(box.x)} ${r(box.y)})"><title>${escapeXml(node.trmUrn)}</title><rect width="${box.width}" height="${box.height}" rx="8" fill="#ffffff" stroke="${stroke}" stroke-width="2"/><text x="12" y="24" class="node-label">${escapeXml(truncateText(node.label, labelChars))}</text>${lines}</g>`;
  });
  const title = name?.trim() ? `<title>${escapeXml(name.trim())}</title>` : "";
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${r(viewBox.x)} ${r(viewBox.y)} ${viewBox.width} ${viewBox.height}">`,
    title,
    "<style>text{font-family:'DejaVu Sans',Arial,sans-serif;fill:#1f2328}.node-label{font-size:15px;font-weight:600}.node-detail{font-size:12px;fill:#59636e}.edge-label{font-size:11px;fill:#59636e;stroke:#ffffff;stroke-width:4px;paint-order:stroke}</style>",
    '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="#818b98"/></marker></defs>',
    `<rect x="${r(viewBox.x)}" y="${r(viewBox.y)}" width="${viewBox.width}" height="${viewBox.height}" fill="#ffffff"/>`,
    `<g class="edges">${edges.join("")}</g>`,
    `<g class="nodes">${nodes.join("")}</g>`,
    "</svg>",
  ]
    .filter((line) => line !== "")
    .map((line) => `${line}\n`)
    .join("");
}
