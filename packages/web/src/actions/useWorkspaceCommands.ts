import { useStore } from "@nanostores/react";
import { consolePaths, roleAtLeast } from "@sleuth/sdk";
import { useQuery } from "@tanstack/react-query";
import { useLocation } from "wouter";
import type { Command, CommandPageItem } from "../commands/commandRegistry.ts";
import { useCommands } from "../commands/useCommands.ts";
import { $signedIn } from "../session/sessionStore.ts";
import { openActionDialog } from "./actionDialogs.ts";
import { actionQueries } from "./actionQueries.ts";
import { casePath } from "./workspacePaths.ts";

let navigateTo: (path: string) => void = () => {};

/** The cases of the palette's "Open case" page. */
function useCaseItems(): CommandPageItem[] {
  const cases = useQuery(actionQueries.cases());
  return (cases.data?.cases ?? []).map((item) => ({
    id: item.id,
    title: item.name,
    description: item.isSharedWithOrg ? "shared" : "private",
    keywords: [item.id],
    run: () => navigateTo(casePath(item.id)),
  }));
}

/** Console-wide commands of the workspace: cases, inbox, flags and (admins) reports. */
export function useWorkspaceCommands(): void {
  const [, navigate] = useLocation();
  navigateTo = navigate;
  const view = useStore($signedIn);
  const group = "Cases and escalations";
  const commands: Command[] = [
    {
      id: "cases.list",
      title: "Go to cases",
      group,
      keys: "g c",
      keywords: ["investigations"],
      run: () => navigate(consolePaths.workspaceCases),
    },
    {
      id: "cases.open",
      title: "Open case",
      group,
      keys: "g k",
      keywords: ["case", "investigation"],
      page: { placeholder: "Find a case…", useItems: useCaseItems },
    },
    {
      id: "escalations.inbox",
      title: "Go to inbox",
      group,
      keys: "g i",
      keywords: ["escalations", "assigned", "notifications"],
      run: () => navigate(consolePaths.workspaceInbox),
    },
    {
      id: "flags.list",
      title: "Go to my organization's flags",
      group,
      keys: "g l",
      keywords: ["flags", "user attributions"],
      run: () => navigate(consolePaths.workspaceFlags),
    },
  ];
  if (roleAtLeast(view?.role, "editor")) {
    commands.push(
      {
        id: "cases.new",
        title: "New case",
        group,
        keys: "n c",
        keywords: ["create", "case"],
        run: () => openActionDialog({ kind: "newCase" }),
      },
      {
        id: "report.chainabuse-pro-request",
        title: "Request Chainabuse Pro access",
        group: "Reports",
        keywords: ["chainabuse", "report"],
        run: () => openActionDialog({ kind: "report", reportKind: "chainabuse-pro-request", subject: null }),
      },
    );
  }
  if (roleAtLeast(view?.role, "admin")) {
    commands.push(
      {
        id: "reports.list",
        title: "Show the organization's reports",
        group: "Reports",
        keys: "g u",
        keywords: ["user reports", "admin"],
        run: () => navigate(consolePaths.workspaceReports),
      },
      {
        id: "escalations.notifyTargets",
        title: "Set who may be notified of escalations…",
        group,
        keywords: ["notify targets", "restricted", "admin", "escalate"],
        run: () => openActionDialog({ kind: "notifyTargets" }),
      },
    );
  }
  useCommands(commands);
}
