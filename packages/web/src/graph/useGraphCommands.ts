import { useStore } from "@nanostores/react";
import { consolePaths, emptyGraphDocument, expandDefaultLimit, expandMaxLimit } from "@sleuth/sdk";
import { useQuery } from "@tanstack/react-query";
import { useLocation } from "wouter";
import { type Command, type CommandPageItem, openPalette } from "../commands/commandRegistry.ts";
import { useCommands } from "../commands/useCommands.ts";
import { showMessage } from "../messages/messageStore.ts";
import { savedGraphPath } from "../navigation/routePaths.ts";
import { sleuthClient } from "../session/sleuthClient.ts";
import {
  expandSelected,
  exportTrm,
  guarded,
  importTrmFile,
  relayout,
  removeSelected,
  requireEditor,
  saveGraph,
  traceSelected,
} from "./graphActions.ts";
import { downloadGexf, downloadGraphml } from "./graphFiles.ts";
import { $graph, loadGraph, redoGraph, undoGraph } from "./graphSession.ts";
import { $tracePathsOpen, clearPathFocus } from "./pathFocus.ts";

export type GraphDialog =
  | { kind: "note" }
  | { kind: "offChain" }
  | { kind: "editOffChain" }
  | { kind: "connect" }
  | { kind: "editConnection"; edgeId: string }
  | { kind: "addMultiple" }
  | { kind: "opReturn" }
  | { kind: "kyc" }
  | { kind: "save"; rename: boolean }
  | { kind: "exportCsv" }
  | { kind: "traceOptions" };

/** The saved graphs of the organization, for the palette's "Open graph…" page. */
function useSavedGraphItems(): CommandPageItem[] {
  const [, navigate] = useLocation();
  const graphs = useQuery({
    queryKey: ["graphs"],
    queryFn: ({ signal }) => sleuthClient.graphs.list(signal),
    staleTime: 0,
  });
  if (graphs.isPending) return [{ id: "loading", title: "Loading graphs…", run: () => {} }];
  if (graphs.isError)
    return [{ id: "error", title: "The graphs could not be loaded.", run: () => void graphs.refetch() }];
  if (graphs.data.length === 0) return [{ id: "none", title: "No saved graphs yet.", run: () => {} }];
  return graphs.data.map((graph) => ({
    id: graph.graphId,
    title: graph.name ?? "Unnamed graph",
    description: `${graph.nodeCount} nodes · ${graph.updatedAt.slice(0, 10)}`,
    keywords: [graph.graphId],
    run: () => navigate(savedGraphPath(graph.graphId)),
  }));
}

const group = "Graph";

// The page's dialog opener, for palette pages (their items hook is called by the palette).
const dialogOpener: { current: (dialog: GraphDialog) => void } = { current: () => {} };

/** The custom connections of the selected node (or of the whole graph), for "Edit custom connection…". */
function useConnectionItems(): CommandPageItem[] {
  const { document, selectedId } = useStore($graph);
  const labels = new Map(document.nodes.map((node) => [node.id, node.label]));
  const connections = document.edges.filter(
    (edge) =>
      edge.type === "offChainEdge" &&
      (selectedId === null || edge.source === selectedId || edge.target === selectedId),
  );
  if (connections.length === 0)
    return [{ id: "none", title: "No custom connections here yet (c adds one).", run: () => {} }];
  return connections.map((edge) => ({
    id: edge.id,
    title: `${labels.get(edge.source) ?? edge.source} → ${labels.get(edge.target) ?? edge.target}`,
    ...(edge.information ? { description: edge.information } : {}),
    run: () => {
      if (requireEditor()) dialogOpener.current({ kind: "editConnection", edgeId: edge.id });
    },
  }));
}

function selectedNodeOrWarn() {
  const { document, selectedId } = $graph.get();
  const node = document.nodes.find((entry) => entry.id === selectedId) ?? null;
  if (!node) showMessage({ variant: "info", title: "Select a node first (arrow keys move between nodes)." });
  return node;
}

/**
 * Every graph action as a palette command with its hotkey (issue 30), registered while the graph
 * page is open. The arrow keys and Enter live in useGraphCanvasKeys (they must not fire on buttons).
 */
