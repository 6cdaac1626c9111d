import {
  balanceNoticeDelayMs,
  canEditGraphs,
  countedNoun,
  describeEmptyTrace,
  describeTraceCut,
  describeUnpricedFlows,
  type ExpandDirection,
  type GraphNodeInfo,
  graphEditorRoleMessage,
  graphMessages,
  graphNodesLookupMax,
  parseTrmFile,
  parseUrn,
  platformMessages,
  portfolioLoadFailedMessage,
  searchMessages,
  type TraceRequest,
  traceLimits,
  tracePathRows,
  trmFileExtension,
  trmMediaType,
} from "@sleuth/sdk";
import { announce, showError, showPageMessage } from "../messages/messageStore.ts";
import { $signedIn } from "../session/sessionStore.ts";
import { sleuthClient } from "../session/sleuthClient.ts";
import { addExpansion, addTrace, moveNodes, plotNodes, removeNodes } from "./graphEditing.ts";
import { downloadFile } from "./graphFiles.ts";
import { $graph, amendGraph, editGraph, loadGraph, markSaved, requestFit } from "./graphSession.ts";
import { layoutInWorker } from "./layout/layoutClient.ts";
import type { LayoutAnswer } from "./layout/layoutRequest.ts";
import { nodeSize } from "./nodeSize.ts";
import { $tracePaths, $tracePathsOpen } from "./pathFocus.ts";

// The graph's actions, shared by its commands, hotkeys and buttons. Each says what it did (or why
// not) through the message region; the server enforces the editor role on writes as well.

/** 001 §6 / 002 §6: false (with the reason shown) when the user may not change graphs here. */
export function requireEditor(): boolean {
  if (canEditGraphs($signedIn.get()?.role)) return true;
  showPageMessage({ variant: "warning", title: graphEditorRoleMessage });
  return false;
}

function selectedOrWarn(): string | null {
  const { selectedId } = $graph.get();
  if (selectedId === null)
    showPageMessage({ variant: "info", title: "Select a node first (arrow keys move between nodes)." });
  return selectedId;
}

/**
 * Lays the whole graph out in the worker and applies the positions as one undoable step, or (with
 * `amend`, after a trace) as part of the step that changed the graph.
 */
export async function relayout({ amend = false }: { amend?: boolean } = {}): Promise<LayoutAnswer | null> {
  const { document } = $graph.get();
  if (document.nodes.length === 0) return null;
  const answer = await layoutInWorker({
    nodes: document.nodes.map((node) => ({ id: node.id, ...nodeSize(node) })),
    edges: document.edges.map((edge) => ({ id: edge.id, source: edge.source, target: edge.target })),
  });
  // Only the graph the layout was made for: another edit meanwhile keeps its own positions.
  if ($graph.get().document !== document) return answer;
  (amend ? amendGraph : editGraph)((current) =>
    moveNodes(current, new Map(Object.entries(answer.positions))),
  );
  requestFit();
  return answer;
}

let balanceFailureShown = false;

/** Plots URNs (palette, search results, the route's trmUrn): what the store knows is added. */
export async function plotUrns(urns: readonly string[]): Promise<number> {
  if (urns.length === 0 || !requireEditor()) return 0;
  if (urns.some((urn) => parseUrn(urn)?.kind === "inet")) {
    showPageMessage({
      variant: "warning",
      title: searchMessages.ipsNotOnGraphs,
      description: searchMessages.tryIpsOnBlockExplorer,
    });
    return 0;
  }
  // The lookup takes a bounded batch (graphNodesRequestSchema); many elements go batch by batch.
  // 000 §8: a slow lookup says the balances may not be right yet; a failed one asks for a reload,
  // once per load of the page.
  const infos: GraphNodeInfo[] = [];
  const slow = setTimeout(
    () => showPageMessage({ variant: "info", title: platformMessages.balancesStillLoading }),
    balanceNoticeDelayMs,
  );
  try {
    for (let at = 0; at < urns.length; at += graphNodesLookupMax)
      infos.push(...(await sleuthClient.graphs.nodes(urns.slice(at, at + graphNodesLookupMax))));
  } catch (error) {
    if (!balanceFailureShown) {
      balanceFailureShown = true;
      showPageMessage({ variant: "critical", title: portfolioLoadFailedMessage("nodes") });
    }
    throw error;
  } finally {
    clearTimeout(slow);
  }
  if (infos.length === 0) {
    showPageMessage({ variant: "warning", title: graphMessages.noValidElements });
    return 0;
  }
  const last = infos.at(-1)!;
  editGraph((document) => plotNodes(document, infos), last.trmUrn);
  announce(infos.length === 1 ? `Plotted ${last.label}` : `Plotted ${infos.length} elements`);
  return infos.length;
}

export async function expandSelected(
  direction: ExpandDirection,
  limit: number,
  mode: "counterparties" | "addresses" = "counterparties",
): Promise<void> {
  const selectedId = selectedOrWarn();
  if (selectedId === null || !requireEditor()) return;
  const node = $graph.get().document.nodes.find((entry) => entry.id === selectedId);
  if (!node || node.type === "offChainNode") {
    showPageMessage({ variant: "info", title: "Off-chain nodes have no counterparties to expand." });
    return;
  }
  const result = await sleuthClient.graphs.expand({ trmUrn: node.trmUrn, direction, limit, mode });
  editGraph((document) => addExpansion(document, result));
  requestFit();
  const more =
    result.hasMore.incoming || result.hasMore.outgoing ? " More exist: raise the limit with +." : "";
  announce(
    `Expanded ${node.label}: ${result.neighbours.length} ${mode === "addresses" ? "addresses" : "counterparties"}.${more}`,
  );
  if (result.neighbours.length === 0)
    showPageMessage({
      variant: "info",
      title: `Nothing to expand: ${node.label} has no ${mode === "addresses" ? "addresses" : "counterparties"} here.`,
    });
}

