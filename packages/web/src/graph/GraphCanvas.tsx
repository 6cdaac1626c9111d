import { useStore } from "@nanostores/react";
import type { GraphDocument } from "@sleuth/sdk";
import {
  type NodeChange,
  ReactFlow,
  useStore as useFlowStore,
  useReactFlow,
  type Viewport,
} from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import { type MouseEvent as ReactMouseEvent, useEffect, useMemo, useRef, useState } from "react";
import { nodeAt } from "./canvasLayerDrawing.ts";
import { canvasNodesOf, type DrawnNodes } from "./canvasNodes.ts";
import { flowEdgesOf } from "./flowEdges.ts";
import { GraphCanvasLayer } from "./GraphCanvasLayer.tsx";
import { type GraphFlowNode, GraphNodeView } from "./GraphNodeView.tsx";
import { $wholeGraphDrawn } from "./graphWholeDrawing.ts";
import { graphOverviewMinNodes, useGraphDetailOfCanvas, ZoomedOutContext } from "./graphZoomDetail.ts";
import { OverviewNodeList } from "./OverviewNodeList.tsx";
import { $pathFocus } from "./pathFocus.ts";

const nodeTypes = { sleuth: GraphNodeView };

/**
 * The canvas (@xyflow/react). The page owns the document and the selection; the canvas draws them,
 * reports drags as moves, and fits the view when asked (`fitRequest` changes).
 */