export function useGraphCommands(options: {
  expandLimit: number;
  setExpandLimit: (limit: number) => void;
  openDialog: (dialog: GraphDialog) => void;
  fit: () => void;
  exportImage: (format: "png" | "svg") => Promise<void>;
}): void {
  const { expandLimit, setExpandLimit, openDialog, fit, exportImage } = options;
  dialogOpener.current = openDialog;
  const [, navigate] = useLocation();
  const commands: Command[] = [
    {
      id: "graph.plot",
      title: "Plot address, entity or transaction…",
      group,
      keys: "p",
      keywords: ["add", "search"],
      run: () => {
        if (requireEditor()) openPalette();
      },
    },
    {
      id: "graph.addMultiple",
      title: "Add multiple elements…",
      group,
      keys: "m",
      keywords: ["paste", "bulk", "many", "addresses", "transactions"],
      run: () => {
        if (requireEditor()) openDialog({ kind: "addMultiple" });
      },
    },
    {
      id: "graph.open",
      title: "Open graph…",
      group,
      keys: "Mod+o",
      keywords: ["saved", "load"],
      page: { placeholder: "Find a saved graph…", useItems: useSavedGraphItems },
    },
    {
      id: "graph.importTrm",
      title: "Open graph from a .trm file…",
      group,
      keys: "I",
      keywords: ["import", "upload", "file"],
      run: importTrmFile,
    },
    {
      id: "graph.save",
      title: "Save graph",
      group,
      keys: "Mod+s",
      run: () => {
        const { graphId, name } = $graph.get();
        if (graphId) return guarded("Saving the graph", () => saveGraph(name));
        if (requireEditor()) openDialog({ kind: "save", rename: false });
      },
    },
    {
      id: "graph.rename",
      title: "Rename graph…",
      group,
      run: () => openDialog({ kind: "save", rename: true }),
    },
    {
      id: "graph.new",
      title: "New graph",
      group,
      run: () => {
        loadGraph({ document: emptyGraphDocument, graphId: null, name: null });
        navigate(consolePaths.graph);
      },
    },
    {
      id: "graph.expand",
      title: "Expand selected node",
      group,
      keys: "e",
      keywords: ["counterparties", "neighbours"],
      run: () => guarded("Expanding", () => expandSelected("both", expandLimit)),
    },
    {
      id: "graph.expandIncoming",
      title: "Expand incoming (to the left)",
      group,
      keys: "[",
      run: () => guarded("Expanding", () => expandSelected("incoming", expandLimit)),
    },
    {
      id: "graph.expandOutgoing",
      title: "Expand outgoing (to the right)",
      group,
      keys: "]",
      run: () => guarded("Expanding", () => expandSelected("outgoing", expandLimit)),
    },
    {
      id: "graph.expandAddresses",
      title: "Expand entity into its addresses",
      group,
      keys: "A",
      run: () => guarded("Expanding", () => expandSelected("both", expandLimit, "addresses")),
    },
    {
      id: "graph.expandMore",
      title: "Expand more counterparties",
      group,
      keys: "+",
      run: () => {
        const next = Math.min(expandMaxLimit, expandLimit + expandDefaultLimit);
        setExpandLimit(next);
        showMessage({ variant: "info", title: `Expand shows the top ${next}` });
      },
    },
    {
      id: "graph.expandFewer",
      title: "Expand fewer counterparties",
      group,
      keys: "-",
      run: () => {
        const next = Math.max(1, expandLimit - expandDefaultLimit);
        setExpandLimit(next);
        showMessage({ variant: "info", title: `Expand shows the top ${next}` });
      },
    },
    {
      id: "graph.trace",
      title: "Trace funds from selected node",
      group,
      keys: "t",
      keywords: ["follow", "flow", "outgoing"],
      run: () => guarded("Tracing", () => traceSelected("outgoing")),
    },
    {
      id: "graph.traceIncoming",
      title: "Trace funds into selected node",
      group,
      keys: "T",
      keywords: ["source", "incoming"],
      run: () => guarded("Tracing", () => traceSelected("incoming")),
    },
    {
      id: "graph.traceWith",
      title: "Trace funds with a minimum amount…",
      group,
      keys: "Alt+t",
      keywords: ["follow", "min amount", "units", "ETH"],
      run: () => {
        if (selectedNodeOrWarn() && requireEditor()) openDialog({ kind: "traceOptions" });
      },
    },
    {
      id: "graph.tracePaths",
      title: "Show trace paths",
      group,
      keys: "P",
      keywords: ["trace", "paths", "list", "ends"],
      run: () => $tracePathsOpen.set(true),
    },
    {
      id: "graph.clearPathFocus",
      title: "Clear path focus",
      group,
      keys: "x",
      keywords: ["trace", "path", "dim", "highlight"],
      run: () => {
        if (!clearPathFocus()) showMessage({ variant: "info", title: "No path is focused." });
      },
    },
    {
      id: "graph.remove",
      title: "Remove selected node",
      group,
      keys: "Delete",
      keywords: ["delete"],
      run: removeSelected,
    },
    {
      id: "graph.note",
      title: "Annotate selected node…",
      group,
      keys: "n",
      keywords: ["note", "comment"],
      run: () => {
        if ($graph.get().selectedId === null)
          showMessage({ variant: "info", title: "Select a node first (arrow keys move between nodes)." });
        else if (requireEditor()) openDialog({ kind: "note" });
      },
    },
    {
      id: "graph.offChain",
      title: "Add off-chain node…",
      group,
      keys: "o",
      keywords: ["person", "note", "custom"],
      run: () => {
        if (requireEditor()) openDialog({ kind: "offChain" });
      },
    },
    {
      id: "graph.editOffChain",
      title: "Edit selected off-chain node…",
      group,
      keys: "i",
      keywords: ["rename", "icon", "off-chain"],
      run: () => {
        const node = selectedNodeOrWarn();
        if (!node) return;
        if (node.type !== "offChainNode")
          showMessage({
            variant: "info",
            title: "Only off-chain nodes are edited here; n adds a note to any node.",
          });
        else if (requireEditor()) openDialog({ kind: "editOffChain" });
      },
    },
    {
      id: "graph.editConnection",
      title: "Edit custom connection…",
      group,
      keys: "C",
      keywords: ["off-chain edge", "link", "timestamp", "information"],
      page: { placeholder: "Find a custom connection…", useItems: useConnectionItems },
    },
    {
      id: "graph.opReturn",
      title: "View OP_RETURN data of selected transaction",
      group,
      keys: "R",
      keywords: ["memo", "op_return", "data"],
      run: () => {
        const node = selectedNodeOrWarn();
        if (!node) return;
        if (node.type !== "transaction")
          showMessage({ variant: "info", title: "OP_RETURN data belongs to a transaction: select one." });
        else openDialog({ kind: "opReturn" });
      },
    },
    {
      id: "graph.kycLevels",
      title: "KYC levels…",
      group,
      keys: "K",
      keywords: ["know your customer", "kyc", "levels"],
      run: () => openDialog({ kind: "kyc" }),
    },
    {
      id: "graph.connect",
      title: "Add custom connection…",
      group,
      keys: "c",
      keywords: ["off-chain edge", "link"],
      run: () => {
        if ($graph.get().selectedId === null)
          showMessage({ variant: "info", title: "Select a node first (arrow keys move between nodes)." });
        else if (requireEditor()) openDialog({ kind: "connect" });
      },
    },
    {
      id: "graph.layout",
      title: "Re-layout graph",
      group,
      keys: "l",
      keywords: ["arrange", "tidy"],
      run: () => guarded("Laying out", relayout),
    },
    { id: "graph.fit", title: "Fit graph to screen", group, keys: "f", keywords: ["zoom"], run: fit },
    { id: "graph.undo", title: "Undo", group, keys: "Mod+z", run: () => void undoGraph() },
    { id: "graph.redo", title: "Redo", group, keys: "Mod+Shift+z", run: () => void redoGraph() },
    {
      id: "graph.exportTrm",
      title: "Export graph as .trm",
      group,
      keywords: ["download", "file"],
      run: () => exportTrm(),
    },
    {
      id: "graph.exportTrmWithOrganization",
      title: "Export graph as .trm with organization names",
      group,
      keywords: ["download", "file", "includeOrgNames"],
      run: () => exportTrm(true),
    },
    {
      id: "graph.exportCsv",
      title: "Export graph as CSV…",
      group,
      keywords: ["download"],
      run: () => {
        if ($graph.get().document.nodes.length === 0)
          showMessage({ variant: "info", title: "Nothing to export: the graph is empty." });
        else openDialog({ kind: "exportCsv" });
      },
    },
    {
      id: "graph.exportPng",
      title: "Export graph as PNG",
      group,
      keywords: ["image", "picture", "download"],
      run: () => exportImage("png"),
    },
    {
      id: "graph.exportSvg",
      title: "Export graph as SVG",
      group,
      keywords: ["image", "vector", "download"],
      run: () => exportImage("svg"),
    },
    {
      id: "graph.exportGraphml",
      title: "Export graph as GraphML",
      group,
      keywords: ["gephi", "yed", "maltego", "download"],
      run: () => downloadGraphml($graph.get().document, $graph.get().name),
    },
    {
      id: "graph.exportGexf",
      title: "Export graph as GEXF",
      group,
      keywords: ["gephi", "download"],
      run: () => downloadGexf($graph.get().document, $graph.get().name),
    },
  ];
  useCommands(commands);
}
