import type { FeatureFlags, Organization, SessionState, User, UserOrganization } from "@sleuth/sdk";
import { withFlagDefaults } from "@sleuth/sdk";
import { describe, expect, test } from "vitest";
import { signedInViewOf } from "./sessionView.ts";

const user: User = {
  id: 1,
  uuid: "00000000-0000-4000-8000-000000000001",
  email: "demo@sleuth.example",
  firstName: "Dana",
  lastName: "Demo",
  fullName: null,
  createdAt: "2024-01-01T00:00:00.000Z",
};
const organization = (id: number, name: string): Organization => ({
  id,
  uuid: `00000000-0000-4000-8000-00000000010${id}`,
  name,
  createdAt: "2024-01-01T00:00:00.000Z",
  parentOrganizationUuid: null,
  hasForensicsLicense: false,
});
const demo = organization(1, "Demo Investigations");
const partner = organization(2, "Partner Agency");
const organizations: UserOrganization[] = [
  { ...demo, role: "admin" },
  { ...partner, role: "viewer" },
];
const featureFlags: FeatureFlags = withFlagDefaults({});
const ready = { status: "ready", user, organizations, organization: demo, featureFlags } as const;

describe("signed-in view (000 §4 login sequence)", () => {
  test("000 §4 a ready session shows the organization and the user's role in it", () => {
    expect(signedInViewOf(ready, ready)).toMatchObject({
      organization: { name: "Demo Investigations" },
      role: "admin",
      switchingTo: null,
    });
  });

  test("000 §4 while a switch loads, the previous organization stays with the target announced", () => {
    const switching: SessionState = {
      status: "loadingOrganization",
      user,
      organizations,
      organizationUuid: partner.uuid,
    };
    expect(signedInViewOf(switching, ready)).toMatchObject({
      organization: { name: "Demo Investigations" },
      switchingTo: { name: "Partner Agency" },
    });
  });

  test("000 §4 the first load after sign-in is not shown as signed in until the flags are loaded", () => {
    const loading: SessionState = { status: "loadingFeatureFlags", user, organizations, organization: demo };
    expect(signedInViewOf(loading, null)).toBeNull();
    expect(signedInViewOf({ status: "unauthenticated", reason: "signed-out" }, null)).toBeNull();
  });
});
