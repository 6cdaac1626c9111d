import { type GraphNode, graphGridLines, graphGridSize, riskColorOf, riskScoreLevelOf } from "@sleuth/sdk";
import { riskBadgeStyle } from "../explorer/riskBadgeStyle.ts";
import type { FlowPaths, NodeBox } from "./flowPaths.ts";

/** The colours the layer draws with, as CSS values (custom properties allowed): resolved by the caller. */
export const layerColourNames = {
  grid: "var(--borderColor-default)",
  flow: "var(--xy-edge-stroke, var(--xy-edge-stroke-default))",
  offChain: "var(--fgColor-attention)",
  card: "var(--bgColor-default)",
  offChainCard: "var(--bgColor-muted)",
  cardBorder: "var(--borderColor-default)",
  selectedCard: "var(--bgColor-accent-muted)",
  selectedBorder: "var(--borderColor-accent-emphasis)",
  focus: "var(--focus-outlineColor, var(--fgColor-accent))",
} as const;
export type LayerColours = Record<keyof typeof layerColourNames, string>;

/** The flows as the layer strokes them (Path2D of the path strings of flowPaths.ts). */
export interface FlowDrawing {
  solid: Path2D;
  dashed: Path2D;
  offChain: Path2D;
  arrows: Path2D;
}

export function flowDrawingOf(paths: FlowPaths): FlowDrawing {
  return {
    solid: new Path2D(paths.solid),
    dashed: new Path2D(paths.dashed),
    offChain: new Path2D(paths.offChain),
    arrows: new Path2D(paths.arrows),
  };
}

/** The nodes as overview cards: outlines by kind, the risk edge by colour, and the selected card. */
export interface CardDrawing {
  plain: Path2D;
  offChain: Path2D;
  /** The 4-unit left edge that takes the node's risk colour, as zoomed-out cards have it. */
  riskEdges: { colour: string; path: Path2D }[];
  selected: NodeBox | null;
}

// The card's left border zoomed out (graph.css: border-left-width on a zoomed-out node).
const riskEdgeWidth = 4;

export function cardDrawingOf(
  nodes: readonly GraphNode[],
  boxes: ReadonlyMap<string, NodeBox>,
  selectedId: string | null,
): CardDrawing {
  const plain = new Path2D();
  const offChain = new Path2D();
  const riskEdges = new Map<string, Path2D>();
  let selected: NodeBox | null = null;
  for (const node of nodes) {
    const box = boxes.get(node.id);
    if (!box) continue;
    if (node.id === selectedId) selected = box;
    (node.type === "offChainNode" ? offChain : plain).rect(box.x, box.y, box.width, box.height);
    if (node.riskScore === null) continue;
    const colour = riskBadgeStyle(riskColorOf(riskScoreLevelOf(node.riskScore))).borderColor as string;
    const edge = riskEdges.get(colour) ?? new Path2D();
    riskEdges.set(colour, edge);
    edge.rect(box.x, box.y, riskEdgeWidth, box.height);
  }
  return {
    plain,
    offChain,
    riskEdges: [...riskEdges].map(([colour, path]) => ({ colour, path })),
    selected,
  };
}

/** The node under a point of the graph (the one drawn last, on top, when cards overlap). */
export function nodeAt(
  nodes: readonly GraphNode[],
  boxes: ReadonlyMap<string, NodeBox>,
  point: { x: number; y: number },
): string | null {
  for (let index = nodes.length - 1; index >= 0; index--) {
    const id = nodes[index]!.id;
    const box = boxes.get(id);
    if (
      box &&
      point.x >= box.x &&
      point.x <= box.x + box.width &&
      point.y >= box.y &&
      point.y <= box.y + box.height
    )
      return id;
  }
  return null;
}

// Below this spacing on screen, a level of grid lines is drawn as the even tint its lines make.
const tintBelowPx = 4;

/**
 * 002 §9 grid lines at their three opacities, where xyflow's Background puts them: every multiple
 * of the grid size in graph units, one pixel wide on screen. Lines closer than a few pixels make
 * an even tint, which is drawn as such (the same tone, without thousands of lines).
 */
