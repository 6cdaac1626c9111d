import { UnderlinePanels } from "@primer/react/experimental";
import type { ReactNode } from "react";
import { useSearchParams } from "wouter";
import type { Command } from "../commands/commandRegistry.ts";
import { useCommands } from "../commands/useCommands.ts";
import { focusedRowPlotUrns, usePlotOnGraph } from "../graph/plotOnGraph.ts";
import { focusReturnTarget } from "../keyboard/focusReturn.ts";
import { showMessage } from "../messages/messageStore.ts";
import { HotkeyHint } from "../shortcuts/HotkeyHint.tsx";
import { paneHotkey } from "./paneHotkeys.ts";
import "./workspace.css";
import type { Subject, SubjectPane } from "./subjectPane.ts";

/** The pane every workspace opens on: the page's existing summary. */
export const summaryPaneId = "summary";

/** The palette and shortcuts dialog heading of the pane commands. */
export const workspaceCommandGroup = "This page";

/**
 * A subject page as a workspace: the summary and the page type's panes as tabs, one shown at a time,
 * so nothing is read by scrolling past the others. The shown pane is the `pane` search parameter
 * (reloads and links keep it); each pane is a palette command with a digit hotkey while the page is
 * open, and `[`/`]` step through them.
 */
export function SubjectWorkspace({
  subject,
  summary,
  panes,
}: {
  subject: Subject;
  summary: ReactNode;
  panes: readonly SubjectPane[];
}) {
  const [params, setParams] = useSearchParams();
  const all = [{ id: summaryPaneId, title: "Summary" }, ...panes];
  const requested = params.get("pane");
  const shown = all.find((pane) => pane.id === requested)?.id ?? summaryPaneId;
  const show = (id: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (id === summaryPaneId) next.delete("pane");
        else next.set("pane", id);
        return next;
      },
      { replace: true },
    );
  const step = (by: number) => {
    const index = all.findIndex((pane) => pane.id === shown);
    const target = all[(index + by + all.length) % all.length];
    if (target) show(target.id);
  };
  const commands: Command[] = all.map((pane, position) => ({
    id: `workspace.pane.${pane.id}`,
    title: `Show ${pane.title}`,
    group: workspaceCommandGroup,
    keywords: ["pane", "tab", pane.title],
    keys: paneHotkey(position),
    run: () => show(pane.id),
  }));
  commands.push(
    {
      id: "workspace.pane.next",
      title: "Next pane",
      group: workspaceCommandGroup,
      keys: "]",
      run: () => step(1),
    },
    {
      id: "workspace.pane.previous",
      title: "Previous pane",
      group: workspaceCommandGroup,
      keys: "[",
      run: () => step(-1),
    },
  );
  // 000 §6 Plot Entity and 001 §6 plotting from a row (editor role; the plot checks it).
  const plot = usePlotOnGraph();
  commands.push(
    {
      id: "workspace.plotSubject",
      title: "Plot this page on the graph",
      group: workspaceCommandGroup,
      keys: "G",
      keywords: ["graph", "plot entity", "add"],
      run: () => void plot([subject.urn]),
    },
    {
      id: "workspace.plotRow",
      title: "Plot the focused row on the graph",
      group: workspaceCommandGroup,
      keys: "P",
      keywords: ["graph", "counterparty", "transaction", "transfer"],
      run: () => {
        const urns = focusedRowPlotUrns(focusReturnTarget());
        if (urns.length === 0)
          showMessage({ variant: "info", title: "Focus a transfer or counterparty row first (j and k)." });
        else plot(urns);
      },
    },
  );
  useCommands(commands);
  return (
    <UnderlinePanels
      aria-label="Panes"
      className="sleuth-workspace"
      value={shown}
      onChange={({ value }) => show(value)}
      activationMode="manual"
    >
      {all.map((pane) => (
        <UnderlinePanels.Tab key={pane.id} value={pane.id}>
          {pane.title} <HotkeyHint id={`workspace.pane.${pane.id}`} size="small" />
        </UnderlinePanels.Tab>
      ))}
      <UnderlinePanels.Panel value={summaryPaneId} data-testid="pane-summary">
        {shown === summaryPaneId ? summary : null}
      </UnderlinePanels.Panel>
      {panes.map(({ id, Component }) => (
        <UnderlinePanels.Panel key={id} value={id} data-testid={`pane-${id}`}>
          {shown === id ? <Component subject={subject} /> : null}
        </UnderlinePanels.Panel>
      ))}
    </UnderlinePanels>
  );
}
