import type { Queryable } from "../store/store.ts";
import { noteCallersChange } from "./rememberedCallers.ts";
import { type UserRow, userColumns } from "./rows.ts";
import { newSessionId, sha256Hex } from "./secrets.ts";

/** Browser sessions last 30 days, as long as their cookie. */
export const sessionLifetimeMs = 30 * 24 * 60 * 60 * 1000;

/** Opens a session and answers the cookie value; only its hash is stored. */
export async function createSession(db: Queryable, userId: number): Promise<{ id: string; expiresAt: Date }> {
  const id = newSessionId();
  const expiresAt = new Date(Date.now() + sessionLifetimeMs);
  await db.query("INSERT INTO sessions (id_hash, user_id, expires_at) VALUES ($1, $2, $3)", [
    sha256Hex(id),
    userId,
    expiresAt,
  ]);
  return { id, expiresAt };
}

export async function findSessionUser(db: Queryable, id: string): Promise<UserRow | undefined> {
  const [row] = await db.query<UserRow>(
    `SELECT ${userColumns} FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.id_hash = $1 AND s.expires_at > now()`,
    [sha256Hex(id)],
  );
  return row;
}

export async function deleteSession(db: Queryable, id: string): Promise<void> {
  await db.query("DELETE FROM sessions WHERE id_hash = $1 OR expires_at <= now()", [sha256Hex(id)]);
  // The very next request with the ended session is turned away.
  await noteCallersChange(db);
}
