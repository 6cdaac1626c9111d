import type {
  InterestBulkRequest,
  InterestUpdateRequest,
  InvestigationInterest,
  Network,
  RevealNotice,
} from "@sleuth/sdk";
import { isoOrNull, jsonValue, type PersonColumns, personJson, personOf } from "../accounts/people.ts";
import { toIso } from "../accounts/rows.ts";
import type { Queryable } from "../store/store.ts";

export interface Viewer {
  organizationId: number;
  organizationUuid: string;
  userId: number;
}

interface InterestRow {
  id: number;
  uuid: string;
  organization_id: number;
  user_id: number;
  trm_resource_urn: string;
  visibility_level: InvestigationInterest["visibilityLevel"];
  privacy_option: InvestigationInterest["privacyOption"];
  note: string;
  is_reveal_notification_enabled: boolean;
  is_same_element_notification_enabled: boolean;
  network_uuids: unknown;
  verticals: unknown;
  country_iso_codes: unknown;
  created_at: Date | string;
  user_uuid: string;
  user_email: string;
  first_name: string | null;
  last_name: string | null;
  full_name: string | null;
  organization_uuid: string;
  organization_name: string;
  revealed: boolean;
}

/** The networks an organization is part of: those it runs and those it is a member of. */
const networksOf = `SELECT n.id, n.uuid FROM networks n WHERE n.organization_id = $1
  UNION SELECT n.id, n.uuid FROM networks n JOIN network_members nm ON nm.network_id = n.id WHERE nm.organization_id = $1`;

/**
 * docs/API.md "Interests": who may see an interest. ORG: its organization; NETWORK: organizations
 * in one of the networks it names; PUBLIC and CUSTOM: every organization (organizations carry no
 * country or sector here, so a custom audience cannot narrow further). $1 is the viewer's organization.
 */
const visibleTo = `(i.organization_id = $1 OR i.visibility_level IN ('PUBLIC', 'CUSTOM')
  OR (i.visibility_level = 'NETWORK' AND EXISTS (SELECT 1 FROM (${networksOf}) mine
      WHERE i.network_uuids @> jsonb_build_array(mine.uuid::text))))`;

// $1 viewer organization, $2 viewer user.
const interestSelect = `SELECT i.id, i.uuid, i.organization_id, i.user_id, i.trm_resource_urn, i.visibility_level,
    i.privacy_option, i.note, i.is_reveal_notification_enabled, i.is_same_element_notification_enabled,
    i.network_uuids, i.verticals, i.country_iso_codes, i.created_at,
    u.uuid AS user_uuid, u.email AS user_email, u.first_name, u.last_name, u.full_name,
    o.uuid AS organization_uuid, o.name AS organization_name,
    EXISTS (SELECT 1 FROM interest_reveals r WHERE r.interest_id = i.id AND r.user_id = $2 AND r.organization_id = $1) AS revealed
  FROM investigation_interests i JOIN users u ON u.id = i.user_id JOIN organizations o ON o.id = i.organization_id`;

/**
 * 001 §4 masking, done here so a masked detail never leaves the server: the author (same user,
 * same organization) sees everything; others see who and how to reach them only once they revealed
 * an open interest.
 */
function toInterest(row: InterestRow, viewer: Viewer): InvestigationInterest {
  const own = row.user_id === viewer.userId && row.organization_id === viewer.organizationId;
  const visible = own || (row.revealed && row.privacy_option === "OPEN");
  const verticals = jsonValue<InvestigationInterest["verticals"]>(row.verticals, []);
  const countryIsoCodes = jsonValue<string[]>(row.country_iso_codes, []);
  return {
    uuid: row.uuid,
    visibilityLevel: row.visibility_level,
    privacyOption: row.privacy_option,
    note: visible ? row.note : null,
    trmResourceUrns: [row.trm_resource_urn],
    isRevealNotificationEnabled: row.is_reveal_notification_enabled,
    isSameElementNotificationEnabled: own ? row.is_same_element_notification_enabled : false,
    networkUuids: own ? jsonValue<string[]>(row.network_uuids, []) : [],
    verticals,
    countryIsoCodes,
    createdAt: toIso(row.created_at),
    contactEmail: visible ? row.user_email : null,
    isRevealed: own || row.revealed,
    user: visible
      ? {
          id: row.user_id,
          fullName: row.full_name,
          firstName: row.first_name,
          lastName: row.last_name,
          email: row.user_email,
        }
      : { id: null, fullName: null, firstName: null, lastName: null, email: null },
    organization: visible
      ? { uuid: row.organization_uuid, name: row.organization_name }
      : { uuid: null, name: null },
    segments: { verticals, countryIsoCodes },
    notificationConfig: own
      ? {
          isRevealNotificationEnabled: row.is_reveal_notification_enabled,
          isSameElementNotificationEnabled: row.is_same_element_notification_enabled,
        }
      : null,
  };
}

const params = (viewer: Viewer) => [viewer.organizationId, viewer.userId];

