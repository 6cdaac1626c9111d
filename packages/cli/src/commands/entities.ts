import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import {
  type CustomEntityDetail,
  displayName,
  overallRefreshStatus,
  refreshPartLabels,
  refreshParts,
  resourcesFromText,
  type SharingRole,
  setCollaboratorRole,
  sharingMessages,
  sharingOperations,
  sharingRoleSchema,
  sharingStateFromCollaborators,
  subjectRiskText,
  unsupportedReasonLabels,
} from "@sleuth/sdk";
import type { Command } from "commander";
import { CliError } from "../errors.ts";
import { type CliIo, readAll } from "../io.ts";
import { type Column, renderPairs, renderTable } from "../output/table.ts";
import { formatTime } from "../output/time.ts";
import { action } from "../session.ts";

function entityColumns(tty: boolean): Column<CustomEntityDetail>[] {
  return [
    { header: "name", value: (entity) => entity.name },
    { header: "addresses", value: (entity) => String(entity.addressCount) },
    { header: "access", value: (entity) => entity.permission },
    { header: "created by", value: (entity) => entity.createdByUser ?? "" },
    { header: "created", value: (entity) => formatTime(entity.createdAt, tty) },
    { header: "uuid", value: (entity) => entity.uuid },
  ];
}

async function readResourcesText(file: string | undefined, io: CliIo): Promise<string> {
  if (file === undefined || file === "-") {
    if (file === undefined && io.stdin.isTTY)
      throw new CliError("nothing to read: name a file of addresses or URNs, or pipe them in", {
        hint: "`sleuth entities create --name Suspects list.txt`, or `… --name Suspects -` to type them",
      });
    return readAll(io.stdin);
  }
  try {
    return await readFile(resolve(io.cwd, file), "utf8");
  } catch (error) {
    throw new CliError(`cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? "error"})`);
  }
}

const roleChoices = [...sharingRoleSchema.options, "remove"] as const;

