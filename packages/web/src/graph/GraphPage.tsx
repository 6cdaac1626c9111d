import { useStore } from "@nanostores/react";
import { Heading, Spinner, Text } from "@primer/react";
import {
  canEditGraphs,
  chainIdSchema,
  consolePaths,
  countedNoun,
  displayAddress,
  expandDefaultLimit,
  graphEditorRoleMessage,
  graphNodeBalanceText,
  parseUrn,
  transactionUrn,
} from "@sleuth/sdk";
import { ReactFlowProvider, useReactFlow } from "@xyflow/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { CounterpartyNameView } from "../explorer/CounterpartyNameView.tsx";
import { usePageHeading } from "../explorer/usePageHeading.ts";
import { announce } from "../messages/messageStore.ts";
import { plotPath, savedGraphPath } from "../navigation/routePaths.ts";
import { $signedIn } from "../session/sessionStore.ts";
import { HotkeyHint } from "../shortcuts/HotkeyHint.tsx";
import { AddMultipleDialog } from "./dialogs/AddMultipleDialog.tsx";
import { ConnectionDialog } from "./dialogs/ConnectionDialog.tsx";
import { ExportCsvDialog } from "./dialogs/ExportCsvDialog.tsx";
import { KycLevelsDialog } from "./dialogs/KycLevelsDialog.tsx";
import { NoteDialog } from "./dialogs/NoteDialog.tsx";
import { OffChainNodeDialog } from "./dialogs/OffChainNodeDialog.tsx";
import { OpReturnDialog } from "./dialogs/OpReturnDialog.tsx";
import { SaveGraphDialog } from "./dialogs/SaveGraphDialog.tsx";
import { TraceOptionsDialog } from "./dialogs/TraceOptionsDialog.tsx";
import { TracePathsDialog } from "./dialogs/TracePathsDialog.tsx";
import { GraphCanvas } from "./GraphCanvas.tsx";
import { nodeTitle } from "./GraphNodeView.tsx";
import { guarded, openSavedGraph, plotUrns, saveGraph, traceSelected } from "./graphActions.ts";
import { addConnection, addOffChainNode, moveNodes, updateEdge, updateNode } from "./graphEditing.ts";
import { downloadGraphImage } from "./graphFiles.ts";
import { $fitRequests, $graph, $selectedNode, editGraph, requestFit, selectNode } from "./graphSession.ts";
import { withWholeGraphDrawn } from "./graphWholeDrawing.ts";
import { $tracePathsOpen } from "./pathFocus.ts";
import { registerPlotTarget } from "./plotTarget.ts";
import { useGraphActionCommands } from "./useGraphActionCommands.ts";
import { useGraphCanvasKeys } from "./useGraphCanvasKeys.ts";
import { type GraphDialog, useGraphCommands } from "./useGraphCommands.ts";
import "./graph.css";

// 001 §2: the route lists plotted elements as repeated trmUrn, or the path alone when many are added.
const maxUrnsInRoute = 20;

function graphRoute(graphId: string | null, urns: readonly string[]): string {
  if (graphId) return savedGraphPath(graphId);
  if (urns.length === 0 || urns.length > maxUrnsInRoute) return consolePaths.graph;
  return plotPath(urns);
}

function newId(prefix: string): string {
  return `${prefix}:${globalThis.crypto.randomUUID()}`;
}

function addressTextOf(urn: string): string {
  const parts = parseUrn(urn);
  return parts?.kind === "address" ? displayAddress(parts.chain, parts.address) : urn;
}

