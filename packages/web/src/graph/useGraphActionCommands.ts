import { useStore } from "@nanostores/react";
import { graphRelatableUrn } from "@sleuth/sdk";
import { type ActionSubject, openActionDialog } from "../actions/actionDialogs.ts";
import type { Command } from "../commands/commandRegistry.ts";
import { useCommands } from "../commands/useCommands.ts";
import { showMessage } from "../messages/messageStore.ts";
import { nodeTitle } from "./GraphNodeView.tsx";
import { requireEditor } from "./graphActions.ts";
import { $graph, $selectedNode, selectNode } from "./graphSession.ts";

const group = "Graph";

const subjectKinds: Record<string, ActionSubject["kind"] | undefined> = {
  address: "address",
  entity: "entity",
  customEntity: "customEntity",
  transaction: "transaction",
};

/**
 * Acting on findings from the graph (issue "Act on findings"): add the saved graph to a case, and
 * flag the selected node. The keys mean what they mean on an address page ("a c", "a f").
 */
export function useGraphActionCommands(): void {
  const graph = useStore($graph);
  const selected = useStore($selectedNode);
  const commands: Command[] = [
    {
      id: "graph.addToCase",
      title: "Add this graph to a case…",
      group,
      keys: "a c",
      keywords: ["case", "attach"],
      run: () => {
        if (!graph.graphId) {
          showMessage({ variant: "info", title: "Save the graph first, then add it to a case." });
          return;
        }
        if (!requireEditor()) return;
        openActionDialog({
          kind: "attach",
          subject: { urn: graphRelatableUrn(graph.graphId), label: graph.name ?? "this graph" },
        });
      },
    },
    {
      id: "graph.flagSelected",
      title: "Flag selected node…",
      group,
      keys: "a f",
      keywords: ["report", "attribution"],
      run: () => {
        const kind = selected ? subjectKinds[selected.type] : undefined;
        if (!selected || !kind) {
          showMessage({ variant: "info", title: "Select an address, entity or transaction to flag." });
          return;
        }
        if (!requireEditor()) return;
        openActionDialog({
          kind: "flag",
          subject: { urn: selected.id, label: nodeTitle(selected), kind },
          // 001 §4 "plots cleared": the plot the flag came from is the graph's selection; it is
          // cleared once the success delay has passed and the form closes.
          onFlagged: () => {
            if ($graph.get().selectedId === selected.id) selectNode(null);
          },
        });
      },
    },
  ];
  useCommands(commands);
}