/** 000 §7 custom entities and 002 §4 sharing from the terminal. */
export function registerEntities(program: Command, io: CliIo): void {
  const entities = program
    .command("entities")
    .description("custom entities: list, show, create, delete and share them");

  entities
    .command("list")
    .description("list the custom entities you can see, newest first (pages of 10)")
    .option("--page <n>", "page number, from 1", "1")
    .option("--json", "print the page as JSON")
    .action(
      action(io, async (session, command) => {
        const options = command.opts<{ page: string; json?: boolean }>();
        const page = Number(options.page);
        if (!Number.isInteger(page) || page < 1) throw new CliError("--page takes a whole number from 1");
        const { client } = await session.scopedClient();
        const { items, count } = await client.customEntities.list({ offset: (page - 1) * 10 });
        if (options.json) return session.out.json({ items, count });
        if (items.length === 0) return session.out.info("No custom entities.");
        session.out.data(renderTable(items, entityColumns(session.out.tty), session.out));
        session.out.info(`page ${page} of ${Math.max(1, Math.ceil(count / 10))} (${count} custom entities)`);
      }),
    );

  entities
    .command("show")
    .description("show a custom entity, its risk, its refresh status and who it is shared with")
    .argument("<uuid>", "the custom entity's uuid")
    .option("--json", "print {entity, refresh, collaborators, risk} as JSON")
    .action(
      action(io, async (session, command) => {
        const [uuid] = command.processedArgs as [string];
        const { client } = await session.scopedClient();
        const [entity, refresh, collaborators, risk] = await Promise.all([
          client.customEntities.get(uuid),
          client.customEntities.refreshStatus(uuid),
          client.customEntities.collaborators(uuid),
          // 000 §7 the custom entity's risk score by id (its members' highest level).
          client.customEntities.riskScore(uuid),
        ]);
        if (command.opts<{ json?: boolean }>().json)
          return session.out.json({ entity, refresh, collaborators, risk });
        session.out.data(
          renderPairs([
            ["name", entity.name],
            ["uuid", entity.uuid],
            ["addresses", String(entity.addressCount)],
            [
              "first active",
              entity.firstActiveDate ? formatTime(entity.firstActiveDate, session.out.tty) : "—",
            ],
            ["last active", entity.lastActiveDate ? formatTime(entity.lastActiveDate, session.out.tty) : "—"],
            ["supported", entity.isNotSupported ? `no (${entity.unsupportedReason ?? "unknown"})` : "yes"],
            ["your access", entity.permission],
            ["risk", subjectRiskText(risk.riskScore)],
            [
              "refresh",
              `${overallRefreshStatus(refresh)} (${refreshParts
                .map((part) => `${refreshPartLabels[part]} ${refresh[part] ?? "processing"}`)
                .join(", ")})`,
            ],
            [
              "general access",
              collaborators.general_access === "environment"
                ? `everyone in the organization (${collaborators.organizations[0]?.relations.join(", ")})`
                : "restricted",
            ],
            ...collaborators.users.map((user): [string, string] => [
              "shared with",
              `${displayName({ ...user, fullName: null, firstName: user.firstName ?? null, lastName: user.lastName ?? null })} <${user.email}> ${user.relations.join(", ")}`,
            ]),
            ...entity.resources.map((resource): [string, string] => ["resource", resource.resourceUrn]),
          ]),
        );
      }),
    );

  entities
    .command("create")
    .description("create a custom entity from addresses and entity URNs (a file, or - for stdin)")
    .requiredOption("--name <name>", "the custom entity's name")
    .argument("[file]", "one address or URN per line (- reads stdin)")
    .option("--json", "print the created custom entity as JSON")
    .action(
      action(io, async (session, command) => {
        const [file] = command.processedArgs as [string | undefined];
        const options = command.opts<{ name: string; json?: boolean }>();
        const text = await readResourcesText(file, session.io);
        const { client } = await session.scopedClient();
        const { excludedChains } = await client.search.configuration();
        const input = resourcesFromText(text, { excludedChains });
        for (const piece of input.unrecognized) session.out.warn(`not an address or URN: ${piece}`);
        if (input.resourceUrns.length === 0) throw new CliError("no addresses or URNs to group");
        const name = await client.customEntities.validateName(options.name);
        if (!name.isValid) throw new CliError(name.message ?? "That name cannot be used");
        // 000 §7: the compatibility call first; 000 §8 each unsupported reason is shown.
        const compatibility = await client.customEntities.compatibility(input.resourceUrns);
        for (const resource of compatibility.resources) {
          if (!resource.isSupported && resource.unsupportedReason)
            session.out.warn(
              `${unsupportedReasonLabels[resource.unsupportedReason]}: ${resource.resourceUrn}`,
            );
        }
        if (compatibility.unsupportedReason === "SIZE_LIMIT_REACHED")
          throw new CliError(unsupportedReasonLabels.SIZE_LIMIT_REACHED);
        const supported = compatibility.resources.filter((resource) => resource.isSupported);
        if (supported.length === 0) throw new CliError("none of the resources is supported");
        const created = await client.customEntities.create({
          name: options.name,
          resources: supported.map(({ resourceUrn }) => ({ resourceUrn })),
        });
        if (options.json) return session.out.json(created);
        session.out.data(created.uuid);
        session.out.info(
          `Created ${created.name} with ${supported.length} resources; its data is refreshing.`,
        );
      }),
    );

  entities
    .command("delete")
    .description("delete custom entities (editors only)")
    .argument("<uuid...>", "the custom entities' uuids")
    .action(
      action(io, async (session, command) => {
        const [uuids] = command.processedArgs as [string[]];
        const { client } = await session.scopedClient();
        await client.customEntities.remove(uuids);
        session.out.info(`Deleted ${uuids.length} custom ${uuids.length === 1 ? "entity" : "entities"}.`);
      }),
    );

  entities
    .command("share")
    .description("share a custom entity with a member of the organization, or stop sharing it")
    .argument("<uuid>", "the custom entity's uuid")
    .requiredOption("--user <email>", "the member's e-mail")
    .requiredOption("--role <role>", `${roleChoices.join(", ")}`)
    .option("--json", "print the collaborators after the change as JSON")
    .action(
      action(io, async (session, command) => {
        const [uuid] = command.processedArgs as [string];
        const options = command.opts<{ user: string; role: string; json?: boolean }>();
        if (!(roleChoices as readonly string[]).includes(options.role))
          throw new CliError(`--role takes ${roleChoices.join(", ")}`);
        const { client, organization } = await session.scopedClient();
        if (!organization) throw new CliError("you are not a member of any organization");
        const members = await client.organizations.members();
        const member = members.find((m) => m.email.toLowerCase() === options.user.toLowerCase());
        if (!member)
          throw new CliError(`${options.user} is not a member of ${organization.name}`, {
            hint: "`sleuth org invite EMAIL` adds them first",
          });
        const before = sharingStateFromCollaborators(
          await client.customEntities.collaborators(uuid),
          organization.uuid,
        );
        const change = setCollaboratorRole(before, member.uuid, options.role as SharingRole | "remove");
        if (!change.ok) throw new CliError(change.error);
        const operations = sharingOperations(before, change.state);
        if (operations.length === 0) return session.out.info("Nothing changed.");
        const after = await client.customEntities.share(uuid, operations);
        if (options.json) return session.out.json(after);
        session.out.info(sharingMessages.updated);
      }),
    );
}
