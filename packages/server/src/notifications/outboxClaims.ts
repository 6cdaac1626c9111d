import type { Queryable } from "../store/store.ts";

/** A row as the worker delivers it. */
export interface ClaimedNotification {
  id: number;
  uuid: string;
  channel: "email" | "webhook";
  kind: string;
  recipient: string;
  subject: string;
  bodyText: string;
  bodyHtml: string;
  payload: string;
  endpointSecret: string | null;
  attempts: number;
}

/**
 * Claims due rows under a lease: up to `limit` queued rows whose retry time has come, and up to
 * `limit` rows another worker claimed whose lease ran out (its process died). SKIP LOCKED lets several server
 * processes claim side by side without taking the same row; the statement runs on both engines.
 */
export async function claimNotifications(
  db: Queryable,
  owner: string,
  options: { limit: number; leaseMs: number },
): Promise<ClaimedNotification[]> {
  const rows = await db.query<{
    id: string | number;
    uuid: string;
    channel: "email" | "webhook";
    kind: string;
    recipient: string;
    subject: string;
    body_text: string;
    body_html: string;
    payload: string;
    endpoint_secret: string | null;
    attempts: number;
  }>(
    // Two walks, each along its partial index (migration 0270), rather than one OR that reads every
    // row the table ever held: due rows in order, and the rare leases that ran out.
    `WITH due AS (
       SELECT id FROM notification_outbox WHERE state = 'queued' AND next_attempt_at <= now()
        ORDER BY next_attempt_at, id LIMIT $3 FOR UPDATE SKIP LOCKED),
     lapsed AS (
       SELECT id FROM notification_outbox WHERE state = 'sending' AND lease_until < now()
        ORDER BY lease_until LIMIT $3 FOR UPDATE SKIP LOCKED),
     claimed AS (
       UPDATE notification_outbox o
          SET state = 'sending', lease_owner = $1, attempts = o.attempts + 1,
              lease_until = now() + $2 * interval '1 millisecond'
        WHERE o.id IN (SELECT id FROM due UNION ALL SELECT id FROM lapsed)
        RETURNING o.*)
     SELECT c.id, c.uuid::text AS uuid, c.channel, c.kind, c.recipient, c.subject, c.body_text, c.body_html,
            c.payload, w.secret AS endpoint_secret, c.attempts
       FROM claimed c LEFT JOIN webhook_endpoints w ON w.id = c.endpoint_id
      ORDER BY c.id`,
    [owner, options.leaseMs, options.limit],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    uuid: row.uuid,
    channel: row.channel,
    kind: row.kind,
    recipient: row.recipient,
    subject: row.subject,
    bodyText: row.body_text,
    bodyHtml: row.body_html,
    payload: row.payload,
    endpointSecret: row.endpoint_secret,
    attempts: Number(row.attempts),
  }));
}

/** Only the lease holder finishes a row: a worker whose lease ran out and was taken over changes nothing. */
export async function markSent(
  db: Queryable,
  row: ClaimedNotification,
  owner: string,
  responseStatus: number | null,
): Promise<boolean> {
  return (await markAllSent(db, owner, [{ row, responseStatus }])).has(row.id);
}

/**
 * Marks the rows a worker delivered in one statement (a claimed batch), keeping the lease rule of
 * `markSent`; answers the ids it marked.
 */
export async function markAllSent(
  db: Queryable,
  owner: string,
  delivered: readonly { row: ClaimedNotification; responseStatus: number | null }[],
): Promise<Set<number>> {
  if (delivered.length === 0) return new Set();
  const marked = await db.query<{ id: string | number }>(
    `UPDATE notification_outbox o SET state = 'sent', sent_at = now(), lease_owner = NULL, lease_until = NULL,
       response_status = d.status, last_error = NULL
     FROM unnest($2::bigint[], $3::int[]) AS d (id, status)
     WHERE o.id = d.id AND o.lease_owner = $1 AND o.state = 'sending' RETURNING o.id`,
    [owner, delivered.map((entry) => entry.row.id), delivered.map((entry) => entry.responseStatus)],
  );
  return new Set(marked.map((row) => Number(row.id)));
}

/** Puts the row back for a retry at `retryAt`, or fails it for good when `retryAt` is null. */
export async function markAttemptFailed(
  db: Queryable,
  row: ClaimedNotification,
  owner: string,
  failure: { reason: string; responseStatus: number | null; retryInMs: number | null },
): Promise<void> {
  await db.query(
    `UPDATE notification_outbox
        SET state = CASE WHEN $3::bigint IS NULL THEN 'failed' ELSE 'queued' END,
            next_attempt_at = CASE WHEN $3::bigint IS NULL THEN next_attempt_at ELSE now() + $3 * interval '1 millisecond' END,
            last_error = $4, response_status = $5, lease_owner = NULL, lease_until = NULL
      WHERE id = $1 AND lease_owner = $2 AND state = 'sending'`,
    [row.id, owner, failure.retryInMs, failure.reason.slice(0, 1_000), failure.responseStatus],
  );
}

/** PGlite has one process: a row still marked sending at start lost its worker with the last stop. */
export async function requeueSendingNotifications(db: Queryable): Promise<number> {
  const rows = await db.query(
    `UPDATE notification_outbox SET state = 'queued', lease_owner = NULL, lease_until = NULL
      WHERE state = 'sending' RETURNING id`,
  );
  return rows.length;
}
