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
import { useEffect, useMemo, useState } from "react";
import { type GraphFlowNode, GraphNodeView } from "./GraphNodeView.tsx";
import { useZoomedOut } from "./graphZoomDetail.ts";

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
 * The edges as xyflow draws them: amounts on flows (unless `amounts` is false, when zoomed out),
 * dashed off-chain connections with the investigator's information, always.
 */
export function flowEdgesOf(document: GraphDocument, amounts = true): Edge[] {
  return document.edges.map((edge) => ({
    id: edge.id,
    source: edge.source,
    target: edge.target,
    label: amounts || edge.type === "offChainEdge" ? edgeLabel(edge) : undefined,
    className: `sleuth-graph-edge sleuth-graph-edge-${edge.type}`,
    markerEnd: { type: MarkerType.ArrowClosed },
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
  const nodes: GraphFlowNode[] = useMemo(
    () =>
      document.nodes.map((node) => ({
        id: node.id,
        type: "sleuth",
        position: dragging.get(node.id) ?? { x: node.x, y: node.y },
        data: { node },
        selected: node.id === selectedId,
      })),
    [document.nodes, selectedId, dragging],
  );
  const zoomedOut = useZoomedOut();
  const edges = useMemo(() => flowEdgesOf(document, !zoomedOut), [document, zoomedOut]);

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
    </ReactFlow>
  );
}
