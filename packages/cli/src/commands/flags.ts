import { type UserAttributionRecord, urnSchema } from "@sleuth/sdk";
import type { Command } from "commander";
import { CliError } from "../errors.ts";
import type { CliIo } from "../io.ts";
import { type Column, renderTable } from "../output/table.ts";
import { formatTime } from "../output/time.ts";
import { action } from "../session.ts";

function flagColumns(tty: boolean): Column<UserAttributionRecord>[] {
  return [
    { header: "uuid", value: (flag) => flag.uuid, shrink: false },
    { header: "element", value: (flag) => flag.trmResourceUrn },
    { header: "category", value: (flag) => flag.userProvidedCategory ?? flag.categoryLabel },
    {
      header: "by",
      value: (flag) => flag.createdBy?.email ?? (flag.isOwnOrganization ? "" : "another organization"),
    },
    { header: "flagged", value: (flag) => formatTime(flag.createdAt, tty) },
  ];
}

/** 001 §7 flags (user attributions): list the organization's, remove one. */
export function registerFlags(program: Command, io: CliIo): void {
  const flags = program.command("flags").description("list and remove flags (user attributions)");

  flags
    .command("list")
    .description("list the organization's flags, newest first, or the flags of one element")
    .option("--urn <urn>", "only the flags of this address or entity URN")
    .option("--json", "print the flags as JSON")
    .action(
      action(io, async (session, command) => {
        const options = command.opts<{ urn?: string; json?: boolean }>();
        if (options.urn !== undefined && !urnSchema.safeParse(options.urn).success) {
          throw new CliError(`not a Sleuth URN: ${options.urn}`);
        }
        const { client } = await session.scopedClient();
        const answer = await client.flags.list({ trmResourceUrn: options.urn, limit: 1000 });
        if (options.json) return session.out.json(answer.flags);
        if (answer.flags.length === 0) return session.out.info("No flags.");
        session.out.data(
          renderTable(answer.flags, flagColumns(session.out.tty), {
            tty: session.out.tty,
            width: session.out.width,
          }),
        );
      }),
    );

  flags
    .command("delete")
    .description("remove a flag (its author or an admin)")
    .argument("<uuid>", "the flag's uuid")
    .action(
      action(io, async (session, command) => {
        const [uuid] = command.processedArgs as [string];
        const { client } = await session.scopedClient();
        await client.flags.delete(uuid);
        session.out.info(`Removed flag ${uuid}.`);
      }),
    );
}
