import { type Preference, type PreferenceKey, preferenceKeys } from "@sleuth/sdk";
import type { Queryable } from "../store/store.ts";

/** The user's preferences in one organization (000 §3); keys the SDK no longer knows are left out. */
export async function listPreferences(
  db: Queryable,
  userId: number,
  organizationId: number,
): Promise<Preference[]> {
  const rows = await db.query<{ key: PreferenceKey; value: unknown }>(
    "SELECT key, value FROM user_preferences WHERE user_id = $1 AND organization_id = $2 ORDER BY key",
    [userId, organizationId],
  );
  const known = new Set<string>(preferenceKeys);
  return rows.filter((row) => known.has(row.key)).map((row) => ({ key: row.key, value: row.value }));
}

export async function putPreference(
  db: Queryable,
  preference: { userId: number; organizationId: number; key: PreferenceKey; value: unknown },
): Promise<Preference> {
  const [row] = await db.query<{ key: PreferenceKey; value: unknown }>(
    `INSERT INTO user_preferences (user_id, organization_id, key, value) VALUES ($1, $2, $3, $4::jsonb)
     ON CONFLICT (user_id, organization_id, key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()
     RETURNING key, value`,
    [preference.userId, preference.organizationId, preference.key, JSON.stringify(preference.value)],
  );
  return { key: row!.key, value: row!.value };
}
