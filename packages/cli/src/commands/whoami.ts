import { displayName } from "@sleuth/sdk";
import type { Command } from "commander";
import type { CliIo } from "../io.ts";
import { renderPairs } from "../output/table.ts";
import { action } from "../session.ts";

/** 000 §7 session: who the token belongs to and which organization commands act in. */
export function registerWhoami(program: Command, io: CliIo): void {
  program
    .command("whoami")
    .description("show the signed-in user and the current organization")
    .option("--json", "print {user, organization, role} as JSON")
    .action(
      action(io, async (session, command) => {
        const { client, organization } = await session.scopedClient();
        const user = await client.auth.userInfo();
        if (command.opts<{ json?: boolean }>().json) {
          if (!organization) return session.out.json({ user, organization: null, role: null });
          const { role, ...rest } = organization;
          return session.out.json({ user, organization: rest, role });
        }
        const apiUrl = (await session.config()).apiUrl.value;
        session.out.data(
          renderPairs([
            ["name", displayName(user)],
            ["email", user.email],
            ["organization", organization ? `${organization.name} (${organization.role})` : "none"],
            ["server", apiUrl],
          ]),
        );
      }),
    );
}
