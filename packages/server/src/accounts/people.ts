import { toIso } from "./rows.ts";

/** A person as the actions' answers name them; the columns come from a join on users. */
export interface PersonColumns {
  uuid: string | null;
  email: string | null;
  full_name: string | null;
}

export function personOf(
  row: PersonColumns | null | undefined,
): { uuid: string; email: string; fullName: string | null } | null {
  if (!row?.uuid || !row.email) return null;
  return { uuid: row.uuid, email: row.email, fullName: row.full_name };
}

/** A json_build_object of a users row aliased `alias`, so lists of people come back in one query. */
export function personJson(alias: string): string {
  return `json_build_object('uuid', ${alias}.uuid, 'email', ${alias}.email, 'full_name', ${alias}.full_name)`;
}

export function isoOrNull(value: Date | string | null | undefined): string | null {
  return value === null || value === undefined ? null : toIso(value);
}

/** jsonb arrives parsed from PGlite and from node-postgres alike; a string is parsed defensively. */
export function jsonValue<T>(value: unknown, fallback: T): T {
  if (value === null || value === undefined) return fallback;
  if (typeof value === "string") {
    try {
      return JSON.parse(value) as T;
    } catch {
      return fallback;
    }
  }
  return value as T;
}