export async function traceSelected(
  direction: "outgoing" | "incoming",
  traceOptions: Pick<TraceRequest, "minUsd" | "minAmount"> = {},
): Promise<void> {
  const selectedId = selectedOrWarn();
  if (selectedId === null || !requireEditor()) return;
  const node = $graph.get().document.nodes.find((entry) => entry.id === selectedId);
  if (node?.type !== "address" && node?.type !== "entity" && node?.type !== "customEntity") {
    showPageMessage({
      variant: "info",
      title: "A trace starts at an address, an entity or a custom entity.",
    });
    return;
  }
  const result = await sleuthClient.graphs.trace({ trmUrn: node.trmUrn, direction, ...traceOptions });
  editGraph((document) => addTrace(document, result));
  // One step: an undo takes the traced nodes away with their layout.
  await relayout({ amend: true });
  // Issue 39: the trace opens as its list of paths, the largest amounts first.
  $tracePaths.set({ origin: node.label, rows: tracePathRows(result) });
  $tracePathsOpen.set(result.paths.length > 0);
  if (result.nodes.length === 0) {
    const request = { ...traceOptions, direction, minUsd: traceOptions.minUsd ?? traceLimits.minUsd.default };
    showPageMessage({
      variant: "info",
      title: `Nothing traced from ${node.label}. ${describeEmptyTrace(request)}`,
      description: 'Lower it with "Trace funds with a minimum amount…", for example 10 USD.',
    });
    return;
  }
  const ends = result.paths.filter((path) => path.stop && path.stop !== "end" && path.stop !== "hops");
  const notes = [describeUnpricedFlows(result), describeTraceCut(result.cut)].filter((note) => note !== null);
  showPageMessage({
    variant: "success",
    title: `Traced ${countedNoun(result.nodes.length, "address", "addresses")} from ${node.label}; ${countedNoun(ends.length, "path")} reached an exchange, mixer, bridge or sanctioned party.`,
    ...(notes.length > 0 ? { description: notes.join(" ") } : {}),
  });
}

export function removeSelected(): void {
  const selectedId = selectedOrWarn();
  if (selectedId === null) return;
  editGraph((document) => removeNodes(document, new Set([selectedId])), null);
  announce("Node removed");
}

/** Saves: PATCH when the graph was saved before, else POST under `name`. */
export async function saveGraph(name: string | null): Promise<string | null> {
  if (!requireEditor()) return null;
  const { document, graphId } = $graph.get();
  const saved = graphId
    ? await sleuthClient.graphs.update(graphId, { name, document })
    : await sleuthClient.graphs.create({ name, document });
  markSaved(saved.graphId, saved.name);
  showPageMessage({ variant: "success", title: `Saved ${saved.name ?? "the unnamed graph"}` });
  return saved.graphId;
}

export async function openSavedGraph(graphId: string): Promise<void> {
  const saved = await sleuthClient.graphs.get(graphId);
  loadGraph({ document: saved.document, graphId: saved.graphId, name: saved.name });
  announce(`Opened ${saved.name ?? "the unnamed graph"}`);
}

/** 002 §7 export of the saved graph as a .trm file; 002 §8 message on failure. */
export async function exportTrm(includeOrgNames = false): Promise<void> {
  const { graphId, dirty } = $graph.get();
  if (!graphId || dirty) {
    showPageMessage({
      variant: "info",
      title: "Save the graph first: the .trm file is made from the saved graph.",
    });
    return;
  }
  try {
    const { fileName, file } = await sleuthClient.graphs.export(graphId, { includeOrgNames });
    downloadFile(fileName, JSON.stringify(file, null, 2), "application/vnd.sleuth.graph+json");
  } catch {
    showPageMessage({ variant: "critical", title: graphMessages.exportFailed });
  }
}

/**
 * Opens a .trm file from disk as the graph being worked on (issue 30: the .trm opens again as the
 * same graph). It is not saved yet: Save keeps it in this organization under its name.
 */
export function importTrmFile(): void {
  const input = document.createElement("input");
  input.type = "file";
  input.accept = `${trmFileExtension},${trmMediaType},application/json`;
  input.hidden = true;
  // In the page while the chooser is open (a detached input is not offered a file everywhere).
  document.body.append(input);
  input.addEventListener("cancel", () => input.remove());
  input.addEventListener("change", () => {
    input.remove();
    const file = input.files?.[0];
    if (!file) return;
    void file.text().then((text) => {
      try {
        const trm = parseTrmFile(text);
        loadGraph({ document: trm.graph, graphId: null, name: trm.name });
        $graph.set({ ...$graph.get(), dirty: true });
        requestFit();
        showPageMessage({
          variant: "success",
          title: `Opened ${trm.name ?? "the unnamed graph"} from ${file.name}`,
          description: "Save it to keep it in this organization.",
        });
      } catch (error) {
        showError(`${file.name} could not be opened`, error);
      }
    });
  });
  input.click();
}

/** Runs an action, turning a failure into a message. */
export async function guarded(title: string, action: () => Promise<unknown> | unknown): Promise<void> {
  try {
    await action();
  } catch (error) {
    showError(`${title} failed`, error);
  }
}
