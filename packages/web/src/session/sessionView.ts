import type { FeatureFlags, Organization, Role, SessionState, User, UserOrganization } from "@sleuth/sdk";

export type ReadyState = Extract<SessionState, { status: "ready" }>;

/** What the signed-in layout shows: kept on screen while an organization switch loads. */
export interface SignedInView {
  user: User;
  organizations: UserOrganization[];
  organization: Organization;
  role: Role | null;
  featureFlags: FeatureFlags;
  /** The organization being switched to, until it and its flags have loaded. */
  switchingTo: UserOrganization | null;
}

/**
 * The layout for the current state, or null when the console should show the splash, sign-in or
 * no-organization screen. During a switch (000 §4: organization, then flags) the previous
 * organization stays visible so the page and the focus do not jump.
 */
export function signedInViewOf(state: SessionState, lastReady: ReadyState | null): SignedInView | null {
  const roleIn = (organizations: UserOrganization[], uuid: string) =>
    organizations.find((organization) => organization.uuid === uuid)?.role ?? null;
  if (state.status === "ready") {
    return {
      user: state.user,
      organizations: state.organizations,
      organization: state.organization,
      role: roleIn(state.organizations, state.organization.uuid),
      featureFlags: state.featureFlags,
      switchingTo: null,
    };
  }
  if ((state.status === "loadingOrganization" || state.status === "loadingFeatureFlags") && lastReady) {
    const targetUuid =
      state.status === "loadingOrganization" ? state.organizationUuid : state.organization.uuid;
    return {
      user: state.user,
      organizations: state.organizations,
      organization: lastReady.organization,
      role: roleIn(state.organizations, lastReady.organization.uuid),
      featureFlags: lastReady.featureFlags,
      switchingTo: state.organizations.find((organization) => organization.uuid === targetUuid) ?? null,
    };
  }
  return null;
}