/** The interests in one element the viewer may see, own first, then newest first. */
export async function interestsOfElement(
  db: Queryable,
  viewer: Viewer,
  urn: string,
): Promise<InvestigationInterest[]> {
  const rows = await db.query<InterestRow>(
    `${interestSelect} WHERE i.trm_resource_urn = $3 AND ${visibleTo}
     ORDER BY (i.user_id = $2 AND i.organization_id = $1) DESC, i.created_at DESC, i.id DESC`,
    [...params(viewer), urn],
  );
  return rows.map((row) => toInterest(row, viewer));
}

export async function findVisibleInterest(
  db: Queryable,
  viewer: Viewer,
  uuid: string,
): Promise<{ id: number; own: boolean; interest: InvestigationInterest; urn: string } | undefined> {
  const [row] = await db.query<InterestRow>(`${interestSelect} WHERE i.uuid = $3 AND ${visibleTo}`, [
    ...params(viewer),
    uuid,
  ]);
  if (!row) return undefined;
  return {
    id: Number(row.id),
    own: row.user_id === viewer.userId && row.organization_id === viewer.organizationId,
    interest: toInterest(row, viewer),
    urn: row.trm_resource_urn,
  };
}

/** The uuids of the networks the viewer's organization is part of. */
export async function networkUuidsOf(db: Queryable, organizationId: number): Promise<string[]> {
  const rows = await db.query<{ uuid: string }>(`SELECT uuid FROM (${networksOf}) mine`, [organizationId]);
  return rows.map((row) => row.uuid);
}

export async function networksOfOrganization(db: Queryable, organizationId: number): Promise<Network[]> {
  const rows = await db.query<{
    uuid: string;
    name: string;
    description: string | null;
    organization_uuid: string;
    member_count: string | number;
  }>(
    `SELECT n.uuid, n.name, n.description, o.uuid AS organization_uuid,
       (SELECT count(*) FROM network_members nm WHERE nm.network_id = n.id) AS member_count
     FROM networks n JOIN organizations o ON o.id = n.organization_id
     WHERE n.id IN (SELECT id FROM (${networksOf}) mine) ORDER BY n.name, n.id`,
    [organizationId],
  );
  return rows.map((row) => ({
    uuid: row.uuid,
    name: row.name,
    description: row.description,
    organizationUuid: row.organization_uuid,
    memberCount: Number(row.member_count),
  }));
}

