import type { UserRow } from "../accounts/rows.ts";

/** How an event names the person who caused it. */
export function personOfUser(user: Pick<UserRow, "email" | "full_name">): { name: string; email: string } {
  return { name: user.full_name ?? "", email: user.email };
}
