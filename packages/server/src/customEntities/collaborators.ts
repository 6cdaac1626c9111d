import {
  applySharingOperations,
  type Collaborators,
  type GeneralAccess,
  hasAtLeastOneEditor,
  organizationSubjectUrn,
  type Role,
  type SharingOperation,
  type SharingRole,
  type SharingState,
  sharingMessages,
  userSubjectUrn,
} from "@sleuth/sdk";
import { badRequest } from "../http/errors.ts";
import type { Queryable } from "../store/store.ts";

interface CollaboratorRow {
  id: number;
  uuid: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  role: SharingRole;
  membership_role: Role | null;
}

interface SharingRow {
  general_access: "restricted" | "environment";
  general_access_role: SharingRole;
}

async function readSharing(
  db: Queryable,
  id: number,
): Promise<{ sharing: SharingRow; users: CollaboratorRow[] }> {
  const [sharing] = await db.query<SharingRow>(
    "SELECT general_access, general_access_role FROM custom_entities WHERE id = $1",
    [id],
  );
  const users = await db.query<CollaboratorRow>(
    `SELECT u.id, u.uuid::text AS uuid, u.email, u.first_name, u.last_name, c.role, m.role AS membership_role
     FROM custom_entity_collaborators c
     JOIN users u ON u.id = c.user_id
     JOIN custom_entities ce ON ce.id = c.custom_entity_id
     LEFT JOIN memberships m ON m.user_id = u.id AND m.organization_id = ce.organization_id
     WHERE c.custom_entity_id = $1 ORDER BY c.created_at, u.id`,
    [id],
  );
  return { sharing: sharing!, users };
}

/** 002 §3 custom entity collaborators: the invited users, the organization's access, general_access. */
export async function readCollaborators(
  db: Queryable,
  id: number,
  organizationUuid: string,
): Promise<Collaborators> {
  const { sharing, users } = await readSharing(db, id);
  return {
    users: users.map((row) => ({
      id: String(row.id),
      uuid: row.uuid,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      roleInParentOrg: row.membership_role,
      relations: [row.role],
    })),
    organizations: [
      {
        uuid: organizationUuid,
        relations: sharing.general_access === "environment" ? [sharing.general_access_role] : [],
      },
    ],
    general_access: sharing.general_access,
  };
}

/**
 * 002 §4: applies the operation list (the SDK's applySharingOperations, as the dialog computes it)
 * and stores the result. 002 §5 at least one named editor must remain; every invited user must be a
 * member of the organization. Runs inside the caller's transaction.
 */
export async function applyCollaboratorOperations(
  db: Queryable,
  id: number,
  organization: { id: number; uuid: string },
  operations: readonly SharingOperation[],
): Promise<void> {
  const { sharing, users } = await readSharing(db, id);
  const generalAccess: GeneralAccess =
    sharing.general_access === "environment"
      ? { level: "environment", role: sharing.general_access_role }
      : { level: "restricted" };
  const before: SharingState = {
    organizationUuid: organization.uuid,
    users: Object.fromEntries(users.map((row) => [row.uuid, row.role])),
    generalAccess,
  };
  const userPrefix = userSubjectUrn("");
  const organizationUrn = organizationSubjectUrn(organization.uuid);
  for (const { context } of operations) {
    if (context.subjectUrn !== organizationUrn && !context.subjectUrn.startsWith(userPrefix))
      throw badRequest(`Unknown sharing subject '${context.subjectUrn}'`);
  }
  const after = applySharingOperations(before, operations);
  if (!hasAtLeastOneEditor(after)) throw badRequest(sharingMessages.lastEditor);

  const uuids = Object.keys(after.users);
  const members = await db.query<{ id: number; uuid: string }>(
    `SELECT u.id, u.uuid::text AS uuid FROM users u
     JOIN memberships m ON m.user_id = u.id AND m.organization_id = $2
     WHERE u.uuid::text = ANY($1::text[])`,
    [uuids, organization.id],
  );
  if (members.length !== uuids.length) {
    const known = new Set(members.map((member) => member.uuid));
    const strangers = uuids.filter((uuid) => !known.has(uuid));
    throw badRequest(`Only members of the organization can be invited: ${strangers.join(", ")}`);
  }
  await db.query("DELETE FROM custom_entity_collaborators WHERE custom_entity_id = $1", [id]);
  await db.query(
    `INSERT INTO custom_entity_collaborators (custom_entity_id, user_id, role)
     SELECT $1, invited.id, invited.role FROM unnest($2::int[], $3::text[]) AS invited(id, role)`,
    [id, members.map((member) => member.id), members.map((member) => after.users[member.uuid]!)],
  );
  await db.query(
    "UPDATE custom_entities SET general_access = $2, general_access_role = $3, updated_at = now() WHERE id = $1",
    [
      id,
      after.generalAccess.level,
      after.generalAccess.level === "environment" ? after.generalAccess.role : "viewer",
    ],
  );
}
