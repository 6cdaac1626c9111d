import type { Role } from "@sleuth/sdk";
import type { Queryable } from "../store/store.ts";
import { noteCallersChange } from "./rememberedCallers.ts";
import {
  type MembershipOrganizationRow,
  type OrganizationRow,
  organizationColumns,
  organizationsWithParent,
} from "./rows.ts";

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The unique index that refuses a second organization of the same name, whatever its case (000 §5). */
export const organizationNameConstraint = "organizations_name_key";

export async function createOrganization(
  db: Queryable,
  organization: {
    name: string;
    parentOrganizationId?: number | null;
    uuid?: string;
    hasForensicsLicense?: boolean;
  },
): Promise<OrganizationRow> {
  const [inserted] = await db.query<{ id: number }>(
    `INSERT INTO organizations (uuid, name, parent_organization_id, has_forensics_license)
     VALUES (COALESCE($1::uuid, gen_random_uuid()), $2, $3, $4) RETURNING id`,
    [
      organization.uuid ?? null,
      organization.name.trim(),
      organization.parentOrganizationId ?? null,
      organization.hasForensicsLicense ?? false,
    ],
  );
  return (await findOrganizationById(db, inserted!.id))!;
}

export async function findOrganizationById(db: Queryable, id: number): Promise<OrganizationRow | undefined> {
  const [row] = await db.query<OrganizationRow>(
    `SELECT ${organizationColumns} FROM ${organizationsWithParent} WHERE o.id = $1`,
    [id],
  );
  return row;
}

export async function findOrganizationByName(
  db: Queryable,
  name: string,
): Promise<OrganizationRow | undefined> {
  const [row] = await db.query<OrganizationRow>(
    `SELECT ${organizationColumns} FROM ${organizationsWithParent} WHERE lower(o.name) = lower($1)`,
    [name.trim()],
  );
  return row;
}

export async function findOrganizationByUuid(
  db: Queryable,
  uuid: string,
): Promise<OrganizationRow | undefined> {
  if (!uuidPattern.test(uuid)) return undefined;
  const [row] = await db.query<OrganizationRow>(
    `SELECT ${organizationColumns} FROM ${organizationsWithParent} WHERE o.uuid = $1::uuid`,
    [uuid],
  );
  return row;
}

/**
 * The organization `ref` names (a uuid or a numeric id, docs/API.md) together with the user's role
 * in it, or undefined when it does not exist or the user is not a member: both answer 404.
 */
export async function findMembership(
  db: Queryable,
  userId: number,
  ref: string,
): Promise<MembershipOrganizationRow | undefined> {
  let condition: string;
  if (uuidPattern.test(ref)) condition = "o.uuid = $2::uuid";
  else if (/^\d{1,9}$/.test(ref)) condition = "o.id = $2::integer";
  else return undefined;
  const [row] = await db.query<MembershipOrganizationRow>(
    `SELECT ${organizationColumns}, m.role FROM ${organizationsWithParent}
     JOIN memberships m ON m.organization_id = o.id AND m.user_id = $1
     WHERE ${condition}`,
    [userId, ref],
  );
  return row;
}

/** The user's organizations, first joined first: the first is the default when none is chosen. */
export async function listMemberships(db: Queryable, userId: number): Promise<MembershipOrganizationRow[]> {
  return db.query<MembershipOrganizationRow>(
    `SELECT ${organizationColumns}, m.role FROM ${organizationsWithParent}
     JOIN memberships m ON m.organization_id = o.id AND m.user_id = $1
     ORDER BY m.created_at, o.id`,
    [userId],
  );
}

/** Adds the user to the organization, or changes the role when already a member. */
export async function setMembership(
  db: Queryable,
  userId: number,
  organizationId: number,
  role: Role,
): Promise<void> {
  await db.query(
    `INSERT INTO memberships (user_id, organization_id, role) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, organization_id) DO UPDATE SET role = EXCLUDED.role`,
    [userId, organizationId, role],
  );
  await noteCallersChange(db);
}
