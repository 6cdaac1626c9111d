import type { GraphDocument } from "@sleuth/sdk";
import { useStoreApi } from "@xyflow/react";
import { useEffect, useMemo, useRef } from "react";
import {
  type CardDrawing,
  cardDrawingOf,
  drawGridLayer,
  drawScene,
  type FlowDrawing,
  flowDrawingOf,
  type LayerColours,
  layerColourNames,
} from "./canvasLayerDrawing.ts";
import { type NodeBox, zoomedOutFlowPaths } from "./flowPaths.ts";
import type { GraphDetail } from "./graphZoomDetail.ts";
import type { PathFocus } from "./pathFocus.ts";

// How far past each side of the view the drawing of flows and cards reaches, as a share of the view.
const bitmapMargin = 0.25;

/** Resolves CSS colour values (custom properties included) through a probe element, once each. */
function colourResolver(host: HTMLElement) {
  const known = new Map<string, string>();
  return (value: string): string => {
    let resolved = known.get(value);
    if (resolved === undefined) {
      const probe = document.createElement("span");
      probe.style.color = value;
      probe.style.display = "none";
      host.appendChild(probe);
      resolved = getComputedStyle(probe).color;
      probe.remove();
      known.set(value, resolved);
    }
    return resolved;
  };
}

/**
 * The canvas under xyflow's viewport: the grid always, the flows below the detail zoom, and the
 * nodes as cards in the overview (graphZoomDetail.ts). One bitmap redrawn once per frame of a pan
 * or zoom, from drawings built when the graph changes, instead of SVG patterns, paths and node
 * elements that the browser would lay out, hit-test and rasterise on every frame (issue 30). It
 * draws what xyflow does not and takes no input: a click in the overview is resolved by the
 * canvas (GraphCanvas), and selection, focus and keys belong to the page.
 */
export function GraphCanvasLayer({
  document: graph,
  boxes,
  selectedId,
  detail,
  focus = null,
}: {
  document: GraphDocument;
  boxes: ReadonlyMap<string, NodeBox>;
  selectedId: string | null;
  detail: GraphDetail;
  /** Issue 39: the focused path, drawn over the dimmed rest. */
  focus?: PathFocus | null;
}) {
  const store = useStoreApi();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const flows = useMemo<FlowDrawing | null>(
    () =>
      detail === "detail"
        ? null
        : flowDrawingOf(zoomedOutFlowPaths(graph.edges, boxes, detail === "overview")),
    [graph.edges, boxes, detail],
  );
  const cards = useMemo<CardDrawing | null>(
    () => (detail === "overview" ? cardDrawingOf(graph.nodes, boxes, selectedId) : null),
    [graph.nodes, boxes, selectedId, detail],
  );
  const focused = useMemo(() => {
    if (focus === null) return null;
    const edges = graph.edges.filter((edge) => focus.edges.has(edge.id));
    const nodes = graph.nodes.filter((node) => focus.nodes.has(node.id));
    return {
      flows:
        detail === "detail" ? null : flowDrawingOf(zoomedOutFlowPaths(edges, boxes, detail === "overview")),
      cards: detail === "overview" ? cardDrawingOf(nodes, boxes, selectedId) : null,
    };
  }, [focus, graph.edges, graph.nodes, boxes, detail, selectedId]);
  // What the next frame draws: the drawings change with the graph, the transform with every step.
  const current = useMemo(() => ({ flows, cards, focused }), [flows, cards, focused]);
  const scene = useRef(current);
  scene.current = current;
  const redraw = useRef<() => void>(() => {});

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext("2d");
    if (!canvas || !context) return;
    let resolve = colourResolver(canvas.parentElement ?? canvas);
    const coloursOf = () =>
      Object.fromEntries(
        Object.entries(layerColourNames).map(([name, value]) => [name, resolve(value)]),
      ) as LayerColours;
    let colours = coloursOf();
    // The flows and cards are drawn into a bitmap a margin larger than the view, then copied in
    // at each frame: a pan within the margin moves the bitmap (whole pixels) and draws nothing
    // anew; a zoom, a change of the graph or a pan past the margin draws it again.
    const bitmap = document.createElement("canvas");
    const bitmapContext = bitmap.getContext("2d");
    let drawn: {
      scene: object;
      zoom: number;
      x: number;
      y: number;
      width: number;
      height: number;
      ratio: number;
    } | null = null;
    let frame = 0;
    const draw = () => {
      frame = 0;
      const { transform, width, height } = store.getState();
      const ratio = window.devicePixelRatio || 1;
      if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
        canvas.width = Math.round(width * ratio);
        canvas.height = Math.round(height * ratio);
      }
      drawGridLayer(context, { width, height, ratio }, transform, colours.grid);
      const current = scene.current;
      if (!bitmapContext || (!current.flows && !current.cards && !current.focused)) return;
      const [x, y, zoom] = transform;
      const marginX = width * bitmapMargin;
      const marginY = height * bitmapMargin;
      if (
        drawn?.scene !== current ||
        drawn.zoom !== zoom ||
        drawn.width !== width ||
        drawn.height !== height ||
        drawn.ratio !== ratio ||
        Math.abs(x - drawn.x) > marginX ||
        Math.abs(y - drawn.y) > marginY
      ) {
        bitmap.width = Math.round((width + 2 * marginX) * ratio);
        bitmap.height = Math.round((height + 2 * marginY) * ratio);
        drawScene(
          bitmapContext,
          ratio,
          [x + marginX, y + marginY, zoom],
          colours,
          current.flows,
          current.cards,
          resolve,
          current.focused,
        );
        drawn = { scene: current, zoom, x, y, width, height, ratio };
      }
      context.setTransform(1, 0, 0, 1, 0, 0);
      context.drawImage(
        bitmap,
        Math.round((x - drawn.x - marginX) * ratio),
        Math.round((y - drawn.y - marginY) * ratio),
      );
    };
    // Once per frame however many wheel or mouse events the frame had, before it is painted.
    const schedule = () => {
      frame ||= requestAnimationFrame(draw);
    };
    redraw.current = schedule;
    schedule();
    // The theme follows the system's colour scheme (App.tsx): when it changes, so do the colours,
    // once the page has its new custom properties.
    const scheme = window.matchMedia("(prefers-color-scheme: dark)");
    const recolour = () =>
      requestAnimationFrame(() => {
        resolve = colourResolver(canvas.parentElement ?? canvas);
        colours = coloursOf();
        drawn = null;
        schedule();
      });
    scheme.addEventListener("change", recolour);
    const unsubscribe = store.subscribe((state, previous) => {
      if (
        state.transform !== previous.transform ||
        state.width !== previous.width ||
        state.height !== previous.height
      )
        schedule();
    });
    return () => {
      scheme.removeEventListener("change", recolour);
      unsubscribe();
      cancelAnimationFrame(frame);
      redraw.current = () => {};
    };
  }, [store]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: new drawings are drawn on the next frame.
  useEffect(() => redraw.current(), [flows, cards]);

  return <canvas ref={canvasRef} className="sleuth-graph-layer" data-testid="graph-layer" aria-hidden />;
}