/** Writes one interest per element not yet interested in (001 §5); answers the new ones. */
export async function createInterests(
  db: Queryable,
  viewer: Viewer,
  body: Required<Omit<InterestBulkRequest, "isSameElementNotificationEnabled">> & {
    isSameElementNotificationEnabled?: boolean;
  },
): Promise<InvestigationInterest[]> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO investigation_interests (organization_id, user_id, trm_resource_urn, visibility_level, privacy_option,
       note, is_reveal_notification_enabled, is_same_element_notification_enabled, network_uuids, verticals, country_iso_codes)
     SELECT $1, $2, urn, $4, $5, $6, $7, $8, $9::jsonb, $10::jsonb, $11::jsonb FROM unnest($3::text[]) AS urn
     ON CONFLICT (user_id, organization_id, trm_resource_urn) DO NOTHING RETURNING id`,
    [
      viewer.organizationId,
      viewer.userId,
      [...new Set(body.trmResourceUrns)],
      body.visibilityLevel,
      body.privacyOption,
      body.note,
      body.isRevealNotificationEnabled,
      body.isSameElementNotificationEnabled ?? false,
      JSON.stringify(body.networkUuids),
      JSON.stringify(body.verticals),
      JSON.stringify(body.countryIsoCodes),
    ],
  );
  if (rows.length === 0) return [];
  const created = await db.query<InterestRow>(
    `${interestSelect} WHERE i.id = ANY($3::bigint[]) ORDER BY i.id`,
    [...params(viewer), rows.map((row) => row.id)],
  );
  return created.map((row) => toInterest(row, viewer));
}

export async function updateInterest(db: Queryable, id: number, body: InterestUpdateRequest): Promise<void> {
  await db.query(
    `UPDATE investigation_interests SET visibility_level = $2, privacy_option = $3, note = $4,
       is_reveal_notification_enabled = $5, is_same_element_notification_enabled = COALESCE($6, is_same_element_notification_enabled),
       network_uuids = $7::jsonb, verticals = $8::jsonb, country_iso_codes = $9::jsonb
     WHERE id = $1`,
    [
      id,
      body.visibilityLevel,
      body.privacyOption,
      body.note,
      body.isRevealNotificationEnabled,
      body.isSameElementNotificationEnabled ?? null,
      JSON.stringify(body.networkUuids),
      JSON.stringify(body.verticals),
      JSON.stringify(body.countryIsoCodes),
    ],
  );
}

export async function deleteInterest(db: Queryable, id: number): Promise<void> {
  await db.query("DELETE FROM investigation_interests WHERE id = $1", [id]);
}

/**
 * Records the viewer's reveal (or contact request) once. 001 §4 'Reveal and Notify': the author
 * is told when the interest is open with reveal notification on, and always of a contact request
 * on a private one (asking to be contacted is the point of it).
 */
export async function revealInterest(
  db: Queryable,
  viewer: Viewer,
  id: number,
): Promise<{
  authorId: number;
  authorOrganizationId: number;
  contactRequest: boolean;
  interestUuid: string;
} | null> {
  const [told] = await db.query<{
    author_id: number;
    author_organization_id: number;
    private: boolean;
    interest_uuid: string;
  }>(
    `WITH revealed AS (
       INSERT INTO interest_reveals (interest_id, user_id, organization_id, notifies_author)
       SELECT i.id, $2, $3, (i.privacy_option = 'PRIVATE' OR i.is_reveal_notification_enabled)
       FROM investigation_interests i WHERE i.id = $1
       ON CONFLICT DO NOTHING
       RETURNING interest_id, notifies_author)
     SELECT i.user_id AS author_id, i.organization_id AS author_organization_id,
            i.privacy_option = 'PRIVATE' AS private, i.uuid::text AS interest_uuid
       FROM revealed r JOIN investigation_interests i ON i.id = r.interest_id
      WHERE r.notifies_author AND i.user_id IS NOT NULL`,
    [id, viewer.userId, viewer.organizationId],
  );
  // The author is told of the first reveal only (issue 40: and by e-mail, queued by the caller).
  return told
    ? {
        authorId: told.author_id,
        authorOrganizationId: told.author_organization_id,
        contactRequest: told.private,
        interestUuid: told.interest_uuid,
      }
    : null;
}

/** The author's notices: reveals of (and contact requests on) their interests in this organization. */
export async function revealNotices(
  db: Queryable,
  viewer: Viewer,
  query: { unreadOnly: boolean; limit: number; offset: number },
): Promise<{ notices: RevealNotice[]; count: number; unreadCount: number }> {
  const mine = `i.user_id = $1 AND i.organization_id = $2 AND r.notifies_author`;
  const rows = await db.query<{
    uuid: string;
    privacy_option: string;
    interest_uuid: string;
    trm_resource_urn: string;
    note: string;
    revealed_by: PersonColumns | null;
    organization_uuid: string | null;
    organization_name: string | null;
    created_at: Date | string;
    author_read_at: Date | string | null;
  }>(
    `SELECT r.uuid, i.privacy_option, i.uuid AS interest_uuid, i.trm_resource_urn, i.note,
       CASE WHEN u.id IS NULL THEN NULL ELSE ${personJson("u")} END AS revealed_by,
       o.uuid AS organization_uuid, o.name AS organization_name, r.created_at, r.author_read_at
     FROM investigation_interests i JOIN interest_reveals r ON r.interest_id = i.id
       LEFT JOIN users u ON u.id = r.user_id LEFT JOIN organizations o ON o.id = r.organization_id
     WHERE ${mine} AND ($3::boolean = false OR r.author_read_at IS NULL)
     ORDER BY r.created_at DESC, r.uuid LIMIT $4 OFFSET $5`,
    [viewer.userId, viewer.organizationId, query.unreadOnly, query.limit, query.offset],
  );
  const [counts] = await db.query<{ count: string | number; unread: string | number }>(
    `SELECT count(*) AS count, count(*) FILTER (WHERE r.author_read_at IS NULL) AS unread
     FROM investigation_interests i JOIN interest_reveals r ON r.interest_id = i.id WHERE ${mine}`,
    [viewer.userId, viewer.organizationId],
  );
  return {
    notices: rows.map((row) => ({
      uuid: row.uuid,
      kind: row.privacy_option === "PRIVATE" ? "CONTACT_REQUEST" : "REVEAL",
      interestUuid: row.interest_uuid,
      trmResourceUrn: row.trm_resource_urn,
      note: row.note,
      revealedBy: personOf(jsonValue<PersonColumns | null>(row.revealed_by, null)),
      organization:
        row.organization_uuid && row.organization_name !== null
          ? { uuid: row.organization_uuid, name: row.organization_name }
          : null,
      createdAt: toIso(row.created_at),
      readAt: isoOrNull(row.author_read_at),
    })),
    count: Number(counts?.count ?? 0),
    unreadCount: Number(counts?.unread ?? 0),
  };
}

/** Marks one of the author's notices read; false when it is not theirs in this organization. */
export async function markRevealNoticeRead(db: Queryable, viewer: Viewer, uuid: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE interest_reveals r SET author_read_at = COALESCE(r.author_read_at, now())
     FROM investigation_interests i
     WHERE i.id = r.interest_id AND r.uuid = $3 AND r.notifies_author AND i.user_id = $1 AND i.organization_id = $2
     RETURNING r.interest_id`,
    [viewer.userId, viewer.organizationId, uuid],
  );
  return rows.length > 0;
}

export async function myInterestElements(db: Queryable, viewer: Viewer): Promise<string[]> {
  const rows = await db.query<{ trm_resource_urn: string }>(
    `SELECT trm_resource_urn FROM investigation_interests WHERE user_id = $1 AND organization_id = $2
     ORDER BY created_at DESC, id DESC`,
    [viewer.userId, viewer.organizationId],
  );
  return rows.map((row) => row.trm_resource_urn);
}
