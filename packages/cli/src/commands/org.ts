import { displayName, type Member, roleSchema, type SleuthClient, type UserOrganization } from "@sleuth/sdk";
import type { Command } from "commander";
import { updateConfigFile } from "../config/file.ts";
import { loadConfig } from "../config/load.ts";
import { describeSource } from "../config/resolve.ts";
import { CliError } from "../errors.ts";
import type { CliIo } from "../io.ts";
import { findOrganization } from "../organizations.ts";
import { type Column, renderTable } from "../output/table.ts";
import { formatTime } from "../output/time.ts";
import { action } from "../session.ts";
import { registerOrgForensicsLicense } from "./orgForensicsLicense.ts";
import { registerOrgWebhooks } from "./orgWebhooks.ts";

function organizationColumns(currentUuid: string | undefined, tty: boolean): Column<UserOrganization>[] {
  return [
    { header: "", value: (organization) => (organization.uuid === currentUuid ? "*" : "") },
    { header: "name", value: (organization) => organization.name },
    { header: "role", value: (organization) => organization.role },
    { header: "uuid", value: (organization) => organization.uuid },
    { header: "created", value: (organization) => formatTime(organization.createdAt, tty) },
  ];
}

/** 000 §7 organizations: list the caller's organizations and choose the one commands act in. */
export function registerOrg(program: Command, io: CliIo): void {
  const org = program
    .command("org")
    .description("list, switch, create and rename organizations; list and invite members");

  org
    .command("list")
    .description("list the organizations you belong to, with your role (* marks the current one)")
    .option("--json", "print the organizations as JSON, each with role and current")
    .action(
      action(io, async (session, command) => {
        const { organization, organizations } = await session.scopedClient();
        if (command.opts<{ json?: boolean }>().json) {
          session.out.json(
            organizations.map((item) => ({ ...item, current: item.uuid === organization?.uuid })),
          );
          return;
        }
        if (organizations.length === 0) {
          session.out.info("You are not a member of any organization.");
          return;
        }
        const columns = organizationColumns(organization?.uuid, session.out.tty);
        session.out.data(
          renderTable(organizations, columns, { tty: session.out.tty, width: session.out.width }),
        );
      }),
    );

  org
    .command("switch")
    .description("make an organization the current one for later commands (saved in the config file)")
    .argument("<organization>", "the organization's uuid or name")
    .option("--json", "print the organization switched to as JSON")
    .action(
      action(io, async (session, command) => {
        const [reference] = command.processedArgs as [string];
        const client = await session.client();
        const organizations = await client.organizations.mine();
        const target = findOrganization(organizations, reference);
        if (!target) {
          throw new CliError(`you are not a member of an organization ${JSON.stringify(reference)}`, {
            hint: "`sleuth org list` shows yours",
          });
        }
        const config = await session.config();
        await updateConfigFile(config.configFile, { organizationUuid: target.uuid });
        // 000 §4: switching organization records an activity log entry, in the organization switched to.
        client.useOrganization(target.uuid);
        await client.activity
          .log("organization_switch", { organizationUuid: target.uuid })
          .catch((error: unknown) => {
            session.out.warn(`the switch was not recorded in the activity log: ${(error as Error).message}`);
          });
        if (command.opts<{ json?: boolean }>().json) session.out.json(target);
        session.out.info(`Switched to ${target.name} (${target.role}).`);
        // Say so when the saved choice will not be the one used (SLEUTH_ORG, --org, another server).
        const after = await loadConfig(io, session.flags);
        if (after.organization && after.organization.source.kind !== "config-file") {
          const source = describeSource(after.organization.source);
          session.out.warn(`${source} is set and takes precedence over the saved organization`);
        } else if (!after.organization) {
          for (const note of after.notes) session.out.warn(note);
        }
      }),
    );

  registerOrgManagement(org, io);
  registerOrgForensicsLicense(org, io);
  registerOrgWebhooks(org, io);
}

function memberColumns(tty: boolean): Column<Member>[] {
  return [
    { header: "name", value: (member) => displayName(member) },
    { header: "email", value: (member) => member.email },
    { header: "role", value: (member) => member.role },
    { header: "sign-in", value: (member) => (member.memberStrategies ?? []).join(", ") },
    { header: "since", value: (member) => formatTime(member.createdAt, tty) },
  ];
}

