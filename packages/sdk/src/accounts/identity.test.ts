import { describe, expect, test } from "vitest";
import { displayName, identityFlags } from "./identity.ts";

const base = { email: "ana@example.org", firstName: null, lastName: null, fullName: null };

describe("000 §3 user display name", () => {
  test("000 §3 display name prefers fullName", () => {
    expect(displayName({ ...base, fullName: "Ana Lima", firstName: "A", lastName: "L" })).toBe("Ana Lima");
  });
  test("000 §3 display name falls back to first and last name", () => {
    expect(displayName({ ...base, firstName: "Ana", lastName: "Lima" })).toBe("Ana Lima");
    expect(displayName({ ...base, firstName: "Ana" })).toBe("Ana");
  });
  test("000 §3 display name falls back to the e-mail when names are blank", () => {
    expect(displayName({ ...base, fullName: "  ", firstName: "" })).toBe("ana@example.org");
  });
});

describe("000 §6 super admin and staff flags", () => {
  test("000 §6 staff flag comes from the e-mail domain", () => {
    expect(identityFlags("kim@sleuth.dev")).toEqual({ isSuperAdmin: false, isStaff: true });
    expect(identityFlags("kim@example.org")).toEqual({ isSuperAdmin: false, isStaff: false });
  });
  test("000 §6 a super admin is also staff", () => {
    expect(identityFlags("root@ADMIN.sleuth.dev")).toEqual({ isSuperAdmin: true, isStaff: true });
  });
  test("000 §6 look-alike domains do not qualify", () => {
    expect(identityFlags("x@evil-sleuth.dev").isStaff).toBe(false);
    expect(identityFlags("x@sleuth.dev.evil.com").isStaff).toBe(false);
  });
  test("000 §6 domains are configurable", () => {
    const flags = identityFlags("a@agency.gov", { superAdminDomains: [], staffDomains: ["agency.gov"] });
    expect(flags.isStaff).toBe(true);
  });
});
