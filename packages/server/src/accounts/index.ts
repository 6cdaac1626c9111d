export { listActivity, logActivity } from "./activity.ts";
export { createApiToken, findTokenUser, listApiTokens, revokeApiToken } from "./apiTokens.ts";
export { demoAccounts, findDemoUser, seedDemoAccounts } from "./demoAccounts.ts";
export { featureFlagsFor, setFeatureFlag } from "./featureFlags.ts";
export {
  createOrganization,
  findMembership,
  findOrganizationById,
  findOrganizationByName,
  findOrganizationByUuid,
  listMemberships,
  organizationNameConstraint,
  setMembership,
} from "./organizations.ts";
export { hashPassword, verifyPassword } from "./passwords.ts";
export { listPreferences, putPreference } from "./preferences.ts";
export type { MembershipOrganizationRow, OrganizationRow, UserRow } from "./rows.ts";
export { toOrganization, toUser } from "./rows.ts";
export { newApiToken, sha256Hex } from "./secrets.ts";
export { createSession, deleteSession, findSessionUser, sessionLifetimeMs } from "./sessions.ts";
export type { NewUser } from "./users.ts";
export { createUser, findUserByEmail, findUserById, setPassword, splitFullName } from "./users.ts";
