import { emptyGraphDocument, type GraphDocument } from "@sleuth/sdk";
import { atom, computed } from "nanostores";
import { clearPathFocus } from "./pathFocus.ts";

// The graph being worked on: its document, the saved record it came from, the selected node and
// the undo and redo history. One graph at a time, kept while the console is open.

export interface GraphSession {
  document: GraphDocument;
  /** The saved graph this is, or null before the first save. */
  graphId: string | null;
  name: string | null;
  selectedId: string | null;
  /** Changed since it was saved or opened. */
  dirty: boolean;
  past: readonly GraphDocument[];
  future: readonly GraphDocument[];
}

// Choice: how many steps undo goes back.
export const undoDepth = 100;

const initial: GraphSession = {
  document: emptyGraphDocument,
  graphId: null,
  name: null,
  selectedId: null,
  dirty: false,
  past: [],
  future: [],
};

export const $graph = atom<GraphSession>(initial);
export const $selectedNode = computed($graph, (graph) =>
  graph.selectedId === null
    ? null
    : (graph.document.nodes.find((node) => node.id === graph.selectedId) ?? null),
);

/** Applies an edit as one undoable step; a step that changes nothing is not recorded. */
export function editGraph(edit: (document: GraphDocument) => GraphDocument, select?: string | null): void {
  const graph = $graph.get();
  const next = edit(graph.document);
  if (next === graph.document) return;
  clearPathFocus();
  const selectedId = select === undefined ? graph.selectedId : select;
  $graph.set({
    ...graph,
    document: next,
    dirty: true,
    past: [...graph.past, graph.document].slice(-undoDepth),
    future: [],
    selectedId: next.nodes.some((node) => node.id === selectedId) ? selectedId : null,
  });
}

/**
 * Folds an edit into the last step instead of making one: a trace's layout belongs to the trace, so
 * one undo takes the traced nodes and their places back together (issue 39).
 */
export function amendGraph(edit: (document: GraphDocument) => GraphDocument): void {
  const graph = $graph.get();
  const next = edit(graph.document);
  if (next === graph.document) return;
  if (graph.past.length === 0) {
    editGraph(() => next);
    return;
  }
  $graph.set({ ...graph, document: next, dirty: true });
}

export function undoGraph(): boolean {
  const graph = $graph.get();
  const previous = graph.past.at(-1);
  if (!previous) return false;
  clearPathFocus();
  $graph.set({
    ...graph,
    document: previous,
    dirty: true,
    past: graph.past.slice(0, -1),
    future: [graph.document, ...graph.future],
  });
  return true;
}

export function redoGraph(): boolean {
  const graph = $graph.get();
  const [next, ...rest] = graph.future;
  if (!next) return false;
  clearPathFocus();
  $graph.set({ ...graph, document: next, dirty: true, past: [...graph.past, graph.document], future: rest });
  return true;
}

export function selectNode(id: string | null): void {
  $graph.set({ ...$graph.get(), selectedId: id });
}

/** Starts over with a saved graph (or an empty one), without history. */
export function loadGraph(input: {
  document: GraphDocument;
  graphId: string | null;
  name: string | null;
}): void {
  $graph.set({ ...initial, ...input, selectedId: input.document.nodes[0]?.id ?? null });
}

export function markSaved(graphId: string, name: string | null): void {
  $graph.set({ ...$graph.get(), graphId, name, dirty: false });
}

/** Asks the canvas to fit the whole graph in view (after a layout, an expand, a trace, an open). */
export const $fitRequests = atom(0);
export function requestFit(): void {
  $fitRequests.set($fitRequests.get() + 1);
}
