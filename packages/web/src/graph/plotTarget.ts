import { atom } from "nanostores";

// 002 §2: in a graph module a picked search suggestion plots the item. While the graph page is
// open it registers how to plot here, and the palette's search plots instead of navigating. This
// module stays tiny so the palette can read it without loading the graph.

export type PlotUrns = (urns: readonly string[]) => Promise<void>;

export const $plotTarget = atom<PlotUrns | null>(null);

/** Registers the graph page's plot function; returns the unregistration. */
export function registerPlotTarget(plot: PlotUrns): () => void {
  $plotTarget.set(plot);
  return () => {
    if ($plotTarget.get() === plot) $plotTarget.set(null);
  };
}
