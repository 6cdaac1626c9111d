import {
  type OperatorNetwork,
  type OperatorOrganization,
  operatorMessages,
  type SuggestionForReview,
} from "@sleuth/sdk";
import type { Command } from "commander";
import { CliError } from "../errors.ts";
import type { CliIo } from "../io.ts";
import { type Column, renderTable } from "../output/table.ts";
import { formatTime } from "../output/time.ts";
import { action, type Session } from "../session.ts";

/** The operator credential comes from the environment only: secrets never go in flags (clig.dev). */
async function operatorClient(session: Session) {
  const token = session.io.env.SLEUTH_OPERATOR_TOKEN;
  if (!token)
    throw new CliError(
      `set SLEUTH_OPERATOR_TOKEN to the server's operator credential (${operatorMessages.notOperator.toLowerCase()})`,
    );
  return (await session.anonymousClient()).operator(token);
}

const organizationColumns: Column<OperatorOrganization>[] = [
  { header: "uuid", value: (org) => org.uuid, shrink: false },
  { header: "name", value: (org) => org.name },
  { header: "members", value: (org) => String(org.memberCount), align: "right" },
  { header: "forensics", value: (org) => (org.hasForensicsLicense ? "on" : "off") },
];

const networkColumns: Column<OperatorNetwork>[] = [
  { header: "uuid", value: (network) => network.uuid, shrink: false },
  { header: "name", value: (network) => network.name },
  { header: "organizations", value: (network) => network.organizations.map((org) => org.name).join(", ") },
];

function suggestionColumns(tty: boolean): Column<SuggestionForReview>[] {
  return [
    { header: "when", value: (row) => formatTime(row.createdAt, tty) },
    { header: "entity", value: (row) => row.entityUrn, shrink: false },
    { header: "organization", value: (row) => row.organization.name },
    { header: "by", value: (row) => row.userEmail ?? "" },
    { header: "comments", value: (row) => row.comments },
  ];
}

/**
 * `sleuth admin …`: issue 40's instance operator commands (licences, collaboration networks, the
 * law-enforcement suggestions to review), authorised by SLEUTH_OPERATOR_TOKEN from the environment.
 */
export function registerAdmin(program: Command, io: CliIo): void {
  const admin = program
    .command("admin")
    .description(
      "instance operator: forensics licences, collaboration networks, suggestions, rollups (SLEUTH_OPERATOR_TOKEN)",
    );

  const table = <T>(session: Session, rows: T[], columns: Column<T>[]) =>
    session.out.data(renderTable(rows, columns, { tty: session.out.tty, width: session.out.width }));

  admin
    .command("orgs")
    .description("every organization of the instance with its licence")
    .option("--json", "print JSON")
    .action(
      action(io, async (session, command) => {
        const organizations = await (await operatorClient(session)).organizations();
        if (command.opts<{ json?: boolean }>().json) return session.out.json(organizations);
        table(session, organizations, organizationColumns);
      }),
    );

  admin
    .command("license")
    .description("show, or turn on or off, an organization's forensics licence (002 §6)")
    .argument("<organization>", "uuid or name")
    .argument("[state]", "on or off")
    .action(
      action(io, async (session, command) => {
        const [organization, state] = command.processedArgs as [string, string | undefined];
        if (state !== undefined && state !== "on" && state !== "off")
          throw new CliError(`the state must be on or off, not ${JSON.stringify(state)}`);
        const operator = await operatorClient(session);
        if (state === undefined) {
          const found = (await operator.organizations()).find(
            (org) => org.uuid === organization || org.name.toLowerCase() === organization.toLowerCase(),
          );
          if (!found) throw new CliError(`no organization ${JSON.stringify(organization)}`);
          return session.out.data(found.hasForensicsLicense ? "on" : "off");
        }
        const updated = await operator.setForensicsLicense(organization, state === "on");
        session.out.data(updated.hasForensicsLicense ? "on" : "off");
        session.out.info(
          `${updated.name} ${updated.hasForensicsLicense ? "now holds" : "no longer holds"} a forensics licence.`,
        );
      }),
    );

  const networks = admin.command("networks").description("collaboration networks (001 §2 / §7)");
  networks
    .command("list", { isDefault: true })
    .description("every network with its organizations")
    .option("--json", "print JSON")
    .action(
      action(io, async (session, command) => {
        const list = await (await operatorClient(session)).networks();
        if (command.opts<{ json?: boolean }>().json) return session.out.json(list);
        if (list.length === 0)
          return session.out.info(
            "No networks yet: `sleuth admin networks create <name> --run-by <organization>`.",
          );
        table(session, list, networkColumns);
      }),
    );
  networks
    .command("create")
    .description("create a network run by an organization (its first member)")
    .argument("<name>")
    .requiredOption("--run-by <organization>", "the organization that runs it (uuid or name)")
    .option("--description <text>")
    .action(
      action(io, async (session, command) => {
        const [name] = command.processedArgs as [string];
        const options = command.opts<{ runBy: string; description?: string }>();
        const network = await (await operatorClient(session)).createNetwork({
          name,
          organization: options.runBy,
          ...(options.description ? { description: options.description } : {}),
        });
        session.out.data(network.uuid);
      }),
    );
  for (const [verb, description] of [
    ["add", "add an organization to a network"],
    ["remove", "take an organization out of a network"],
  ] as const) {
    networks
      .command(verb)
      .description(description)
      .argument("<network>", "uuid or name")
      .argument("<organization>", "uuid or name")
      .action(
        action(io, async (session, command) => {
          const [network, organization] = command.processedArgs as [string, string];
          const operator = await operatorClient(session);
          const updated =
            verb === "add"
              ? await operator.addToNetwork(network, organization)
              : await operator.removeFromNetwork(network, organization);
          session.out.data(updated.organizations.map((org) => org.name).join("\n"));
        }),
      );
  }

  admin
    .command("suggestions")
    .description("law-enforcement contact suggestions to review (002 §2), newest first")
    .option("--json", "print JSON")
    .action(
      action(io, async (session, command) => {
        const list = await (await operatorClient(session)).lawEnforcementSuggestions();
        if (command.opts<{ json?: boolean }>().json) return session.out.json(list);
        if (list.length === 0) return session.out.info("No suggestions to review.");
        table(session, list, suggestionColumns(session.out.tty));
      }),
    );

  admin
    .command("rebuild-rollups")
    .description("rebuild the read model (rollups) of the whole store from its transfers and attribution")
    .option("--json", "print JSON")
    .action(
      action(io, async (session, command) => {
        session.out.info("Rebuilding the rollups of the whole store; a large store takes minutes…");
        const built = await (await operatorClient(session)).rebuildRollups();
        if (command.opts<{ json?: boolean }>().json) return session.out.json(built);
        session.out.data(
          `Rebuilt the rollups of ${built.addresses.toLocaleString("en-US")} addresses and ${built.entities.toLocaleString("en-US")} entities in ${(built.tookMs / 1000).toFixed(1)} s (version ${built.version}).`,
        );
      }),
    );
}