function SelectedNodePanel() {
  const node = useStore($selectedNode);
  if (!node)
    return (
      <Text as="p" className="sleuth-graph-side-empty">
        No node selected.
      </Text>
    );
  return (
    <dl className="sleuth-graph-side-details" data-testid="graph-selected">
      <dt>Selected</dt>
      <dd className="sleuth-break">
        {node.nameKind ? (
          <CounterpartyNameView
            name={{ name: node.label, kind: node.nameKind, source: node.nameSource ?? null }}
          />
        ) : (
          node.label
        )}
      </dd>
      <dt>Type</dt>
      <dd>{node.type}</dd>
      {node.type === "address" && node.nameKind ? (
        <>
          {/* Issue 39: a named address still shows the address its name stands for. */}
          <dt>Address</dt>
          <dd className="sleuth-break sleuth-mono">{addressTextOf(node.trmUrn)}</dd>
        </>
      ) : null}
      {node.chain ? (
        <>
          <dt>Chain</dt>
          <dd>{node.chain}</dd>
        </>
      ) : null}
      {node.balanceUsd !== null ? (
        <>
          <dt>Balance</dt>
          <dd>{graphNodeBalanceText(node)}</dd>
        </>
      ) : null}
      {node.category ? (
        <>
          <dt>Category</dt>
          <dd>{node.category}</dd>
        </>
      ) : null}
      {node.note ? (
        <>
          <dt>Note</dt>
          <dd data-testid="graph-selected-note">{node.note}</dd>
        </>
      ) : null}
    </dl>
  );
}

