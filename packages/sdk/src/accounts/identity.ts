import type { User } from "./schemas.ts";

/** 000 §3: fullName, else first and last name, else email. Blank strings count as absent. */
export function displayName(user: Pick<User, "fullName" | "firstName" | "lastName" | "email">): string {
  const full = user.fullName?.trim();
  if (full) return full;
  const parts = [user.firstName?.trim(), user.lastName?.trim()].filter(Boolean);
  if (parts.length > 0) return parts.join(" ");
  return user.email;
}

export interface IdentityDomains {
  superAdminDomains: readonly string[];
  staffDomains: readonly string[];
}

/** The product's own domains by default; deployments override them (SLEUTH_STAFF_DOMAINS, SLEUTH_SUPER_ADMIN_DOMAINS). */
export const defaultIdentityDomains: IdentityDomains = {
  superAdminDomains: ["admin.sleuth.dev"],
  staffDomains: ["sleuth.dev", "admin.sleuth.dev"],
};

function domainOf(email: string): string {
  return email.slice(email.lastIndexOf("@") + 1).toLowerCase();
}

/**
 * 000 §6: super admin and staff flags are derived from the e-mail. A domain matches itself only,
 * not its subdomains, so `x@evil-sleuth.dev` or `x@sleuth.dev.evil.com` never qualify.
 */
export function identityFlags(
  email: string,
  domains: IdentityDomains = defaultIdentityDomains,
): { isSuperAdmin: boolean; isStaff: boolean } {
  const domain = domainOf(email);
  const isSuperAdmin = domains.superAdminDomains.some((d) => d.toLowerCase() === domain);
  const isStaff = isSuperAdmin || domains.staffDomains.some((d) => d.toLowerCase() === domain);
  return { isSuperAdmin, isStaff };
}
