import { Button, Heading, Text } from "@primer/react";
import { displayName, type User } from "@sleuth/sdk";
import { runAction } from "../commands/commandRegistry.ts";
import { signOut } from "../session/sessionStore.ts";
import { MessageRegion } from "./MessageRegion.tsx";

/** 000 §4: a user with no organization cannot use the console until an admin adds them to one. */
export function NoOrganization({ user }: { user: User }) {
  return (
    <main className="sleuth-centered">
      <MessageRegion />
      <div className="sleuth-card">
        <Heading as="h1" className="sleuth-card-title">
          No organization yet
        </Heading>
        <Text as="p">
          {displayName(user)} ({user.email}) is not a member of any organization. Ask an administrator of your
          organization to add you, then sign in again.
        </Text>
        <Button onClick={() => void runAction("Sign out", signOut)}>Sign out</Button>
      </div>
    </main>
  );
}