export function GraphCanvas({
  document,
  selectedId,
  fitRequest,
  onSelect,
  onMove,
}: {
  document: GraphDocument;
  selectedId: string | null;
  fitRequest: number;
  onSelect: (id: string | null) => void;
  onMove: (positions: Map<string, { x: number; y: number }>) => void;
}) {
  const flow = useReactFlow();
  // While a node is dragged, its live position; committed as one move when the drag ends.
  const [dragging, setDragging] = useState<Map<string, { x: number; y: number }>>(new Map());
  const drawn = useRef<DrawnNodes>(new Map());
  const wholeGraph = useStore($wholeGraphDrawn);
  const zoomDetail = useGraphDetailOfCanvas();
  const detail = wholeGraph ? "detail" : zoomDetail;
  const overview = detail === "overview";
  const { flowNodes: laidOutNodes, boxes } = useMemo(
    () => canvasNodesOf(document.nodes, selectedId, dragging, drawn.current, overview),
    [document.nodes, selectedId, dragging, overview],
  );
  const allEdges = useMemo(() => flowEdgesOf(document, detail), [document, detail]);
  // Issue 39: with a path focused, every node and edge off it is dimmed (the layer dims its own).
  const focus = useStore($pathFocus);
  const nodes = useMemo(
    () =>
      focus === null
        ? laidOutNodes
        : laidOutNodes.map((node) =>
            focus.nodes.has(node.id) ? node : { ...node, className: "sleuth-graph-dimmed" },
          ),
    [laidOutNodes, focus],
  );
  const edges = useMemo(
    () =>
      focus === null
        ? allEdges
        : allEdges.map((edge) =>
            focus.edges.has(edge.id) ? edge : { ...edge, className: `${edge.className} sleuth-graph-dimmed` },
          ),
    [allEdges, focus],
  );

  // The viewport the last fit left, while nobody has moved it since.
  const fitted = useRef<Viewport | null>(null);
  const fitNow = () =>
    // The overview's nodes are hidden from xyflow (the canvas layer draws them): still fitted.
    void flow.fitView({ padding: 0.15, duration: 0, maxZoom: 1.2, includeHiddenNodes: true }).then(() => {
      fitted.current = flow.getViewport();
    });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new fit request (a number) fits again.
  useEffect(() => {
    if (fitRequest === 0) return;
    const frame = requestAnimationFrame(fitNow);
    return () => cancelAnimationFrame(frame);
  }, [fitRequest]);

  // Issue 39: a fitted view stays fitted when its pane changes size, as when a banner above the graph
  // (a trace's summary, shown as the trace is fitted) opens or closes; a view moved since stays put.
  const paneWidth = useFlowStore((state) => state.width);
  const paneHeight = useFlowStore((state) => state.height);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the pane's new size is what fits again.
  useEffect(() => {
    const last = fitted.current;
    if (last === null) return;
    const now = flow.getViewport();
    if (now.x !== last.x || now.y !== last.y || now.zoom !== last.zoom) {
      fitted.current = null;
      return;
    }
    const frame = requestAnimationFrame(fitNow);
    return () => cancelAnimationFrame(frame);
  }, [paneWidth, paneHeight]);

  const onNodesChange = (changes: NodeChange<GraphFlowNode>[]) => {
    let next: Map<string, { x: number; y: number }> | null = null;
    for (const change of changes) {
      if (change.type === "position" && change.position) {
        next ??= new Map(dragging);
        next.set(change.id, change.position);
      }
      if (change.type === "select" && change.selected) onSelect(change.id);
    }
    if (next) setDragging(next);
  };

  // In the overview the cards are pixels of the canvas layer: a mouse drag that starts on one moves
  // that node, as a drag of a node element does, instead of panning. Stopped in the capture phase,
  // before xyflow's pane sees the press.
  const dragCardInOverview = (event: ReactMouseEvent) => {
    if (!overview || event.button !== 0) return;
    const start = flow.screenToFlowPosition({ x: event.clientX, y: event.clientY });
    const id = nodeAt(document.nodes, boxes, start);
    const node = id ? document.nodes.find((entry) => entry.id === id) : undefined;
    if (!node) return;
    event.stopPropagation();
    event.preventDefault();
    let moved: Map<string, { x: number; y: number }> | null = null;
    const move = (step: MouseEvent) => {
      const at = flow.screenToFlowPosition({ x: step.clientX, y: step.clientY });
      moved = new Map([[node.id, { x: node.x + at.x - start.x, y: node.y + at.y - start.y }]]);
      setDragging(moved);
    };
    const end = () => {
      window.removeEventListener("mousemove", move);
      window.removeEventListener("mouseup", end);
      onSelect(node.id);
      if (moved) onMove(moved);
      setDragging(new Map());
    };
    window.addEventListener("mousemove", move);
    window.addEventListener("mouseup", end);
  };

  return (
    <ZoomedOutContext.Provider value={detail !== "detail"}>
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        onNodesChange={onNodesChange}
        onNodeDragStop={() => {
          if (dragging.size > 0) onMove(dragging);
          setDragging(new Map());
        }}
        // In the overview a click on a drawn card selects its node, as a click on a node does.
        onMouseDownCapture={dragCardInOverview}
        onPaneClick={(event) =>
          onSelect(
            overview
              ? nodeAt(
                  document.nodes,
                  boxes,
                  flow.screenToFlowPosition({ x: event.clientX, y: event.clientY }),
                )
              : null,
          )
        }
        // The page's own hotkeys move the selection and the nodes (issue 30); xyflow's would fight them.
        disableKeyboardA11y
        nodesConnectable={false}
        deleteKeyCode={null}
        selectionKeyCode={null}
        multiSelectionKeyCode={null}
        minZoom={0.05}
        maxZoom={2}
        onlyRenderVisibleElements={!wholeGraph}
        proOptions={{ hideAttribution: true }}
        aria-label="Investigation graph"
      >
        {/* 002 §9 grid lines, and what is drawn together below the detail zoom. */}
        <GraphCanvasLayer
          document={document}
          boxes={boxes}
          selectedId={selectedId}
          detail={detail}
          focus={focus}
        />
        {document.nodes.length >= graphOverviewMinNodes ? (
          <OverviewNodeList nodes={document.nodes} selectedId={selectedId} active={overview} />
        ) : null}
      </ReactFlow>
    </ZoomedOutContext.Provider>
  );
}
