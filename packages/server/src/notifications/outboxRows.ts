import { randomUUID } from "node:crypto";
import {
  type DeliveryState,
  type MemberNotificationKind,
  type NotificationDelivery,
  type NotificationEvent,
  type NotificationKind,
  notificationEmailPreferenceSchema,
  renderNotification,
  type WebhookPayload,
  wantsEmail,
} from "@sleuth/sdk";
import { toIso } from "../accounts/rows.ts";
import type { Queryable } from "../store/store.ts";

/** What an event needs to know about this server's delivery when it is written. */
export interface DeliverySettings {
  emailEnabled: boolean;
  /** The console's base URL, for the link in every message. */
  consoleUrl(): string;
}

export interface QueuedNotification {
  eventUuid: string;
  /** The e-mail's plain text (000 §4: a notified provider's text is the download). */
  text: string;
  /** The e-mail rows queued, one per recipient (none with e-mail off). */
  emails: NotificationDelivery[];
}

const deliveryColumns = `uuid::text AS uuid, kind, channel, recipient, state, attempts, last_error,
  response_status, created_at, sent_at`;

interface DeliveryRow {
  uuid: string;
  kind: NotificationKind;
  channel: "email" | "webhook";
  recipient: string;
  state: DeliveryState;
  attempts: number;
  last_error: string | null;
  response_status: number | null;
  created_at: Date | string;
  sent_at: Date | string | null;
}

export function toDelivery(row: DeliveryRow): NotificationDelivery {
  return {
    uuid: row.uuid,
    kind: row.kind,
    channel: row.channel,
    recipient: row.recipient,
    state: row.state,
    attempts: Number(row.attempts),
    lastError: row.last_error,
    responseStatus: row.response_status === null ? null : Number(row.response_status),
    createdAt: toIso(row.created_at),
    sentAt: row.sent_at === null ? null : toIso(row.sent_at),
  };
}

/**
 * Issue 40: writes an event's notifications to the outbox inside the caller's transaction, so they
 * exist exactly when the event does. E-mail goes to `addresses` as given and to the `members` whose
 * `notification-email` preference in this organization wants the kind; every webhook endpoint of the
 * organization gets the event too (never another organization's).
 */
export async function queueNotification(
  tx: Queryable,
  settings: DeliverySettings,
  input: {
    organizationId: number;
    causedByUserId: number | null;
    event: NotificationEvent;
    members?: readonly number[];
    addresses?: readonly string[];
  },
): Promise<QueuedNotification> {
  const [organization] = await tx.query<{ uuid: string; name: string }>(
    "SELECT uuid::text AS uuid, name FROM organizations WHERE id = $1",
    [input.organizationId],
  );
  if (!organization) throw new Error(`no organization ${input.organizationId}`);
  const message = renderNotification(input.event, {
    organizationName: organization.name,
    consoleUrl: settings.consoleUrl(),
  });
  const eventUuid = randomUUID();
  const recipients = new Set((input.addresses ?? []).map((address) => address.trim()).filter(Boolean));
  if (input.members && input.members.length > 0) {
    const rows = await tx.query<{ email: string; preference: unknown }>(
      `SELECT u.email, p.value AS preference FROM users u
         LEFT JOIN user_preferences p ON p.user_id = u.id AND p.organization_id = $2 AND p.key = 'notification-email'
        WHERE u.id = ANY($1::int[])`,
      [[...input.members], input.organizationId],
    );
    for (const row of rows) {
      const preference = notificationEmailPreferenceSchema.safeParse(row.preference);
      if (wantsEmail(preference.success ? preference.data : null, input.event.kind as MemberNotificationKind))
        recipients.add(row.email);
    }
  }
  let emails: NotificationDelivery[] = [];
  if (settings.emailEnabled && recipients.size > 0) {
    const rows = await tx.query<DeliveryRow>(
      `INSERT INTO notification_outbox
         (event_uuid, organization_id, kind, channel, recipient, caused_by_user_id, subject, body_text, body_html)
       SELECT $1, $2, $3, 'email', r, $4, $5, $6, $7 FROM unnest($8::text[]) AS r
       RETURNING ${deliveryColumns}`,
      [
        eventUuid,
        input.organizationId,
        input.event.kind,
        input.causedByUserId,
        message.subject,
        message.text,
        message.html,
        [...recipients],
      ],
    );
    emails = rows.map(toDelivery);
  }
  const payload: WebhookPayload = {
    id: eventUuid,
    type: input.event.kind,
    createdAt: new Date().toISOString(),
    organization,
    link: message.link,
    data: input.event,
  };
  // FOR KEY SHARE: an endpoint an admin deletes meanwhile is waited for and then left out, where a
  // plain read would hand the insert a row whose foreign key no longer holds (a 500 for the caller).
  await tx.query(
    `INSERT INTO notification_outbox
       (event_uuid, organization_id, kind, channel, recipient, endpoint_id, caused_by_user_id, subject, payload)
     SELECT $1, $2, $3, 'webhook', w.url, w.id, $4, $5, $6 FROM webhook_endpoints w WHERE w.organization_id = $2
     FOR KEY SHARE OF w`,
    [
      eventUuid,
      input.organizationId,
      input.event.kind,
      input.causedByUserId,
      message.subject,
      JSON.stringify(payload),
    ],
  );
  return { eventUuid, text: message.text, emails };
}

/** One delivery of the organization: the caller's own, or any for an admin. */
export async function findDelivery(
  db: Queryable,
  scope: { organizationId: number; userId: number; admin: boolean },
  uuid: string,
): Promise<NotificationDelivery | undefined> {
  const [row] = await db.query<DeliveryRow>(
    `SELECT ${deliveryColumns} FROM notification_outbox
      WHERE uuid = $1 AND organization_id = $2 AND ($4 OR caused_by_user_id = $3)`,
    [uuid, scope.organizationId, scope.userId, scope.admin],
  );
  return row ? toDelivery(row) : undefined;
}

/** The organization's webhook delivery log, newest first. */
export async function listWebhookDeliveries(
  db: Queryable,
  query: { organizationId: number; limit: number; offset: number },
): Promise<{ deliveries: NotificationDelivery[]; count: number }> {
  const rows = await db.query<DeliveryRow>(
    `SELECT ${deliveryColumns} FROM notification_outbox WHERE organization_id = $1 AND channel = 'webhook'
      ORDER BY id DESC LIMIT $2 OFFSET $3`,
    [query.organizationId, query.limit, query.offset],
  );
  const [counted] = await db.query<{ count: string | number }>(
    "SELECT count(*) AS count FROM notification_outbox WHERE organization_id = $1 AND channel = 'webhook'",
    [query.organizationId],
  );
  return { deliveries: rows.map(toDelivery), count: Number(counted?.count ?? 0) };
}
