#!/usr/bin/env node
// Account administration straight on the store, without a running server:
//   node packages/server/src/admin.ts user create --email a@b.org --name "Ana Lima" [--password ...]
//   node packages/server/src/admin.ts org create --name "Agency" [--parent "Demo Investigations"]
//   node packages/server/src/admin.ts member add --email a@b.org --org "Agency" --role editor
//   node packages/server/src/admin.ts token create --email a@b.org --name ci
// Without --password, `user create` reads the password from standard input (keeps it out of shell history).
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { roleSchema } from "@sleuth/sdk";
import { z } from "zod";
import { createApiToken } from "./accounts/apiTokens.ts";
import {
  createOrganization,
  findOrganizationByName,
  findOrganizationByUuid,
  setMembership,
} from "./accounts/organizations.ts";
import type { OrganizationRow } from "./accounts/rows.ts";
import { createUser, findUserByEmail } from "./accounts/users.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { migrate } from "./store/migrate.ts";
import { openStore } from "./store/openStore.ts";
import { isUniqueViolation, type Store } from "./store/store.ts";

const usage = `Usage: node packages/server/src/admin.ts <command>
  user create --email <email> --name <full name> [--password <password>]
  org create --name <name> [--parent <name or uuid>]
  member add --email <email> --org <name or uuid> --role viewer|editor|admin
  token create --email <email> --name <token name>`;

class UsageError extends Error {}

function required(values: Record<string, string | undefined>, name: string): string {
  const value = values[name];
  if (!value) throw new UsageError(`--${name} is required`);
  return value;
}

async function findOrganization(store: Store, ref: string): Promise<OrganizationRow> {
  const organization =
    (await findOrganizationByUuid(store, ref)) ?? (await findOrganizationByName(store, ref));
  if (!organization) throw new UsageError(`No organization '${ref}'`);
  return organization;
}

async function findUser(store: Store, email: string) {
  const user = await findUserByEmail(store, email);
  if (!user) throw new UsageError(`No user '${email}'`);
  return user;
}

async function run(
  store: Store,
  command: string,
  values: Record<string, string | undefined>,
): Promise<string> {
  switch (command) {
    case "user create": {
      const email = z.email().parse(required(values, "email"));
      const password = values.password ?? (process.stdin.isTTY ? undefined : readFileSync(0, "utf8").trim());
      if (!password) throw new UsageError("--password is required (or pipe it on standard input)");
      const user = await createUser(store, { email, password, fullName: required(values, "name") });
      return `Created user ${user.email} (${user.uuid})`;
    }
    case "org create": {
      const parent = values.parent ? await findOrganization(store, values.parent) : undefined;
      const organization = await createOrganization(store, {
        name: required(values, "name"),
        parentOrganizationId: parent?.id ?? null,
      });
      return `Created organization ${organization.name} (${organization.uuid})`;
    }
    case "member add": {
      const user = await findUser(store, required(values, "email"));
      const organization = await findOrganization(store, required(values, "org"));
      const role = roleSchema.parse(required(values, "role"));
      await setMembership(store, user.id, organization.id, role);
      return `${user.email} is ${role} of ${organization.name}`;
    }
    case "token create": {
      const user = await findUser(store, required(values, "email"));
      const created = await createApiToken(store, user.id, required(values, "name"));
      // Shown once: only its hash is stored.
      return created.token;
    }
    default:
      throw new UsageError(`Unknown command '${command}'`);
  }
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      email: { type: "string" },
      password: { type: "string" },
      name: { type: "string" },
      parent: { type: "string" },
      org: { type: "string" },
      role: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help || positionals.length !== 2) {
    process.stderr.write(`${usage}\n`);
    return values.help ? 0 : 2;
  }
  const config = loadConfig();
  const store = await openStore(config);
  try {
    await migrate(store);
    const { help: _help, ...strings } = values;
    process.stdout.write(`${await run(store, positionals.join(" "), strings)}\n`);
    return 0;
  } finally {
    await store.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError || error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n${error instanceof UsageError ? `${usage}\n` : ""}`);
      process.exit(2);
    }
    if (error instanceof z.ZodError) {
      process.stderr.write(`${error.issues.map((issue) => issue.message).join("; ")}\n`);
      process.exit(2);
    }
    if (isUniqueViolation(error)) {
      process.stderr.write("That already exists (e-mail or organization name in use).\n");
      process.exit(1);
    }
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
