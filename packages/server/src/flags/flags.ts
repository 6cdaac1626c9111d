import type { UserAttributionRecord, UserAttributionRequest } from "@sleuth/sdk";
import { jsonValue, personOf } from "../accounts/people.ts";
import { toIso } from "../accounts/rows.ts";
import type { Queryable } from "../store/store.ts";

interface FlagRow {
  uuid: string;
  organization_id: number;
  user_id: number | null;
  trm_resource_urn: string;
  category_id: string;
  category_label: string;
  user_provided_category: string | null;
  evidence_description: string;
  resource_urns: unknown;
  contact_email: string;
  should_propagate: boolean;
  created_at: Date | string;
  author_uuid: string | null;
  author_email: string | null;
  author_full_name: string | null;
}

const flagColumns = `f.uuid, f.organization_id, f.user_id, f.trm_resource_urn, f.category_id, f.category_label,
  f.user_provided_category, f.evidence_description, f.resource_urns, f.contact_email, f.should_propagate,
  f.created_at, u.uuid AS author_uuid, u.email AS author_email, u.full_name AS author_full_name`;
const flagsFrom = "user_attributions f LEFT JOIN users u ON u.id = f.user_id";

/**
 * A flag as `organizationId` may see it. docs/API.md "Flags": another organization sees a
 * propagated flag's element and category only, never its evidence, contact or author.
 */
function toRecord(row: FlagRow, organizationId: number): UserAttributionRecord {
  const own = row.organization_id === organizationId;
  return {
    uuid: row.uuid,
    trmResourceUrn: row.trm_resource_urn,
    categoryId: row.category_id,
    categoryLabel: row.category_label,
    userProvidedCategory: row.user_provided_category,
    evidenceDescription: own ? row.evidence_description : "",
    resourceUrns: own ? jsonValue<string[]>(row.resource_urns, []) : [row.trm_resource_urn],
    contactEmail: own ? row.contact_email : "",
    shouldPropagate: row.should_propagate,
    createdAt: toIso(row.created_at),
    createdBy: own
      ? personOf({ uuid: row.author_uuid, email: row.author_email, full_name: row.author_full_name })
      : null,
    isOwnOrganization: own,
  };
}

export async function createFlag(
  db: Queryable,
  input: { organizationId: number; userId: number; body: UserAttributionRequest },
): Promise<UserAttributionRecord> {
  const { body } = input;
  const [created] = await db.query<{ id: number }>(
    `INSERT INTO user_attributions (organization_id, user_id, trm_resource_urn, category_id, category_label,
       user_provided_category, evidence_description, resource_urns, contact_email, should_propagate)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10) RETURNING id`,
    [
      input.organizationId,
      input.userId,
      body.trmResourceUrn,
      body.categoryId,
      body.categoryLabel,
      body.userProvidedCategory,
      body.evidenceDescription,
      JSON.stringify(body.resourceUrns),
      body.contactEmail,
      body.shouldPropagate,
    ],
  );
  const [row] = await db.query<FlagRow>(`SELECT ${flagColumns} FROM ${flagsFrom} WHERE f.id = $1`, [
    created!.id,
  ]);
  return toRecord(row!, input.organizationId);
}

/**
 * GET v1/users/user-attributions: with an element, its flags the organization may see (its own and
 * propagated ones, by the element index); without, the organization's flags, newest first.
 */
export async function listFlags(
  db: Queryable,
  query: { organizationId: number; trmResourceUrn?: string; limit: number; offset: number },
): Promise<{ flags: UserAttributionRecord[]; count: number }> {
  const where = query.trmResourceUrn
    ? "f.trm_resource_urn = $1 AND (f.organization_id = $2 OR f.should_propagate)"
    : "f.organization_id = $2 AND $1::text IS NULL";
  const params = [query.trmResourceUrn ?? null, query.organizationId];
  const rows = await db.query<FlagRow>(
    `SELECT ${flagColumns} FROM ${flagsFrom} WHERE ${where}
     ORDER BY f.created_at DESC, f.id DESC LIMIT $3 OFFSET $4`,
    [...params, query.limit, query.offset],
  );
  const [counted] = await db.query<{ count: string | number }>(
    `SELECT count(*) AS count FROM user_attributions f WHERE ${where}`,
    params,
  );
  return {
    flags: rows.map((row) => toRecord(row, query.organizationId)),
    count: Number(counted?.count ?? 0),
  };
}

/** The organization's flag by uuid (the author's id with it), or undefined: another organization's is never found. */
export async function findOwnFlag(
  db: Queryable,
  organizationId: number,
  uuid: string,
): Promise<{ id: number; userId: number | null } | undefined> {
  const [row] = await db.query<{ id: number; user_id: number | null }>(
    "SELECT id, user_id FROM user_attributions WHERE uuid = $1 AND organization_id = $2",
    [uuid, organizationId],
  );
  return row ? { id: Number(row.id), userId: row.user_id } : undefined;
}

export async function deleteFlag(db: Queryable, id: number): Promise<void> {
  await db.query("DELETE FROM user_attributions WHERE id = $1", [id]);
}
