import type { FeatureFlags } from "../accounts/featureFlags.ts";
import type { Organization, User, UserOrganization } from "../accounts/schemas.ts";

// 000 §4 Login sequence as a pure reducer: auth client initialised -> user -> organization ->
// feature flags. Side effects are returned as data so the web (and tests) decide how to run them.
export type SessionState =
  | { status: "initialising" }
  | { status: "unauthenticated"; reason: "auth-client-failed" | "no-user" | "signed-out" }
  | { status: "loadingUser" }
  | { status: "loadingOrganization"; user: User; organizations: UserOrganization[]; organizationUuid: string }
  | {
      status: "loadingFeatureFlags";
      user: User;
      organizations: UserOrganization[];
      organization: Organization;
    }
  | {
      status: "ready";
      user: User;
      organizations: UserOrganization[];
      organization: Organization;
      featureFlags: FeatureFlags;
    }
  | { status: "noOrganization"; user: User };

export type SessionEvent =
  | { type: "authClientReady" }
  | { type: "authClientFailed" }
  | {
      type: "userLoaded";
      user: User;
      organizations: UserOrganization[];
      storedOrganizationUuid: string | null;
    }
  | { type: "userMissing" }
  | { type: "organizationLoaded"; organization: Organization }
  | { type: "organizationFailed" }
  | { type: "featureFlagsLoaded"; featureFlags: FeatureFlags }
  | { type: "switchOrganization"; organizationUuid: string }
  | { type: "signedOut" };

export type SessionEffect =
  | { type: "loadUser" }
  | { type: "loadOrganization"; organizationUuid: string }
  | { type: "loadFeatureFlags"; organizationUuid: string }
  | { type: "storeOrganization"; organizationUuid: string }
  | { type: "clearStoredOrganization" }
  | { type: "clearQueryCache" }
  | { type: "recordActivity"; action: "login" | "organization_switch"; organizationUuid: string };

export const initialSessionState: SessionState = { status: "initialising" };

function firstOrganizationUuid(organizations: UserOrganization[], except?: string): string | undefined {
  return organizations.find((organization) => organization.uuid !== except)?.uuid;
}

export function sessionReducer(state: SessionState, event: SessionEvent): [SessionState, SessionEffect[]] {
  switch (event.type) {
    case "authClientReady":
      return [{ status: "loadingUser" }, [{ type: "loadUser" }]];
    case "authClientFailed":
      // 000 §4: authentication client failure means not authenticated.
      return [{ status: "unauthenticated", reason: "auth-client-failed" }, []];
    case "userMissing":
      // 000 §4: when the user disappears the session is reset and the query cache cleared.
      return [{ status: "unauthenticated", reason: "no-user" }, [{ type: "clearQueryCache" }]];
    case "signedOut":
      return [
        { status: "unauthenticated", reason: "signed-out" },
        [{ type: "clearQueryCache" }, { type: "clearStoredOrganization" }],
      ];
    case "userLoaded": {
      const { user, organizations, storedOrganizationUuid } = event;
      const stored = organizations.some((organization) => organization.uuid === storedOrganizationUuid)
        ? storedOrganizationUuid
        : null;
      const organizationUuid = stored ?? firstOrganizationUuid(organizations);
      if (!organizationUuid)
        return [{ status: "noOrganization", user }, [{ type: "clearStoredOrganization" }]];
      const effects: SessionEffect[] = [];
      if (storedOrganizationUuid && !stored) effects.push({ type: "clearStoredOrganization" });
      effects.push({ type: "loadOrganization", organizationUuid });
      return [{ status: "loadingOrganization", user, organizations, organizationUuid }, effects];
    }
    case "organizationLoaded": {
      if (state.status !== "loadingOrganization") return [state, []];
      return [
        {
          status: "loadingFeatureFlags",
          user: state.user,
          organizations: state.organizations,
          organization: event.organization,
        },
        [
          { type: "storeOrganization", organizationUuid: event.organization.uuid },
          { type: "loadFeatureFlags", organizationUuid: event.organization.uuid },
        ],
      ];
    }
    case "organizationFailed": {
      if (state.status !== "loadingOrganization") return [state, []];
      // 000 §4: a failing stored organization is cleared; fall back to another one if the user has it.
      const fallback = firstOrganizationUuid(state.organizations, state.organizationUuid);
      const effects: SessionEffect[] = [{ type: "clearStoredOrganization" }];
      if (!fallback) return [{ status: "noOrganization", user: state.user }, effects];
      const organizations = state.organizations.filter(
        (organization) => organization.uuid !== state.organizationUuid,
      );
      effects.push({ type: "loadOrganization", organizationUuid: fallback });
      return [
        { status: "loadingOrganization", user: state.user, organizations, organizationUuid: fallback },
        effects,
      ];
    }
    case "featureFlagsLoaded":
      if (state.status !== "loadingFeatureFlags") return [state, []];
      return [
        {
          status: "ready",
          user: state.user,
          organizations: state.organizations,
          organization: state.organization,
          featureFlags: event.featureFlags,
        },
        [],
      ];
    case "switchOrganization": {
      if (state.status !== "ready" || state.organization.uuid === event.organizationUuid) return [state, []];
      if (!state.organizations.some((organization) => organization.uuid === event.organizationUuid))
        return [state, []];
      // 000 §4: switching organization records an activity entry; cached data of the old one is dropped.
      return [
        {
          status: "loadingOrganization",
          user: state.user,
          organizations: state.organizations,
          organizationUuid: event.organizationUuid,
        },
        [
          { type: "clearQueryCache" },
          { type: "recordActivity", action: "organization_switch", organizationUuid: event.organizationUuid },
          { type: "loadOrganization", organizationUuid: event.organizationUuid },
        ],
      ];
    }
  }
}

/** Ours (issue 41): the answers a sign-in gets besides success. */
export const signInMessages = {
  incorrect: "Incorrect e-mail or password",
  throttled: (seconds: number) =>
    `Too many failed sign-ins. Try again in ${seconds < 120 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`}.`,
} as const;
