import type { Queryable } from "../store/store.ts";
import { hashPassword } from "./passwords.ts";
import { type UserRow, userColumns } from "./rows.ts";

export interface NewUser {
  /** Fixed for the demo accounts so later seeds can refer to them; random otherwise. */
  uuid?: string;
  email: string;
  /** Omitted for invited users: they cannot sign in until an admin sets one. */
  password?: string | null;
  fullName?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

/** Splits "Dana Demo" into first and last name; one word is a first name only. */
export function splitFullName(fullName: string | null | undefined): {
  firstName: string | null;
  lastName: string | null;
} {
  const words = fullName?.trim().split(/\s+/).filter(Boolean) ?? [];
  if (words.length === 0) return { firstName: null, lastName: null };
  return { firstName: words[0] ?? null, lastName: words.length > 1 ? words.slice(1).join(" ") : null };
}

export async function createUser(db: Queryable, user: NewUser): Promise<UserRow> {
  const split = splitFullName(user.fullName);
  const passwordHash = user.password ? await hashPassword(user.password) : null;
  const [row] = await db.query<UserRow>(
    `INSERT INTO users AS u (uuid, email, first_name, last_name, full_name, password_hash)
     VALUES (COALESCE($1::uuid, gen_random_uuid()), $2, $3, $4, $5, $6) RETURNING ${userColumns}`,
    [
      user.uuid ?? null,
      user.email.trim().toLowerCase(),
      user.firstName ?? split.firstName,
      user.lastName ?? split.lastName,
      user.fullName?.trim() || null,
      passwordHash,
    ],
  );
  return row!;
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const [row] = await db.query<UserRow>(`SELECT ${userColumns} FROM users u WHERE u.email = $1`, [
    email.trim().toLowerCase(),
  ]);
  return row;
}

export async function findUserById(db: Queryable, id: number): Promise<UserRow | undefined> {
  const [row] = await db.query<UserRow>(`SELECT ${userColumns} FROM users u WHERE u.id = $1`, [id]);
  return row;
}

export async function setPassword(db: Queryable, userId: number, password: string): Promise<void> {
  await db.query("UPDATE users SET password_hash = $2 WHERE id = $1", [userId, await hashPassword(password)]);
}
