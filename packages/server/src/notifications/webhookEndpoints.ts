import { randomBytes } from "node:crypto";
import type { CreatedWebhookEndpoint, WebhookEndpoint } from "@sleuth/sdk";
import { toIso } from "../accounts/rows.ts";
import type { Queryable } from "../store/store.ts";

interface EndpointRow {
  uuid: string;
  url: string;
  secret: string;
  created_at: Date | string;
}

// The secret's prefix names its kind, as Stripe's whsec_ does; the hint shows its last characters.
const secretPrefix = "whsec_";

function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    uuid: row.uuid,
    url: row.url,
    secretHint: `${secretPrefix}…${row.secret.slice(-4)}`,
    createdAt: toIso(row.created_at),
  };
}

export async function listWebhookEndpoints(
  db: Queryable,
  organizationId: number,
): Promise<WebhookEndpoint[]> {
  const rows = await db.query<EndpointRow>(
    "SELECT uuid::text AS uuid, url, secret, created_at FROM webhook_endpoints WHERE organization_id = $1 ORDER BY id",
    [organizationId],
  );
  return rows.map(toEndpoint);
}

export async function createWebhookEndpoint(
  db: Queryable,
  input: { organizationId: number; userId: number; url: string },
): Promise<CreatedWebhookEndpoint> {
  const secret = `${secretPrefix}${randomBytes(24).toString("base64url")}`;
  const [row] = await db.query<EndpointRow>(
    `INSERT INTO webhook_endpoints (organization_id, url, secret, created_by_user_id) VALUES ($1, $2, $3, $4)
     RETURNING uuid::text AS uuid, url, secret, created_at`,
    [input.organizationId, input.url, secret, input.userId],
  );
  return { ...toEndpoint(row!), secret };
}

/** False when the organization has no such endpoint. Its queued deliveries go with it. */
export async function deleteWebhookEndpoint(
  db: Queryable,
  organizationId: number,
  uuid: string,
): Promise<boolean> {
  const rows = await db.query(
    "DELETE FROM webhook_endpoints WHERE organization_id = $1 AND uuid = $2 RETURNING id",
    [organizationId, uuid],
  );
  return rows.length > 0;
}