function drawGrid(
  context: CanvasRenderingContext2D,
  width: number,
  height: number,
  [x, y, zoom]: readonly [number, number, number],
  colour: string,
) {
  context.fillStyle = colour;
  for (const line of graphGridLines) {
    const spacing = graphGridSize * line.every * zoom;
    if (spacing < tintBelowPx) {
      const covered = spacing <= 1 ? 1 : 1 - (1 - 1 / spacing) ** 2;
      context.globalAlpha = line.opacity * covered;
      context.fillRect(0, 0, width, height);
      continue;
    }
    context.globalAlpha = line.opacity;
    for (let left = ((x % spacing) + spacing) % spacing; left < width; left += spacing)
      context.fillRect(left - 0.5, 0, 1, height);
    for (let top = ((y % spacing) + spacing) % spacing; top < height; top += spacing)
      context.fillRect(0, top - 0.5, width, 1);
  }
  context.globalAlpha = 1;
}

/** Clears the canvas and draws the grid at the canvas's viewport `transform` (xyflow's translate and zoom). */
export function drawGridLayer(
  context: CanvasRenderingContext2D,
  size: { width: number; height: number; ratio: number },
  transform: readonly [number, number, number],
  colour: string,
): void {
  const { width, height, ratio } = size;
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.clearRect(0, 0, width, height);
  drawGrid(context, width, height, transform, colour);
}

/**
 * The flows, then (in the overview) the nodes as cards, at `transform`, with the graph's origin
 * moved by `origin` pixels. Widths are in graph units, as the elements they stand for have them:
 * they thin out as the zoom does.
 */
export function drawScene(
  context: CanvasRenderingContext2D,
  ratio: number,
  transform: readonly [number, number, number],
  colours: LayerColours,
  flows: FlowDrawing | null,
  cards: CardDrawing | null,
  riskColour: (value: string) => string,
  focus: ScenePart | null = null,
): void {
  const draw = (part: ScenePart) => drawScenePart(context, ratio, transform, colours, part, riskColour);
  draw({ flows, cards });
  if (!focus) return;
  // Issue 39: a focused path is drawn again over a veil of the background, so the rest is dimmed.
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.globalAlpha = 0.75;
  context.fillStyle = colours.card;
  context.fillRect(0, 0, context.canvas.width, context.canvas.height);
  context.globalAlpha = 1;
  draw(focus);
}

/** Flows and cards drawn together: the whole scene, or the focused path over it. */
export interface ScenePart {
  flows: FlowDrawing | null;
  cards: CardDrawing | null;
}

function drawScenePart(
  context: CanvasRenderingContext2D,
  ratio: number,
  [x, y, zoom]: readonly [number, number, number],
  colours: LayerColours,
  { flows, cards }: ScenePart,
  riskColour: (value: string) => string,
): void {
  context.setTransform(ratio * zoom, 0, 0, ratio * zoom, ratio * x, ratio * y);
  context.lineWidth = 1;
  if (flows) {
    context.strokeStyle = colours.flow;
    context.stroke(flows.solid);
    context.setLineDash([6, 4]);
    context.stroke(flows.dashed);
    context.strokeStyle = colours.offChain;
    context.stroke(flows.offChain);
    context.setLineDash([]);
    context.fillStyle = colours.flow;
    context.fill(flows.arrows);
  }
  if (!cards) return;
  context.fillStyle = colours.card;
  context.fill(cards.plain);
  context.fillStyle = colours.offChainCard;
  context.fill(cards.offChain);
  context.strokeStyle = colours.cardBorder;
  context.stroke(cards.plain);
  context.setLineDash([6, 4]);
  context.stroke(cards.offChain);
  context.setLineDash([]);
  for (const edge of cards.riskEdges) {
    context.fillStyle = riskColour(edge.colour);
    context.fill(edge.path);
  }
  const selected = cards.selected;
  if (!selected) return;
  context.fillStyle = colours.selectedCard;
  context.fillRect(selected.x, selected.y, selected.width, selected.height);
  context.strokeStyle = colours.selectedBorder;
  context.strokeRect(selected.x, selected.y, selected.width, selected.height);
  // The focus ring keeps its width on screen: the selection must be seen at any zoom.
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.strokeStyle = colours.focus;
  context.lineWidth = 3;
  const offset = 3.5;
  context.strokeRect(
    selected.x * zoom + x - offset,
    selected.y * zoom + y - offset,
    selected.width * zoom + 2 * offset,
    selected.height * zoom + 2 * offset,
  );
}
