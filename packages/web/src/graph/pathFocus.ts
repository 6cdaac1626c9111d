import { flowEdgeId, type TracePathRow } from "@sleuth/sdk";
import { atom } from "nanostores";

// Issue 39 "traces you can read": the paths of the last trace, listed by the trace paths dialog,
// and the path focused on the graph (the rest dimmed). A view of the graph, not an edit of it: it
// is not in the undo history, and any edit of the graph ends it.

/** The last trace's paths, largest amount first (the SDK's tracePathRows), or null before a trace. */
export const $tracePaths = atom<{ origin: string; rows: TracePathRow[] } | null>(null);

export interface PathFocus {
  /** The path's nodes and the flow edges between consecutive ones (either way round). */
  nodes: ReadonlySet<string>;
  edges: ReadonlySet<string>;
}

export const $pathFocus = atom<PathFocus | null>(null);

export function pathFocusOf(trmUrns: readonly string[]): PathFocus {
  const edges = new Set<string>();
  for (let index = 1; index < trmUrns.length; index++) {
    const [a, b] = [trmUrns[index - 1]!, trmUrns[index]!];
    edges.add(flowEdgeId(a, b));
    edges.add(flowEdgeId(b, a));
  }
  return { nodes: new Set(trmUrns), edges };
}

export function focusPath(row: TracePathRow): void {
  $pathFocus.set(pathFocusOf(row.trmUrns));
}

export function clearPathFocus(): boolean {
  if ($pathFocus.get() === null) return false;
  $pathFocus.set(null);
  return true;
}

/** Whether the trace paths dialog is open (after a trace, or by its command). */
export const $tracePathsOpen = atom(false);
