import { jsonValue } from "../accounts/people.ts";
import type { Queryable } from "../store/store.ts";

// 002 §6 restricted notify targets: the e-mails an organization's admins configured for escalation.

export async function notifyTargetEmails(db: Queryable, organizationId: number): Promise<string[] | null> {
  const [row] = await db.query<{ emails: unknown }>(
    "SELECT emails FROM escalation_notify_targets WHERE organization_id = $1",
    [organizationId],
  );
  return row ? jsonValue<string[]>(row.emails, []) : null;
}

/** Sets the list, or lifts the restriction with null. */
export async function setNotifyTargetEmails(
  db: Queryable,
  organizationId: number,
  emails: readonly string[] | null,
): Promise<void> {
  if (emails === null) {
    await db.query("DELETE FROM escalation_notify_targets WHERE organization_id = $1", [organizationId]);
    return;
  }
  await db.query(
    `INSERT INTO escalation_notify_targets (organization_id, emails) VALUES ($1, $2::jsonb)
     ON CONFLICT (organization_id) DO UPDATE SET emails = EXCLUDED.emails, updated_at = now()`,
    [organizationId, JSON.stringify([...new Set(emails)])],
  );
}

/** Of the users `userIds`, those whose e-mail is not on the list (compared without case). */
export async function usersOffList(
  db: Queryable,
  userIds: readonly number[],
  emails: readonly string[],
): Promise<string[]> {
  const rows = await db.query<{ uuid: string }>(
    "SELECT uuid FROM users WHERE id = ANY($1::int[]) AND NOT (lower(email) = ANY($2::text[]))",
    [[...userIds], emails.map((email) => email.toLowerCase())],
  );
  return rows.map((row) => row.uuid);
}
