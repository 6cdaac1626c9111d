export type { ActivityAction, ActivityEntry, LogActivityBody } from "./activity.ts";
export {
  activityActionSchema,
  activityActions,
  activityEntrySchema,
  logActivityBodySchema,
} from "./activity.ts";
export type { FeatureFlagKey, FeatureFlags, SetFeatureFlagBody, TargetDomain } from "./featureFlags.ts";
export {
  featureFlagDefaults,
  featureFlagKeySchema,
  featureFlagKeys,
  featureFlagMessages,
  featureFlagsQuerySchema,
  featureFlagsSchema,
  setFeatureFlagBodySchema,
  targetDomainSchema,
  targetDomains,
  withFlagDefaults,
} from "./featureFlags.ts";
export type { IdentityDomains } from "./identity.ts";
export { defaultIdentityDomains, displayName, identityFlags } from "./identity.ts";
export type { PersonRef } from "./personRef.ts";
export { personRefSchema } from "./personRef.ts";
export type { Preference, PreferenceKey } from "./preferences.ts";
export {
  parsePreferenceValue,
  preferenceKeySchema,
  preferenceKeys,
  preferenceSchema,
  preferenceValueSchemas,
  putPreferenceBodySchema,
} from "./preferences.ts";
export { activityQuerySchema, membersQuerySchema } from "./queries.ts";
export { roleAtLeast } from "./roleRights.ts";
export type {
  ApiToken,
  AuthConfig,
  ChangeMemberRoleBody,
  CreatedApiToken,
  CreateOrganizationBody,
  InviteMemberBody,
  LoginBody,
  Member,
  Organization,
  Role,
  UpdateOrganizationBody,
  User,
  UserOrganization,
} from "./schemas.ts";
export {
  apiTokenSchema,
  authConfigSchema,
  changeMemberRoleBodySchema,
  createApiTokenBodySchema,
  createdApiTokenSchema,
  createdOrganizationSchema,
  createOrganizationBodySchema,
  inviteMemberBodySchema,
  loginBodySchema,
  memberMessages,
  memberSchema,
  memberStrategies,
  organizationNameSchema,
  organizationSchema,
  roleSchema,
  roles,
  updateOrganizationBodySchema,
  userOrganizationSchema,
  userSchema,
} from "./schemas.ts";
