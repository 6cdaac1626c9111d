import type { Organization, Role, User } from "@sleuth/sdk";

/** Columns of `users` as the store answers them. */
export interface UserRow {
  id: number;
  uuid: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  full_name: string | null;
  password_hash: string | null;
  created_at: Date;
}

export interface OrganizationRow {
  id: number;
  uuid: string;
  name: string;
  parent_organization_id: number | null;
  /** Joined from the parent row; the wire names the parent by uuid. */
  parent_organization_uuid: string | null;
  /** 002 §6: IP results in triage. */
  has_forensics_license: boolean;
  created_at: Date;
}

export interface MembershipOrganizationRow extends OrganizationRow {
  role: Role;
}

export const userColumns =
  "u.id, u.uuid, u.email, u.first_name, u.last_name, u.full_name, u.password_hash, u.created_at";

export const organizationColumns =
  "o.id, o.uuid, o.name, o.parent_organization_id, p.uuid AS parent_organization_uuid, o.has_forensics_license, o.created_at";

/** FROM clause pairing `o` with its parent `p`, for organizationColumns. */
export const organizationsWithParent =
  "organizations o LEFT JOIN organizations p ON p.id = o.parent_organization_id";

export function toIso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** 000 §3 User as the wire carries it; the password hash never leaves the server. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    uuid: row.uuid,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    fullName: row.full_name,
    createdAt: toIso(row.created_at),
  };
}

/** 000 §3 Organization as the wire carries it. */
export function toOrganization(row: OrganizationRow): Organization {
  return {
    id: row.id,
    uuid: row.uuid,
    name: row.name,
    createdAt: toIso(row.created_at),
    parentOrganizationUuid: row.parent_organization_uuid,
    hasForensicsLicense: row.has_forensics_license,
  };
}
