import { SearchIcon } from "@primer/octicons-react";
import { Button, Header } from "@primer/react";
import { Link } from "wouter";
import { InboxButton } from "../actions/index.ts";
import { routes } from "../app/routes.ts";
import { openPalette } from "../commands/index.ts";
import { JobsBadge } from "../downloads/index.ts";
import type { SignedInView } from "../session/index.ts";
import { HotkeyHint } from "../shortcuts/index.ts";
import { OrganizationSwitcher } from "./OrganizationSwitcher.tsx";
import { UserMenu } from "./UserMenu.tsx";

export function AppHeader({ view }: { view: SignedInView }) {
  return (
    <Header className="sleuth-header">
      <Header.Item>
        <Header.Link as={Link} href={routes.home} className="sleuth-brand">
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
