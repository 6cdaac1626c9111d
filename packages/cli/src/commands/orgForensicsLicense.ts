import type { Command } from "commander";
import { CliError } from "../errors.ts";
import type { CliIo } from "../io.ts";
import { action } from "../session.ts";

/**
 * `sleuth org forensics-license [on|off]`: 002 §6 the current organization's forensics licence (IP
 * results in triage). Without a state it prints on or off; with one an admin sets it (others get 403).
 */
export function registerOrgForensicsLicense(org: Command, io: CliIo): void {
  org
    .command("forensics-license")
    .description("show, or set (admins only), the current organization's forensics licence for IPs in triage")
    .argument("[state]", "on or off")
    .action(
      action(io, async (session, command) => {
        const [state] = command.processedArgs as [string | undefined];
        if (state !== undefined && state !== "on" && state !== "off")
          throw new CliError(`the state must be on or off, not ${JSON.stringify(state)}`);
        const { client, organization } = await session.scopedClient();
        if (!organization) throw new CliError("you are not a member of any organization");
        if (state === undefined) {
          session.out.data(organization.hasForensicsLicense ? "on" : "off");
          return;
        }
        const updated = await client.organizations.update(organization.uuid, {
          hasForensicsLicense: state === "on",
        });
        session.out.data(updated.hasForensicsLicense ? "on" : "off");
        session.out.info(
          `${updated.name} ${updated.hasForensicsLicense ? "now holds" : "no longer holds"} a forensics licence.`,
        );
      }),
    );
}
