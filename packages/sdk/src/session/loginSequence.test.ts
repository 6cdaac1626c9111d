import { describe, expect, test } from "vitest";
import { featureFlagDefaults } from "../accounts/featureFlags.ts";
import type { Organization, User, UserOrganization } from "../accounts/schemas.ts";
import {
  initialSessionState,
  type SessionEvent,
  type SessionState,
  sessionReducer,
} from "./loginSequence.ts";

const user: User = {
  id: 1,
  uuid: "0b8e3f5e-6f7a-4c1e-9c55-0c1f3d4e5a61",
  email: "dana@example.org",
  firstName: "Dana",
  lastName: "Demo",
  fullName: null,
  createdAt: "2026-01-01T00:00:00.000Z",
};
const org = (n: number): UserOrganization => ({
  id: n,
  uuid: `00000000-0000-4000-8000-00000000000${n}`,
  name: `Org ${n}`,
  createdAt: "2026-01-01T00:00:00.000Z",
  parentOrganizationUuid: null,
  hasForensicsLicense: false,
  role: "admin",
});
const organizations = [org(1), org(2)];
const asOrganization = ({ role: _role, ...rest }: UserOrganization): Organization => rest;

function run(events: SessionEvent[], from: SessionState = initialSessionState) {
  let state = from;
  const effects = [];
  for (const event of events) {
    const [next, produced] = sessionReducer(state, event);
    state = next;
    effects.push(...produced);
  }
  return { state, effects };
}

describe("000 §4 login sequence", () => {
  test("000 §4 auth client, then user, then organization, then feature flags", () => {
    const { state, effects } = run([
      { type: "authClientReady" },
      { type: "userLoaded", user, organizations, storedOrganizationUuid: null },
      { type: "organizationLoaded", organization: asOrganization(org(1)) },
      { type: "featureFlagsLoaded", featureFlags: featureFlagDefaults },
    ]);
    expect(state.status).toBe("ready");
    expect(effects.map((effect) => effect.type)).toEqual([
      "loadUser",
      "loadOrganization",
      "storeOrganization",
      "loadFeatureFlags",
    ]);
  });

  test("000 §4 the stored organization is used when the user still belongs to it", () => {
    const { state } = run([
      { type: "authClientReady" },
      { type: "userLoaded", user, organizations, storedOrganizationUuid: org(2).uuid },
    ]);
    expect(state).toMatchObject({ status: "loadingOrganization", organizationUuid: org(2).uuid });
  });

  test("000 §4 a failing stored organization is cleared and another one is loaded", () => {
    const { state, effects } = run([
      { type: "authClientReady" },
      { type: "userLoaded", user, organizations, storedOrganizationUuid: org(2).uuid },
      { type: "organizationFailed" },
    ]);
    expect(effects).toContainEqual({ type: "clearStoredOrganization" });
    expect(state).toMatchObject({ status: "loadingOrganization", organizationUuid: org(1).uuid });
  });

  test("000 §4 a stored organization the user no longer belongs to is cleared", () => {
    const { effects } = run([
      { type: "authClientReady" },
      {
        type: "userLoaded",
        user,
        organizations,
        storedOrganizationUuid: "00000000-0000-4000-8000-000000000009",
      },
    ]);
    expect(effects).toContainEqual({ type: "clearStoredOrganization" });
  });

  test("000 §4 a vanished user resets the session and clears the query cache", () => {
    const { state, effects } = run([{ type: "authClientReady" }, { type: "userMissing" }]);
    expect(state).toEqual({ status: "unauthenticated", reason: "no-user" });
    expect(effects).toContainEqual({ type: "clearQueryCache" });
  });

  test("000 §4 authentication client failure means not authenticated", () => {
    expect(run([{ type: "authClientFailed" }]).state).toEqual({
      status: "unauthenticated",
      reason: "auth-client-failed",
    });
  });

  test("000 §4 switching organization records an activity entry and drops cached data", () => {
    const ready = run([
      { type: "authClientReady" },
      { type: "userLoaded", user, organizations, storedOrganizationUuid: null },
      { type: "organizationLoaded", organization: asOrganization(org(1)) },
      { type: "featureFlagsLoaded", featureFlags: featureFlagDefaults },
    ]).state;
    const { state, effects } = run([{ type: "switchOrganization", organizationUuid: org(2).uuid }], ready);
    expect(state).toMatchObject({ status: "loadingOrganization", organizationUuid: org(2).uuid });
    expect(effects).toContainEqual({
      type: "recordActivity",
      action: "organization_switch",
      organizationUuid: org(2).uuid,
    });
    expect(effects).toContainEqual({ type: "clearQueryCache" });
  });

  test("000 §4 switching to an organization the user does not belong to does nothing", () => {
    const ready = run([
      { type: "authClientReady" },
      { type: "userLoaded", user, organizations, storedOrganizationUuid: null },
      { type: "organizationLoaded", organization: asOrganization(org(1)) },
      { type: "featureFlagsLoaded", featureFlags: featureFlagDefaults },
    ]).state;
    const { state, effects } = run(
      [{ type: "switchOrganization", organizationUuid: "00000000-0000-4000-8000-000000000009" }],
      ready,
    );
    expect(state).toBe(ready);
    expect(effects).toEqual([]);
  });

  test("000 §4 a user without organizations is told so instead of loading forever", () => {
    const { state } = run([
      { type: "authClientReady" },
      { type: "userLoaded", user, organizations: [], storedOrganizationUuid: null },
    ]);
    expect(state.status).toBe("noOrganization");
  });
});
