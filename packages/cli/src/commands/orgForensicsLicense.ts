import type { Command } from "commander";
import { CliError } from "../errors.ts";
import type { CliIo } from "../io.ts";
import { action } from "../session.ts";

/**
 * `sleuth org forensics-license`: 002 §6 the current organization's forensics licence (IP results in
 * triage), printed on or off. Issue 40: only the instance operator changes it (`sleuth admin license`).
 */
export function registerOrgForensicsLicense(org: Command, io: CliIo): void {
  org
    .command("forensics-license")
    .description("show the current organization's forensics licence for IPs in triage (the operator sets it)")
    .action(
      action(io, async (session) => {
        const { organization } = await session.scopedClient();
        if (!organization) throw new CliError("you are not a member of any organization");
        session.out.data(organization.hasForensicsLicense ? "on" : "off");
      }),
    );
}
