import type { Role } from "@sleuth/sdk";
import type { Store } from "../store/store.ts";
import { createOrganization, setMembership } from "./organizations.ts";
import { createUser, findUserByEmail } from "./users.ts";

/**
 * The accounts a fresh local install starts with, so the console and the CLI work at once. Fixed
 * uuids let the demo investigation data refer to them.
 */
export const demoAccounts = {
  user: {
    uuid: "5e1e0000-0000-4000-8000-000000000001",
    email: "demo@sleuth.example",
    password: "sleuth-demo",
    fullName: "Dana Demo",
  },
  analyst: {
    uuid: "5e1e0000-0000-4000-8000-000000000002",
    email: "analyst@sleuth.example",
    password: "sleuth-demo",
    fullName: "Alex Analyst",
  },
  organization: { uuid: "5e1e0000-0000-4000-8000-0000000000a1", name: "Demo Investigations" },
  // 002 §6: the partner (a law-enforcement agency) holds a forensics licence, so its members see IP
  // results in triage; Demo Investigations does not until its admin turns it on.
  partner: {
    uuid: "5e1e0000-0000-4000-8000-0000000000a2",
    name: "Partner Agency",
    hasForensicsLicense: true,
  },
} as const;

const memberships: ReadonlyArray<{
  user: "user" | "analyst";
  organization: "organization" | "partner";
  role: Role;
}> = [
  { user: "user", organization: "organization", role: "admin" },
  { user: "user", organization: "partner", role: "viewer" },
  { user: "analyst", organization: "partner", role: "editor" },
];

/**
 * Seeds the demo accounts into an empty store: Dana Demo (admin of Demo Investigations, viewer of its
 * child Partner Agency) and Alex Analyst (editor of Partner Agency only). Answers false and changes
 * nothing when the store already holds users.
 */
export async function seedDemoAccounts(store: Store): Promise<boolean> {
  return store.transaction(async (tx) => {
    const [existing] = await tx.query("SELECT 1 FROM users LIMIT 1");
    if (existing) return false;
    const users = {
      user: await createUser(tx, demoAccounts.user),
      analyst: await createUser(tx, demoAccounts.analyst),
    };
    const organization = await createOrganization(tx, demoAccounts.organization);
    const partner = await createOrganization(tx, {
      ...demoAccounts.partner,
      parentOrganizationId: organization.id,
    });
    const organizations = { organization, partner };
    // Memberships are ordered by their date: the demo user's first (default) organization is the first one.
    for (const [index, membership] of memberships.entries()) {
      await setMembership(
        tx,
        users[membership.user].id,
        organizations[membership.organization].id,
        membership.role,
      );
      await tx.query(
        "UPDATE memberships SET created_at = created_at + make_interval(secs => $3) WHERE user_id = $1 AND organization_id = $2",
        [users[membership.user].id, organizations[membership.organization].id, index],
      );
    }
    return true;
  });
}

/** The demo user when the store holds one. */
export async function findDemoUser(store: Store) {
  return findUserByEmail(store, demoAccounts.user.email);
}