/** 000 §5 create, rename; 002 §7 members and invitations (the server checks the admin role). */
function registerOrgManagement(org: Command, io: CliIo): void {
  org
    .command("create")
    .description("create an organization; you become its admin")
    .argument("<name>", "the organization's name")
    .option("--json", "print {uuid, name} as JSON")
    .action(
      action(io, async (session, command) => {
        const [name] = command.processedArgs as [string];
        const client = await session.client();
        const created = await client.organizations.create({ name });
        if (command.opts<{ json?: boolean }>().json) return session.out.json(created);
        session.out.data(created.uuid);
        session.out.info(`Created ${created.name}; \`sleuth org switch ${created.uuid}\` to act in it.`);
      }),
    );

  org
    .command("rename")
    .description("rename the current organization (admins only)")
    .argument("<name>", "the new name")
    .action(
      action(io, async (session, command) => {
        const [name] = command.processedArgs as [string];
        const { client, organization } = await session.scopedClient();
        if (!organization) throw new CliError("you are not a member of any organization");
        const renamed = await client.organizations.update(organization.uuid, { name });
        session.out.info(`Renamed ${organization.name} to ${renamed.name}.`);
      }),
    );

  org
    .command("members")
    .description("list the members of the current organization with their roles")
    .option("--json", "print the members as JSON")
    .action(
      action(io, async (session, command) => {
        const { client } = await session.scopedClient();
        const members = await client.organizations.members({ includeMemberStrategies: true });
        if (command.opts<{ json?: boolean }>().json) return session.out.json(members);
        session.out.data(renderTable(members, memberColumns(session.out.tty), session.out));
      }),
    );

  org
    .command("invite")
    .description("add someone to the current organization by e-mail, or change a member's role (admins only)")
    .argument("<email>", "their e-mail")
    .option("--role <role>", roleSchema.options.join(", "), "viewer")
    .option("--json", "print {user, role} as JSON")
    .action(
      action(io, async (session, command) => {
        const [email] = command.processedArgs as [string];
        const options = command.opts<{ role: string; json?: boolean }>();
        const role = roleSchema.safeParse(options.role);
        if (!role.success) throw new CliError(`--role takes ${roleSchema.options.join(", ")}`);
        const { client, organization } = await session.scopedClient();
        const invited = await client.organizations.invite({ email, role: role.data });
        if (options.json) return session.out.json(invited);
        session.out.info(
          `${invited.user.email} is now ${invited.role} of ${organization?.name ?? "the organization"}.`,
        );
      }),
    );

  org
    .command("role")
    .description("change a member's role in the current organization (admins only)")
    .argument("<email>", "the member's e-mail")
    .argument("<role>", roleSchema.options.join(", "))
    .option("--json", "print the member as JSON")
    .action(
      action(io, async (session, command) => {
        const [email, wanted] = command.processedArgs as [string, string];
        const role = roleSchema.safeParse(wanted);
        if (!role.success) throw new CliError(`<role> takes ${roleSchema.options.join(", ")}`);
        const { client, organization } = await session.scopedClient();
        const member = await memberByEmail(client, email);
        const changed = await client.organizations.changeRole(member.uuid, { role: role.data });
        if (command.opts<{ json?: boolean }>().json) return session.out.json(changed);
        session.out.info(
          `${changed.email} is now ${changed.role} of ${organization?.name ?? "the organization"}.`,
        );
      }),
    );

  org
    .command("remove")
    .description("remove a member from the current organization (admins only)")
    .argument("<email>", "the member's e-mail")
    .action(
      action(io, async (session, command) => {
        const [email] = command.processedArgs as [string];
        const { client } = await session.scopedClient();
        const member = await memberByEmail(client, email);
        await client.organizations.removeMember(member.uuid);
        session.out.info(`Removed ${member.email}.`);
      }),
    );
}

/** The current organization's member with this e-mail (any case), or a CLI error naming it. */
async function memberByEmail(client: SleuthClient, email: string): Promise<Member> {
  const member = (await client.organizations.members()).find(
    (each) => each.email.toLowerCase() === email.toLowerCase(),
  );
  if (!member) throw new CliError(`${email} is not a member`);
  return member;
}
