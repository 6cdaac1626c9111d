import {
  formatMoney,
  formatOffChainTimestamp,
  type GraphDocument,
  type GraphEdge,
  graphGridLines,
  graphGridSize,
} from "@sleuth/sdk";
import {
  Background,
  BackgroundVariant,
  type Edge,
  MarkerType,
  type NodeChange,
  ReactFlow,
  useReactFlow,
} from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import { useEffect, useMemo, useRef, useState } from "react";
import { canvasNodesOf, type DrawnNodes } from "./canvasNodes.ts";
import { type GraphFlowNode, GraphNodeView } from "./GraphNodeView.tsx";
import { useZoomedOutOfCanvas, ZoomedOutContext } from "./graphZoomDetail.ts";
import { ZoomedOutFlows } from "./ZoomedOutFlows.tsx";

const nodeTypes = { sleuth: GraphNodeView };

function edgeLabel(edge: GraphEdge): string | undefined {
  if (edge.type === "offChainEdge") {
    const when = edge.timestamp ? ` · ${formatOffChainTimestamp(edge.timestamp)} UTC` : "";
    return `${edge.information ?? ""}${when}`.trim() || undefined;
  }
  if (edge.type === "owns") return "owns";
  if (edge.amountUsd === null) return undefined;
  const assets = edge.assets.length > 0 ? ` ${edge.assets.slice(0, 3).join(", ")}` : "";
  return `${formatMoney(edge.amountUsd)}${assets}`;
}

/**
 * The edges xyflow draws: flows with their amounts and dashed off-chain connections with the
 * investigator's information. Zoomed out (`zoomedOut`), only the off-chain connections: the flows
 * are drawn together by ZoomedOutFlows, without amounts.
 */
export function flowEdgesOf(document: GraphDocument, zoomedOut = false): Edge[] {
  return document.edges
    .filter((edge) => !zoomedOut || edge.type === "offChainEdge")
    .map((edge) => ({
      id: edge.id,
      source: edge.source,
      target: edge.target,
      label: edgeLabel(edge),
      className: `sleuth-graph-edge sleuth-graph-edge-${edge.type}`,
      markerEnd: { type: MarkerType.ArrowClosed },
      // No wide invisible hit path per edge: flows are not clicked on this canvas.
      interactionWidth: 0,
      ...(edge.type === "offChainEdge" || edge.type === "owns" ? { style: { strokeDasharray: "6 4" } } : {}),
    }));
}

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
  const { flowNodes: nodes, boxes } = useMemo(
    () => canvasNodesOf(document.nodes, selectedId, dragging, drawn.current),
    [document.nodes, selectedId, dragging],
  );
  const movingIds = useMemo(() => new Set(dragging.keys()), [dragging]);
  const zoomedOut = useZoomedOutOfCanvas();
  const edges = useMemo(() => flowEdgesOf(document, zoomedOut), [document, zoomedOut]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new fit request (a number) fits again.
  useEffect(() => {
    if (fitRequest === 0) return;
    const frame = requestAnimationFrame(
      () => void flow.fitView({ padding: 0.15, duration: 0, maxZoom: 1.2 }),
    );
    return () => cancelAnimationFrame(frame);
  }, [fitRequest]);

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

  return (
    <ZoomedOutContext.Provider value={zoomedOut}>
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        onNodesChange={onNodesChange}
        onNodeDragStop={() => {
          if (dragging.size > 0) onMove(dragging);
          setDragging(new Map());
        }}
        onPaneClick={() => onSelect(null)}
        // The page's own hotkeys move the selection and the nodes (issue 30); xyflow's would fight them.
        disableKeyboardA11y
        nodesConnectable={false}
        deleteKeyCode={null}
        selectionKeyCode={null}
        multiSelectionKeyCode={null}
        minZoom={0.05}
        maxZoom={2}
        onlyRenderVisibleElements
        proOptions={{ hideAttribution: true }}
        aria-label="Investigation graph"
      >
        {/* 002 §9 grid lines at their three opacities. */}
        {graphGridLines.map((line) => (
          <Background
            key={line.every}
            id={`grid-${line.every}`}
            variant={BackgroundVariant.Lines}
            gap={graphGridSize * line.every}
            color="var(--borderColor-default)"
            style={{ opacity: line.opacity }}
          />
        ))}
        {zoomedOut ? <ZoomedOutFlows edges={document.edges} boxes={boxes} moving={movingIds} /> : null}
      </ReactFlow>
    </ZoomedOutContext.Provider>
  );
}
