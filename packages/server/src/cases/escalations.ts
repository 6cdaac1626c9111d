import type { Escalation } from "@sleuth/sdk";
import { isoOrNull, jsonValue, type PersonColumns, personJson, personOf } from "../accounts/people.ts";
import { toIso } from "../accounts/rows.ts";
import type { Queryable } from "../store/store.ts";

interface EscalationRow {
  id: number;
  uuid: string;
  case_id: number;
  case_name: string;
  trm_urn: string;
  alias: string;
  custom_note: string;
  created_at: Date | string;
  created_by: PersonColumns | null;
  assignees: unknown;
  read_at: Date | string | null;
}

// $1 organization, $2 the caller (for their own read state).
const escalationSelect = `SELECT e.id, e.uuid, e.case_id, c.name AS case_name, e.trm_urn, e.alias, e.custom_note,
    e.created_at, CASE WHEN cu.id IS NULL THEN NULL ELSE ${personJson("cu")} END AS created_by,
    (SELECT COALESCE(json_agg(${personJson("au")} ORDER BY au.email), '[]'::json)
       FROM escalation_assignees ea JOIN users au ON au.id = ea.user_id WHERE ea.escalation_id = e.id) AS assignees,
    (SELECT ea.read_at FROM escalation_assignees ea WHERE ea.escalation_id = e.id AND ea.user_id = $2) AS read_at
  FROM escalations e JOIN cases c ON c.id = e.case_id LEFT JOIN users cu ON cu.id = e.created_by_user_id`;

function toEscalation(row: EscalationRow): Escalation {
  return {
    uuid: row.uuid,
    caseId: String(row.case_id),
    caseName: row.case_name,
    trmUrn: row.trm_urn,
    alias: row.alias,
    customNote: row.custom_note,
    createdAt: toIso(row.created_at),
    createdBy: personOf(jsonValue<PersonColumns | null>(row.created_by, null)),
    assignees: jsonValue<PersonColumns[]>(row.assignees, []).flatMap((person) => {
      const shown = personOf(person);
      return shown ? [shown] : [];
    }),
    readAt: isoOrNull(row.read_at),
  };
}

/** The members of the organization among `uuids`, and the uuids that are not members. */
export async function membersAmong(
  db: Queryable,
  organizationId: number,
  uuids: readonly string[],
): Promise<{ userIds: number[]; missing: string[] }> {
  const rows = await db.query<{ id: number; uuid: string }>(
    `SELECT u.id, u.uuid FROM users u JOIN memberships m ON m.user_id = u.id AND m.organization_id = $1
     WHERE u.uuid = ANY($2::uuid[])`,
    [organizationId, [...new Set(uuids)]],
  );
  const found = new Set(rows.map((row) => row.uuid));
  return {
    userIds: rows.map((row) => row.id),
    missing: [...new Set(uuids)].filter((uuid) => !found.has(uuid)),
  };
}

export async function createEscalation(
  db: Queryable,
  input: {
    organizationId: number;
    userId: number;
    caseId: number;
    trmUrn: string;
    alias: string;
    customNote: string;
    assigneeIds: readonly number[];
  },
): Promise<Escalation> {
  const [created] = await db.query<{ id: number }>(
    `INSERT INTO escalations (organization_id, case_id, created_by_user_id, trm_urn, alias, custom_note)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [input.organizationId, input.caseId, input.userId, input.trmUrn, input.alias, input.customNote],
  );
  await db.query(
    "INSERT INTO escalation_assignees (escalation_id, user_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING",
    [created!.id, [...input.assigneeIds]],
  );
  const [row] = await db.query<EscalationRow>(
    `${escalationSelect} WHERE e.organization_id = $1 AND e.id = $3`,
    [input.organizationId, input.userId, created!.id],
  );
  return toEscalation(row!);
}

/** An escalation of the organization by uuid (any member may read it; the case it names is shared). */
export async function findEscalation(
  db: Queryable,
  organizationId: number,
  userId: number,
  uuid: string,
): Promise<Escalation | undefined> {
  const [row] = await db.query<EscalationRow>(
    `${escalationSelect} WHERE e.organization_id = $1 AND e.uuid = $3`,
    [organizationId, userId, uuid],
  );
  return row ? toEscalation(row) : undefined;
}

/** The caller's inbox in the organization: escalations assigned to them, newest first. */
export async function inbox(
  db: Queryable,
  input: { organizationId: number; userId: number; unreadOnly: boolean; limit: number; offset: number },
): Promise<{ escalations: Escalation[]; count: number; unreadCount: number }> {
  const mine = `e.organization_id = $1 AND EXISTS (SELECT 1 FROM escalation_assignees ea
      WHERE ea.escalation_id = e.id AND ea.user_id = $2 AND ($3::boolean = false OR ea.read_at IS NULL))`;
  const rows = await db.query<EscalationRow>(
    `${escalationSelect} WHERE ${mine} ORDER BY e.id DESC LIMIT $4 OFFSET $5`,
    [input.organizationId, input.userId, input.unreadOnly, input.limit, input.offset],
  );
  const [counts] = await db.query<{ count: string | number; unread: string | number }>(
    `SELECT count(*) AS count, count(*) FILTER (WHERE ea.read_at IS NULL) AS unread
     FROM escalation_assignees ea JOIN escalations e ON e.id = ea.escalation_id
     WHERE ea.user_id = $2 AND e.organization_id = $1`,
    [input.organizationId, input.userId],
  );
  return {
    escalations: rows.map(toEscalation),
    count: Number(counts?.count ?? 0),
    unreadCount: Number(counts?.unread ?? 0),
  };
}

/** Marks the caller's assignment read; false when the escalation is not assigned to them here. */
export async function markEscalationRead(
  db: Queryable,
  input: { organizationId: number; userId: number; uuid: string },
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE escalation_assignees ea SET read_at = COALESCE(ea.read_at, now())
     FROM escalations e WHERE e.id = ea.escalation_id AND e.uuid = $3 AND e.organization_id = $1 AND ea.user_id = $2
     RETURNING ea.user_id`,
    [input.organizationId, input.userId, input.uuid],
  );
  return rows.length > 0;
}
