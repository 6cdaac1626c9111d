import { type ReactNode, useEffect, useRef } from "react";
import { ActionDialogs } from "../actions/ActionDialogs.tsx";
import { useWorkspaceCommands } from "../actions/useWorkspaceCommands.ts";
import { CustomEntityDialogHost } from "../customEntities/CustomEntityDialogHost.tsx";
import { useCustomEntityCommands } from "../customEntities/useCustomEntityCommands.ts";
import { DownloadCsvDialog } from "../downloads/DownloadCsvDialog.tsx";
import { JobsPanel } from "../downloads/JobsPanel.tsx";
import { useJobsCommands } from "../downloads/useDownloadCommands.ts";
import { announce } from "../messages/messageStore.ts";
import { OrganizationDialogHost } from "../organization/OrganizationDialogHost.tsx";
import { PinnedNavigation } from "../organization/PinnedNavigation.tsx";
import { useOrganizationCommands } from "../organization/useOrganizationCommands.ts";
import { CommandPalette } from "../palette/CommandPalette.tsx";
import { MultiSearchDialog } from "../search/MultiSearchDialog.tsx";
import { useSearchCommands } from "../search/useSearchCommands.ts";
import type { SignedInView } from "../session/sessionView.ts";
import { ShortcutsDialog } from "../shortcuts/ShortcutsDialog.tsx";
import { TableColumnsHost } from "../tables/TableColumnsHost.tsx";
import { AppHeader } from "./AppHeader.tsx";
import { MessageRegion } from "./MessageRegion.tsx";
import { useShellCommands } from "./useShellCommands.ts";

/** The signed-in console: header, messages, the page, and the palette and shortcuts dialogs. */
export function SignedInLayout({ view, children }: { view: SignedInView; children: ReactNode }) {
  useShellCommands();
  useSearchCommands();
  useCustomEntityCommands();
  useOrganizationCommands();
  useWorkspaceCommands();
  useJobsCommands();
  const organizationName = view.organization.name;
  const previous = useRef(organizationName);
  useEffect(() => {
    document.title = `${organizationName} · Sleuth`;
    // 000 §4: the switch shows in the header; screen-reader users hear it too.
    if (previous.current !== organizationName) announce(`Switched to ${organizationName}`);
    previous.current = organizationName;
  }, [organizationName]);

  return (
    <div className="sleuth-app">
      <a href="#main" className="sleuth-skip-link">
        Skip to content
      </a>
      <AppHeader view={view} />
      <PinnedNavigation />
      <MessageRegion />
      <main id="main" tabIndex={-1} className="sleuth-main">
        {children}
      </main>
      <CommandPalette />
      <MultiSearchDialog />
      <ShortcutsDialog />
      <CustomEntityDialogHost />
      <OrganizationDialogHost />
      <ActionDialogs />
      <DownloadCsvDialog />
      <JobsPanel />
      <TableColumnsHost />
    </div>
  );
}
