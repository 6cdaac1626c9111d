import type { ApiToken } from "@sleuth/sdk";
import type { Queryable } from "../store/store.ts";
import { noteCallersChange } from "./rememberedCallers.ts";
import { toIso, type UserRow, userColumns } from "./rows.ts";
import { apiTokenPrefix, newApiToken, sha256Hex } from "./secrets.ts";

interface ApiTokenRow {
  id: number;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

function toApiToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    createdAt: toIso(row.created_at),
    lastUsedAt: row.last_used_at ? toIso(row.last_used_at) : null,
  };
}

/** Mints a token for the user; the plaintext is in the answer only, the store keeps its SHA-256. */
export async function createApiToken(
  db: Queryable,
  userId: number,
  name: string,
): Promise<ApiToken & { token: string }> {
  const token = newApiToken();
  const [row] = await db.query<ApiTokenRow>(
    `INSERT INTO api_tokens (user_id, name, token_hash) VALUES ($1, $2, $3)
     RETURNING id, name, created_at, last_used_at`,
    [userId, name.trim(), sha256Hex(token)],
  );
  return { ...toApiToken(row!), token };
}

/** The user behind a live (not revoked) token, and the token's id. */
export async function findTokenUser(
  db: Queryable,
  token: string,
): Promise<{ user: UserRow; tokenId: number } | undefined> {
  if (!token.startsWith(apiTokenPrefix)) return undefined;
  const [row] = await db.query<UserRow & { token_id: number; last_used_at: Date | null }>(
    `SELECT ${userColumns}, t.id AS token_id, t.last_used_at FROM api_tokens t JOIN users u ON u.id = t.user_id
     WHERE t.token_hash = $1 AND t.revoked_at IS NULL`,
    [sha256Hex(token)],
  );
  if (!row) return undefined;
  // A minute's precision is enough for "last used", and spares a write on every request.
  if (!row.last_used_at || Date.now() - new Date(row.last_used_at).getTime() > 60_000) {
    await db.query("UPDATE api_tokens SET last_used_at = now() WHERE id = $1", [row.token_id]);
  }
  const { token_id: tokenId, last_used_at: _lastUsed, ...user } = row;
  return { user, tokenId };
}

export async function listApiTokens(db: Queryable, userId: number): Promise<ApiToken[]> {
  const rows = await db.query<ApiTokenRow>(
    `SELECT id, name, created_at, last_used_at FROM api_tokens
     WHERE user_id = $1 AND revoked_at IS NULL ORDER BY created_at, id`,
    [userId],
  );
  return rows.map(toApiToken);
}

/** Revokes one of the user's tokens; false when the user holds no live token with that id. */
export async function revokeApiToken(db: Queryable, userId: number, tokenId: number): Promise<boolean> {
  const rows = await db.query(
    "UPDATE api_tokens SET revoked_at = now() WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL RETURNING id",
    [tokenId, userId],
  );
  await noteCallersChange(db);
  return rows.length > 0;
}
