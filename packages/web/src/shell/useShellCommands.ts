import { useStore } from "@nanostores/react";
import { consolePaths } from "@sleuth/sdk";
import { useLocation } from "wouter";
import type { CommandPageItem } from "../commands/commandRegistry.ts";
import { useCommands } from "../commands/useCommands.ts";
import { $signedIn, signOut, switchOrganization } from "../session/sessionStore.ts";
import { openShortcutsDialog } from "../shortcuts/shortcutsDialogStore.ts";

/** The organizations of the signed-in user, for the palette's "Switch organization" page. */
function useOrganizationItems(): CommandPageItem[] {
  const view = useStore($signedIn);
  if (!view) return [];
  return view.organizations.map((organization) => ({
    id: organization.uuid,
    title: organization.name,
    description: organization.role,
    keywords: [organization.role],
    current: organization.uuid === view.organization.uuid,
    run: () => switchOrganization(organization.uuid),
  }));
}

/** The console-wide commands every later screen builds on (000 §4 session, STYLE Keyboard). */
export function useShellCommands(): void {
  const [, navigate] = useLocation();
  useCommands([
    {
      id: "navigation.home",
      title: "Go home",
      group: "Navigation",
      keys: "g h",
      keywords: ["start"],
      run: () => navigate(consolePaths.home),
    },
    {
      id: "navigation.triage",
      title: "Go to triage",
      group: "Navigation",
      keys: "g t",
      keywords: ["compliance", "screen", "image"],
      run: () => navigate(consolePaths.triageHome),
    },
    {
      id: "navigation.graph",
      title: "Go to the graph visualizer",
      group: "Navigation",
      keys: "g v",
      keywords: ["graph", "plot", "investigation"],
      run: () => navigate(consolePaths.graph),
    },
    {
      id: "organization.switch",
      title: "Switch organization",
      group: "Organization",
      keys: "g o",
      keywords: ["organisation", "team", "tenant"],
      page: { placeholder: "Find an organization…", useItems: useOrganizationItems },
    },
    {
      id: "help.shortcuts",
      title: "Keyboard shortcuts",
      group: "Help",
      keys: "?",
      keywords: ["hotkeys", "keys", "help"],
      run: openShortcutsDialog,
    },
    {
      id: "account.signOut",
      title: "Sign out",
      group: "Account",
      keywords: ["log out", "logout"],
      run: signOut,
    },
  ]);
}
