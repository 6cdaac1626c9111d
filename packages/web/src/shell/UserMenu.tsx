import { PersonIcon, SignOutIcon } from "@primer/octicons-react";
import { ActionList, ActionMenu } from "@primer/react";
import { displayName } from "@sleuth/sdk";
import { runAction } from "../commands/commandRegistry.ts";
import { signOut } from "../session/sessionStore.ts";
import type { SignedInView } from "../session/sessionView.ts";
import { HotkeyHint } from "../shortcuts/HotkeyHint.tsx";
import { openShortcutsDialog } from "../shortcuts/shortcutsDialogStore.ts";

export function UserMenu({ view }: { view: SignedInView }) {
  const name = displayName(view.user);
  return (
    <ActionMenu>
      <ActionMenu.Button leadingVisual={PersonIcon} aria-label={`Account: ${name}`}>
        {name}
      </ActionMenu.Button>
      <ActionMenu.Overlay width="medium">
        <ActionList>
          <ActionList.GroupHeading as="h2">Signed in as {view.user.email}</ActionList.GroupHeading>
          <ActionList.Item onSelect={openShortcutsDialog}>
            Keyboard shortcuts
            <ActionList.TrailingVisual>
              <HotkeyHint id="help.shortcuts" />
            </ActionList.TrailingVisual>
          </ActionList.Item>
          <ActionList.Divider />
          <ActionList.Item variant="danger" onSelect={() => void runAction("Sign out", signOut)}>
            <ActionList.LeadingVisual>
              <SignOutIcon />
            </ActionList.LeadingVisual>
            Sign out
          </ActionList.Item>
        </ActionList>
      </ActionMenu.Overlay>
    </ActionMenu>
  );
}
