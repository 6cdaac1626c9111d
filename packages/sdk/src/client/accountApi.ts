import { z } from "zod";
import { type ActivityAction, activityEntrySchema } from "../accounts/activity.ts";
import {
  type FeatureFlagKey,
  type FeatureFlags,
  featureFlagsSchema,
  type SetFeatureFlagBody,
  type TargetDomain,
  withFlagDefaults,
} from "../accounts/featureFlags.ts";
import { type PreferenceKey, parsePreferenceValue, preferenceSchema } from "../accounts/preferences.ts";
import {
  apiTokenSchema,
  authConfigSchema,
  type ChangeMemberRoleBody,
  createdApiTokenSchema,
  type InviteMemberBody,
  type LoginBody,
  memberSchema,
  organizationSchema,
  type Role,
  type UpdateOrganizationBody,
  userOrganizationSchema,
  userSchema,
} from "../accounts/schemas.ts";
import { createdOrganizationOf } from "../organization/createdOrganization.ts";
import { ApiError } from "./errors.ts";
import type { HttpCore } from "./httpCore.ts";

/** Sign-in, the signed-in user and API tokens (000 §4 login sequence, 000 §7 session). */
export function authApi(core: HttpCore) {
  return {
    config: async () => (await core.request("GET", "/auth/config", { schema: authConfigSchema })).data,
    login: async (body: LoginBody) =>
      (await core.request("POST", "/auth/login", { body, schema: userSchema })).data,
    demoLogin: async () => (await core.request("POST", "/auth/demo-login", { schema: userSchema })).data,
    logout: async () => {
      await core.request("POST", "/auth/logout", { schema: z.unknown() });
    },
    userInfo: async (signal?: AbortSignal) =>
      (await core.request("GET", "/auth-user-info", { schema: userSchema, signal })).data,
    createToken: async (body: { name: string; email?: string; password?: string }) =>
      (
        await core.request("POST", "/api-tokens", {
          body,
          schema: createdApiTokenSchema,
          idempotencyKey: true,
        })
      ).data,
    listTokens: async () =>
      (await core.request("GET", "/api-tokens", { schema: z.array(apiTokenSchema) })).data,
    revokeToken: async (id: number) => {
      await core.request("DELETE", `/api-tokens/${id}`, { schema: z.unknown() });
    },
  };
}

/** 000 §7 Session and organizations; 002 §7 members and invitations. */
export function organizationsApi(core: HttpCore) {
  return {
    get: async (id: string) =>
      (await core.request("GET", `/organizations/${encodeURIComponent(id)}`, { schema: organizationSchema }))
        .data,
    /** A new name, or (002 §6) the forensics licence; admins only. */
    update: async (id: string, body: UpdateOrganizationBody) =>
      (
        await core.request("PATCH", `/organizations/${encodeURIComponent(id)}`, {
          body,
          schema: organizationSchema,
        })
      ).data,
    /** 000 §5: the answer must carry a uuid; a duplicate name answers 409 without one. */
    create: async (body: { name: string; parentOrganizationUuid?: string | null }) => {
      let response: unknown;
      try {
        response = (
          await core.request("POST", "/organizations", { body, schema: z.unknown(), idempotencyKey: true })
        ).data;
      } catch (error) {
        if (!(error instanceof ApiError && error.code === "conflict")) throw error;
        response = undefined;
      }
      const created = createdOrganizationOf(response, body.name);
      if (!created.ok) throw new ApiError({ status: 409, code: "conflict", message: created.message });
      return created.organization;
    },
    remove: async (id: string) => {
      await core.request("DELETE", `/organizations/${encodeURIComponent(id)}`, { schema: z.unknown() });
    },
    /** The caller's organizations, each with the caller's role in it. */
    mine: async () =>
      (await core.request("GET", "/users-organizations", { schema: z.array(userOrganizationSchema) })).data,
    members: async (options: { includeMemberStrategies?: boolean } = {}) =>
      (
        await core.request("GET", "/users-organizations/users", {
          query: { includeMemberStrategies: options.includeMemberStrategies },
          schema: z.object({ members: z.array(memberSchema) }),
        })
      ).data.members,
    /** Removes a member from the current organization (admin; the last admin stays). */
    removeMember: async (userUuid: string) => {
      await core.request("DELETE", `/users-organizations/users/${encodeURIComponent(userUuid)}`, {
        schema: z.unknown(),
      });
    },
    /** Changes a member's role in the current organization (admin; the last admin stays). */
    changeRole: async (userUuid: string, body: ChangeMemberRoleBody) =>
      (
        await core.request("PATCH", `/users-organizations/users/${encodeURIComponent(userUuid)}`, {
          body,
          schema: memberSchema,
        })
      ).data,
    invite: async (body: InviteMemberBody) =>
      (
        await core.request("POST", "/users-organizations", {
          body,
          schema: z.object({ user: userSchema, role: z.custom<Role>() }),
          idempotencyKey: true,
        })
      ).data,
  };
}

/** 000 §6 feature flags, per organization and target domain, with defaults for unnamed flags. */
export function featureFlagsApi(core: HttpCore) {
  return {
    get: async (organizationUuid: string, targetDomain: TargetDomain = "front-end"): Promise<FeatureFlags> =>
      withFlagDefaults(
        (
          await core.request("GET", "/feature-flags", {
            query: { organizationUuid, targetDomain },
            schema: featureFlagsSchema,
          })
        ).data,
      ),
    /** 002 §6 debug toggle (staff and super admins only); answers every flag after the change. */
    set: async (key: FeatureFlagKey, body: SetFeatureFlagBody): Promise<FeatureFlags> =>
      withFlagDefaults(
        (await core.request("PUT", `/feature-flags/${key}`, { body, schema: featureFlagsSchema })).data,
      ),
  };
}

/** 000 §3 user preferences. */
export function preferencesApi(core: HttpCore) {
  return {
    list: async () =>
      (await core.request("GET", "/user-preferences", { schema: z.array(preferenceSchema) })).data,
    set: async <K extends PreferenceKey>(key: K, value: unknown) => {
      const checked = parsePreferenceValue(key, value);
      return (
        await core.request("PUT", `/user-preferences/${key}`, {
          body: { value: checked },
          schema: preferenceSchema,
        })
      ).data;
    },
  };
}

/** The user activity log (000 §4): login, organization switch, search query and the 002 §7 events. */
export function activityApi(core: HttpCore) {
  return {
    log: async (action: ActivityAction, details: Record<string, unknown> = {}) =>
      (
        await core.request("POST", "/user-activity", {
          body: { action, details },
          schema: activityEntrySchema,
          idempotencyKey: true,
        })
      ).data,
    list: async (options: { limit?: number; offset?: number } = {}) =>
      (
        await core.request("GET", "/user-activity", {
          query: { limit: options.limit, offset: options.offset },
          schema: z.array(activityEntrySchema),
        })
      ).data,
  };
}
