import { SearchIcon } from "@primer/octicons-react";
import { Button, Header } from "@primer/react";
import { consolePaths } from "@sleuth/sdk";
import { Link } from "wouter";
import { InboxButton } from "../cases/InboxButton.tsx";
import { openPalette } from "../commands/commandRegistry.ts";
import { JobsBadge } from "../downloads/JobsBadge.tsx";
import type { SignedInView } from "../session/sessionView.ts";
import { HotkeyHint } from "../shortcuts/HotkeyHint.tsx";
import { BusyServerStatus } from "./BusyServerStatus.tsx";
import { OrganizationSwitcher } from "./OrganizationSwitcher.tsx";
import { UserMenu } from "./UserMenu.tsx";

export function AppHeader({ view }: { view: SignedInView }) {
  return (
    <Header className="sleuth-header">
      <Header.Item>
        <Header.Link as={Link} href={consolePaths.home} className="sleuth-brand">
          Sleuth
        </Header.Link>
      </Header.Item>
      <Header.Item full>
        <Button
          leadingVisual={SearchIcon}
          trailingVisual={() => <HotkeyHint id="palette.open" size="small" />}
          onClick={() => openPalette()}
          alignContent="start"
          className="sleuth-palette-button"
        >
          Search or run a command
        </Button>
      </Header.Item>
      <Header.Item>
        <BusyServerStatus />
        <InboxButton />
        <JobsBadge />
      </Header.Item>
      <Header.Item>
        <OrganizationSwitcher view={view} />
      </Header.Item>
      <Header.Item className="sleuth-header-last">
        <UserMenu view={view} />
      </Header.Item>
    </Header>
  );
}
