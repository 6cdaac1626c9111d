import { type Role, roles } from "./schemas.ts";

/** True when `role` has at least `minimum`'s rights (viewer < editor < admin); no role has none. */
export function roleAtLeast(role: Role | null | undefined, minimum: Role): boolean {
  return role !== null && role !== undefined && roles.indexOf(role) >= roles.indexOf(minimum);
}
