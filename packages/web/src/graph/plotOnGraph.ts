import { canEditGraphs, graphEditorRoleMessage } from "@sleuth/sdk";
import { useCallback } from "react";
import { useLocation } from "wouter";
import { showMessage } from "../messages/messageStore.ts";
import { plotPath } from "../navigation/routePaths.ts";
import { $signedIn } from "../session/sessionStore.ts";
import { $plotTarget } from "./plotTarget.ts";

// Plotting from outside the graph page (search results, transfer and counterparty rows, a subject
// page). 001 §6 / 002 §6: plotting needs the editor role; 000 §2: access is checked before the
// graph route is opened, so a viewer stays where they are and reads why. Kept small: the pages
// that plot import it without loading the graph itself.

/** The attribute a table row's focus target carries: the URNs its plot command puts on the graph. */
export const plotUrnsAttribute = "data-plot-urns";

/** The URNs of the focused row (or the last one focused before the palette opened), if any. */
export function focusedRowPlotUrns(from: Element | null): string[] {
  const row = from?.closest(`[${plotUrnsAttribute}]`);
  const value = row?.getAttribute(plotUrnsAttribute) ?? "";
  return value.split(" ").filter((urn) => urn !== "");
}

/**
 * Returns how to plot URNs on the graph: on the open graph page directly, else by opening the
 * graph route with them, which adds them to the graph being worked on. False when refused.
 */
export function usePlotOnGraph(): (urns: readonly string[]) => boolean {
  const [, navigate] = useLocation();
  return useCallback(
    (urns: readonly string[]) => {
      if (urns.length === 0) {
        showMessage({ variant: "info", title: "Nothing to plot here." });
        return false;
      }
      if (!canEditGraphs($signedIn.get()?.role)) {
        showMessage({ variant: "warning", title: graphEditorRoleMessage });
        return false;
      }
      const plotHere = $plotTarget.get();
      if (plotHere) void plotHere(urns);
      else navigate(plotPath(urns));
      return true;
    },
    [navigate],
  );
}
