import type { UserOrganization } from "@sleuth/sdk";
import { describe, expect, test } from "vitest";
import { CliError } from "./errors.ts";
import { currentOrganization, findOrganization } from "./organizations.ts";

function organization(name: string, uuid: string, role: UserOrganization["role"]): UserOrganization {
  return {
    id: 1,
    uuid,
    name,
    role,
    createdAt: "2024-01-01T00:00:00.000Z",
    parentOrganizationUuid: null,
    hasForensicsLicense: false,
  };
}

const demo = organization("Demo Investigations", "6f1c2a5e-8d3b-4c7a-9e10-2b3c4d5e6f70", "admin");
const partner = organization("Partner Agency", "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d", "viewer");
const mine = [demo, partner];

describe("000 §7 organizations: choosing one by uuid or name", () => {
  test("by uuid, in any case", () => {
    expect(findOrganization(mine, partner.uuid.toUpperCase())).toBe(partner);
  });

  test("by name, ignoring case", () => {
    expect(findOrganization(mine, "partner agency")).toBe(partner);
  });

  test("an organization the caller is not in is not found", () => {
    expect(findOrganization(mine, "Someone Else")).toBeUndefined();
    expect(findOrganization(mine, "11111111-2222-4333-8444-555555555555")).toBeUndefined();
  });

  test("a name two organizations share must be given as a uuid", () => {
    const twin = organization("Partner Agency", "99999999-2222-4333-8444-555555555555", "editor");
    expect(() => findOrganization([...mine, twin], "Partner Agency")).toThrow(/2 of your organizations/);
    try {
      findOrganization([...mine, twin], "Partner Agency");
    } catch (error) {
      expect((error as CliError).hint).toContain(twin.uuid);
    }
  });
});

describe("000 §7 session: the current organization", () => {
  test("without a choice, the caller's first organization (the server's default)", () => {
    expect(currentOrganization(mine, null)).toBe(demo);
    expect(currentOrganization([], null)).toBeNull();
  });

  test("the configured one when the caller is a member", () => {
    const configured = { value: partner.uuid, source: { kind: "config-file" as const, name: "/c.json" } };
    expect(currentOrganization(mine, configured)).toBe(partner);
  });

  test("a configured organization the caller left is an error naming its source", () => {
    const configured = { value: "Gone Org", source: { kind: "env" as const, name: "SLEUTH_ORG" } };
    expect(() => currentOrganization(mine, configured)).toThrow(CliError);
    expect(() => currentOrganization(mine, configured)).toThrow(/SLEUTH_ORG/);
  });
});
