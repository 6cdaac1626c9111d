import type { ActivityAction, ActivityEntry } from "@sleuth/sdk";
import type { Queryable } from "../store/store.ts";
import { toIso } from "./rows.ts";

interface ActivityRow {
  id: number;
  action: ActivityAction;
  details: Record<string, unknown>;
  organization_uuid: string | null;
  created_at: Date;
}

function toActivityEntry(row: ActivityRow): ActivityEntry {
  return {
    id: row.id,
    action: row.action,
    details: row.details,
    organizationUuid: row.organization_uuid,
    createdAt: toIso(row.created_at),
  };
}

/** Appends to the activity log (000 §4: sign-in, organization switch, search query; 002 §7). */
export async function logActivity(
  db: Queryable,
  entry: {
    userId: number;
    organizationId: number | null;
    action: ActivityAction;
    details?: Record<string, unknown>;
  },
): Promise<ActivityEntry> {
  const [row] = await db.query<ActivityRow>(
    `WITH inserted AS (
       INSERT INTO activity_log (user_id, organization_id, action, details) VALUES ($1, $2, $3, $4::jsonb)
       RETURNING id, organization_id, action, details, created_at
     )
     SELECT i.id, i.action, i.details, o.uuid AS organization_uuid, i.created_at
     FROM inserted i LEFT JOIN organizations o ON o.id = i.organization_id`,
    [entry.userId, entry.organizationId, entry.action, JSON.stringify(entry.details ?? {})],
  );
  return toActivityEntry(row!);
}

/** The user's entries in one organization, newest first. */
export async function listActivity(
  db: Queryable,
  query: { userId: number; organizationId: number; limit: number; offset: number },
): Promise<ActivityEntry[]> {
  const rows = await db.query<ActivityRow>(
    `SELECT a.id, a.action, a.details, o.uuid AS organization_uuid, a.created_at
     FROM activity_log a JOIN organizations o ON o.id = a.organization_id
     WHERE a.user_id = $1 AND a.organization_id = $2
     ORDER BY a.created_at DESC, a.id DESC LIMIT $3 OFFSET $4`,
    [query.userId, query.organizationId, query.limit, query.offset],
  );
  return rows.map(toActivityEntry);
}