function GraphWorkspace() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const view = useStore($signedIn);
  const graph = useStore($graph);
  const selected = useStore($selectedNode);
  const headingRef = usePageHeading("graph");
  const flow = useReactFlow();
  const [dialog, setDialog] = useState<GraphDialog | null>(null);
  const tracePathsOpen = useStore($tracePathsOpen);
  const fitRequest = useStore($fitRequests);
  const [expandLimit, setExpandLimit] = useState(expandDefaultLimit);
  const [loading, setLoading] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const canEdit = canEditGraphs(view?.role);
  const fit = useCallback(() => requestFit(), []);
  const routed = useRef<string | null>(null);

  // 000 §2 / 001 §2: the route names a saved graph, the elements to plot, or a chain's transaction.
  useEffect(() => {
    // The role decides whether the route may plot: wait for the session after a fresh load.
    if (!view) return;
    if (routed.current === search) return;
    routed.current = search;
    const params = new URLSearchParams(search);
    const graphId = params.get("graphId");
    const chain = params.get("chain");
    const txn = params.get("txn");
    const urns = params.getAll("trmUrn");
    if (chain && txn) {
      // A link with a chain the SDK does not know, or a hash that chain cannot hold, says so.
      const known = chainIdSchema.safeParse(chain);
      if (!known.success) setLoadError(`Sleuth knows no chain called "${chain}".`);
      else {
        try {
          urns.push(transactionUrn(known.data, txn));
        } catch {
          setLoadError(`"${txn}" is not a transaction hash on ${chain}.`);
        }
      }
    }
    if (graphId && graphId !== $graph.get().graphId) {
      setLoading("Opening the graph…");
      setLoadError(null);
      openSavedGraph(graphId)
        .then(fit)
        .catch((error) => setLoadError(error instanceof Error ? error.message : String(error)))
        .finally(() => setLoading(null));
    } else if (!graphId && urns.length > 0) {
      const missing = urns.filter((urn) => !$graph.get().document.nodes.some((node) => node.trmUrn === urn));
      if (missing.length > 0) void guarded("Plotting", () => plotUrns(missing).then(fit));
    }
  }, [search, fit, view]);

  // Keep the route in step with the graph, so a reload (or a shared link) shows it again; only
  // once the route has been read, so a fresh load's trmUrn is plotted before it is replaced.
  useEffect(() => {
    if (!view || routed.current !== search) return;
    const urns = graph.document.nodes
      .filter((node) => node.type !== "offChainNode")
      .map((node) => node.trmUrn);
    const next = graphRoute(graph.graphId, urns);
    const current = `${consolePaths.graph}${search ? `?${search}` : ""}`;
    if (next !== current) {
      routed.current = next.split("?")[1] ?? "";
      navigate(next, { replace: true });
    }
  }, [graph.document, graph.graphId, search, navigate, view]);

  useEffect(
    () =>
      registerPlotTarget(async (urns) => {
        const count = await plotUrns(urns);
        if (count > 0) fit();
      }),
    [fit],
  );

  const exportImage = async (format: "png" | "svg") => {
    await guarded("Exporting the picture", () =>
      withWholeGraphDrawn(() => downloadGraphImage(format, flow.getNodes(), $graph.get().name)),
    );
  };
  useGraphCommands({ expandLimit, setExpandLimit, openDialog: setDialog, fit, exportImage });
  useGraphCanvasKeys();
  useGraphActionCommands();

  // A selected node comes into view.
  useEffect(() => {
    if (!selected) return;
    announce(`Selected ${selected.label}`);
    const { x, y, zoom } = flow.getViewport();
    const box = document.querySelector(".sleuth-graph-canvas")?.getBoundingClientRect();
    if (!box) return;
    const left = selected.x * zoom + x;
    const top = selected.y * zoom + y;
    if (left < 0 || top < 0 || left > box.width - 100 || top > box.height - 60)
      void flow.setCenter(selected.x + 110, selected.y + 40, { zoom, duration: 0 });
  }, [selected, flow]);

  const close = () => setDialog(null);
  const { document: graphDocument } = graph;
  const empty = graphDocument.nodes.length === 0;

  return (
    <div className="sleuth-page sleuth-graph-page">
      <header className="sleuth-graph-header">
        <Heading as="h1" ref={headingRef} tabIndex={-1} className="sleuth-page-title">
          {graph.name ?? "Graph visualizer"}
          {graph.dirty ? <span className="sleuth-graph-dirty"> (unsaved)</span> : null}
        </Heading>
        <Text as="p" className="sleuth-graph-summary" data-testid="graph-summary">
          {countedNoun(graphDocument.nodes.length, "node")} ·{" "}
          {countedNoun(graphDocument.edges.length, "edge")} · expand shows the top {expandLimit}
          {graph.graphId ? " · saved" : ""}
        </Text>
      </header>
      {canEdit ? null : (
        <Text as="p" className="sleuth-graph-readonly" role="note">
          {graphEditorRoleMessage}
        </Text>
      )}
      <div className="sleuth-graph-body">
        <div className="sleuth-graph-canvas" aria-busy={loading !== null}>
          {loading ? (
            <div className="sleuth-graph-overlay">
              <Spinner size="medium" srText={loading} />
            </div>
          ) : loadError ? (
            <div className="sleuth-graph-overlay" role="alert">
              <Text as="p">The graph could not be opened: {loadError}</Text>
            </div>
          ) : empty ? (
            <div className="sleuth-graph-overlay" data-testid="graph-empty">
              <Text as="p" className="sleuth-graph-empty-title">
                Nothing is plotted yet.
              </Text>
              <Text as="p">
                Press <HotkeyHint id="graph.plot" /> to plot an address, entity or transaction from search, or{" "}
                <HotkeyHint id="graph.open" /> to open a saved graph. <HotkeyHint id="help.shortcuts" /> lists
                every key.
              </Text>
            </div>
          ) : null}
          <GraphCanvas
            document={graphDocument}
            selectedId={graph.selectedId}
            fitRequest={fitRequest}
            onSelect={selectNode}
            onMove={(positions) => editGraph((current) => moveNodes(current, positions))}
          />
        </div>
        <aside className="sleuth-graph-side" aria-label="Selected node">
          <SelectedNodePanel />
          <Text as="p" className="sleuth-graph-side-keys">
            Arrows select · <HotkeyHint id="graph.expand" /> expand · <HotkeyHint id="graph.trace" /> trace ·{" "}
            <HotkeyHint id="graph.note" /> note · <HotkeyHint id="graph.remove" /> remove ·{" "}
            <HotkeyHint id="graph.undo" /> undo
          </Text>
        </aside>
      </div>
      {dialog?.kind === "note" && selected ? (
        <NoteDialog
          subject={nodeTitle(selected)}
          initial={selected.note}
          onClose={close}
          onSave={(note) => {
            editGraph((current) => updateNode(current, selected.id, { note }));
            close();
          }}
        />
      ) : null}
      {dialog?.kind === "offChain" ? (
        <OffChainNodeDialog
          initial={null}
          onClose={close}
          onSave={(form) => {
            const id = newId("offchain");
            editGraph(
              (current) =>
                addOffChainNode(current, { id, name: form.name, icon: form.icon, near: graph.selectedId }),
              id,
            );
            close();
          }}
        />
      ) : null}
      {dialog?.kind === "editOffChain" && selected?.type === "offChainNode" ? (
        <OffChainNodeDialog
          initial={{ name: selected.label, icon: selected.icon ?? "person" }}
          onClose={close}
          onSave={(form) => {
            editGraph((current) => updateNode(current, selected.id, { label: form.name, icon: form.icon }));
            close();
          }}
        />
      ) : null}
      {dialog?.kind === "editConnection"
        ? (() => {
            const edge = graphDocument.edges.find((entry) => entry.id === dialog.edgeId);
            const source = graphDocument.nodes.find((node) => node.id === edge?.source);
            if (!edge || !source) return null;
            return (
              <ConnectionDialog
                source={source}
                nodes={graphDocument.nodes}
                initial={{
                  target: edge.target,
                  information: edge.information ?? "",
                  timestamp: edge.timestamp,
                }}
                onClose={close}
                onSave={(form) => {
                  editGraph((current) => updateEdge(current, edge.id, form));
                  close();
                }}
              />
            );
          })()
        : null}
      {dialog?.kind === "addMultiple" ? (
        <AddMultipleDialog
          onGraph={new Set(graphDocument.nodes.map((node) => node.trmUrn))}
          onClose={close}
          onPlot={(urns) => {
            close();
            void guarded("Plotting", () => plotUrns(urns).then(fit));
          }}
        />
      ) : null}
      {dialog?.kind === "opReturn" && selected ? <OpReturnDialog node={selected} onClose={close} /> : null}
      {dialog?.kind === "kyc" ? <KycLevelsDialog onClose={close} /> : null}
      {dialog?.kind === "traceOptions" && selected ? (
        <TraceOptionsDialog
          subject={selected.label}
          onClose={close}
          onTrace={(direction, options) => {
            close();
            void guarded("Tracing", () => traceSelected(direction, options));
          }}
        />
      ) : null}
      {tracePathsOpen ? <TracePathsDialog onClose={() => $tracePathsOpen.set(false)} /> : null}
      {dialog?.kind === "connect" && selected ? (
        <ConnectionDialog
          source={selected}
          nodes={graphDocument.nodes}
          onClose={close}
          onSave={(form) => {
            editGraph((current) =>
              addConnection(current, { id: newId("connection"), source: selected.id, ...form }),
            );
            close();
          }}
        />
      ) : null}
      {dialog?.kind === "save" ? (
        <SaveGraphDialog
          title={dialog.rename ? "Rename graph" : "Save graph"}
          initial={graph.name}
          onClose={close}
          onSave={(name) => {
            close();
            void guarded("Saving the graph", () => saveGraph(name));
          }}
        />
      ) : null}
      {dialog?.kind === "exportCsv" ? (
        <ExportCsvDialog document={graphDocument} name={graph.name} onClose={close} />
      ) : null}
    </div>
  );
}

/**
 * The graph visualizer (000 §2, issue 30): a canvas laid out by elk in a worker, grown from search,
 * expand and trace, annotated, saved per organization and exported, all from the keyboard.
 */
export function GraphPage() {
  return (
    <ReactFlowProvider>
      <GraphWorkspace />
    </ReactFlowProvider>
  );
}
