import type { UserOrganization } from "@sleuth/sdk";
import { type ConfigSource, describeSource, type Resolved } from "./config/resolve.ts";
import { CliError } from "./errors.ts";

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}

/**
 * The caller's organization named by `reference`: its uuid, else its name (case-insensitive).
 * Undefined when the caller is not a member of any such organization; an error when a name is
 * shared by two of them, since guessing would scope every later call to the wrong one.
 */
export function findOrganization(
  organizations: readonly UserOrganization[],
  reference: string,
): UserOrganization | undefined {
  const wanted = reference.trim();
  if (isUuid(wanted))
    return organizations.find((organization) => organization.uuid.toLowerCase() === wanted.toLowerCase());
  const named = organizations.filter(
    (organization) => organization.name.toLowerCase() === wanted.toLowerCase(),
  );
  if (named.length > 1) {
    throw new CliError(`${named.length} of your organizations are named ${JSON.stringify(wanted)}`, {
      hint: `use the uuid instead: ${named.map((organization) => organization.uuid).join(", ")}`,
    });
  }
  return named[0];
}

function notAMember(reference: string, source: ConfigSource): CliError {
  const fix =
    source.kind === "config-file"
      ? "run `sleuth org switch <uuid-or-name>` to choose another"
      : `change ${source.name}; \`sleuth org list\` shows yours`;
  return new CliError(
    `you are not a member of an organization ${JSON.stringify(reference)} (from ${describeSource(source)})`,
    { hint: fix },
  );
}

/**
 * The organization commands act in: the configured one, else the server's default, the caller's
 * first organization (docs/API.md: the first by membership date, the order of GET /users-organizations).
 */
export function currentOrganization(
  organizations: readonly UserOrganization[],
  configured: Resolved<string> | null,
): UserOrganization | null {
  if (!configured) return organizations[0] ?? null;
  const found = findOrganization(organizations, configured.value);
  if (!found) throw notAMember(configured.value, configured.source);
  return found;
}
