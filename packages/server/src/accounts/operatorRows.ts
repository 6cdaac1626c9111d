import type { OperatorNetwork, OperatorOrganization, SuggestionForReview } from "@sleuth/sdk";
import type { Queryable } from "../store/store.ts";
import { toIso } from "./rows.ts";

// Issue 40: what the instance operator reads and changes across organizations (licences,
// collaboration networks, law-enforcement suggestions). Only routes/operator.ts calls these.

const organizationSelect = `SELECT o.id, o.uuid::text AS uuid, o.name, o.has_forensics_license,
    (SELECT count(*) FROM memberships m WHERE m.organization_id = o.id) AS member_count
  FROM organizations o`;

interface OrganizationRow {
  id: number;
  uuid: string;
  name: string;
  has_forensics_license: boolean;
  member_count: string | number;
}

const toOrganization = (row: OrganizationRow): OperatorOrganization => ({
  uuid: row.uuid,
  name: row.name,
  hasForensicsLicense: row.has_forensics_license,
  memberCount: Number(row.member_count),
});

export async function operatorOrganizations(db: Queryable): Promise<OperatorOrganization[]> {
  return (await db.query<OrganizationRow>(`${organizationSelect} ORDER BY lower(o.name), o.id`)).map(
    toOrganization,
  );
}

/** The organization a uuid or an exact name (any case) names. */
export async function organizationIdOf(db: Queryable, ref: string): Promise<number | undefined> {
  const [row] = await db.query<{ id: number }>(
    "SELECT id FROM organizations WHERE uuid::text = lower($1) OR lower(name) = lower($1) ORDER BY id LIMIT 1",
    [ref.trim()],
  );
  return row?.id;
}

export async function setForensicsLicense(
  db: Queryable,
  organizationId: number,
  hasForensicsLicense: boolean,
): Promise<OperatorOrganization> {
  await db.query("UPDATE organizations SET has_forensics_license = $2 WHERE id = $1", [
    organizationId,
    hasForensicsLicense,
  ]);
  const [row] = await db.query<OrganizationRow>(`${organizationSelect} WHERE o.id = $1`, [organizationId]);
  return toOrganization(row!);
}

const networkSelect = `SELECT n.id, n.uuid::text AS uuid, n.name, n.description, n.created_at,
    (SELECT COALESCE(json_agg(json_build_object('uuid', o.uuid, 'name', o.name) ORDER BY lower(o.name)), '[]'::json)
       FROM organizations o
      WHERE o.id = n.organization_id OR o.id IN (SELECT nm.organization_id FROM network_members nm WHERE nm.network_id = n.id)
    ) AS organizations
  FROM networks n`;

interface NetworkRow {
  id: number;
  uuid: string;
  name: string;
  description: string | null;
  created_at: Date | string;
  organizations: unknown;
}

const toNetwork = (row: NetworkRow): OperatorNetwork => ({
  uuid: row.uuid,
  name: row.name,
  description: row.description,
  organizations: (typeof row.organizations === "string"
    ? JSON.parse(row.organizations)
    : row.organizations) as OperatorNetwork["organizations"],
  createdAt: toIso(row.created_at),
});

export async function operatorNetworks(db: Queryable): Promise<OperatorNetwork[]> {
  return (await db.query<NetworkRow>(`${networkSelect} ORDER BY lower(n.name), n.id`)).map(toNetwork);
}

export async function findNetwork(db: Queryable, ref: string): Promise<OperatorNetwork | undefined> {
  const [row] = await db.query<NetworkRow>(
    `${networkSelect} WHERE n.uuid::text = lower($1) OR lower(n.name) = lower($1) ORDER BY n.id LIMIT 1`,
    [ref.trim()],
  );
  return row ? toNetwork(row) : undefined;
}

export async function createNetwork(
  db: Queryable,
  input: { name: string; description: string | null; organizationId: number },
): Promise<OperatorNetwork> {
  const [row] = await db.query<{ uuid: string }>(
    "INSERT INTO networks (organization_id, name, description) VALUES ($1, $2, $3) RETURNING uuid::text AS uuid",
    [input.organizationId, input.name, input.description],
  );
  return (await findNetwork(db, row!.uuid))!;
}

export async function addNetworkMember(
  db: Queryable,
  networkUuid: string,
  organizationId: number,
): Promise<void> {
  await db.query(
    `INSERT INTO network_members (network_id, organization_id) SELECT id, $2 FROM networks WHERE uuid = $1::uuid
     ON CONFLICT DO NOTHING`,
    [networkUuid, organizationId],
  );
}

/** The running organization stays: it is the network's, not a member. */
export async function removeNetworkMember(
  db: Queryable,
  networkUuid: string,
  organizationId: number,
): Promise<void> {
  await db.query(
    `DELETE FROM network_members nm USING networks n
      WHERE n.id = nm.network_id AND n.uuid = $1::uuid AND nm.organization_id = $2`,
    [networkUuid, organizationId],
  );
}

/** 002 §2 suggest-update forms, newest first: the operator's review list. */
export async function suggestionsForReview(db: Queryable, limit = 500): Promise<SuggestionForReview[]> {
  const rows = await db.query<{
    id: string | number;
    entity_urn: string;
    comments: string;
    created_at: Date | string;
    organization_uuid: string;
    organization_name: string;
    user_email: string | null;
  }>(
    `SELECT s.id, s.entity_urn, s.comments, s.created_at, o.uuid::text AS organization_uuid,
            o.name AS organization_name, u.email AS user_email
       FROM law_enforcement_suggestions s JOIN organizations o ON o.id = s.organization_id
       LEFT JOIN users u ON u.id = s.user_id
      ORDER BY s.created_at DESC, s.id DESC LIMIT $1`,
    [limit],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    entityUrn: row.entity_urn,
    comments: row.comments,
    createdAt: toIso(row.created_at),
    organization: { uuid: row.organization_uuid, name: row.organization_name },
    userEmail: row.user_email,
  }));
}
