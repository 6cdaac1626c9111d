import { Heading, Text } from "@primer/react";
import { displayName } from "@sleuth/sdk";
import type { SignedInView } from "../session/sessionView.ts";
import { HotkeyHint } from "../shortcuts/HotkeyHint.tsx";

/** Who is signed in, where, and the one key to remember. */
export function HomePage({ view }: { view: SignedInView }) {
  const name = displayName(view.user);
  return (
    <div className="sleuth-page">
      <Heading as="h1" className="sleuth-page-title">
        Welcome, {name}
      </Heading>
      <Text as="p" className="sleuth-home-who" data-testid="home-who">
        Signed in as <strong>{name}</strong> ({view.user.email}) in <strong>{view.organization.name}</strong>
        {view.role ? ` as ${view.role}` : ""}.
      </Text>
      <div className="sleuth-home-hint">
        <Text as="p">
          Press <HotkeyHint id="palette.open" format="full" /> (or /) to search addresses, transactions,
          entities, custom entities and IPs, or to run any command. Paste several identifiers with{" "}
          <HotkeyHint id="search.multi" format="full" />.
        </Text>
        <Text as="p" className="sleuth-muted">
          Press <HotkeyHint id="help.shortcuts" format="full" /> to list every keyboard shortcut.
        </Text>
      </div>
    </div>
  );
}
