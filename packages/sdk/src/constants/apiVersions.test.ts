import { expect, test } from "vitest";
import { apiVersionFamilies, apiVersionOf } from "./apiVersions.ts";

test("000 §6 apiVersionLatest sends each call's latest version, else its pinned one", () => {
  expect(apiVersionOf("flowSummary", false)).toBe("v5");
  expect(apiVersionOf("flowSummary", true)).toBe("v7");
  expect(apiVersionOf("statistics", true)).toBe("v5");
  for (const family of Object.values(apiVersionFamilies)) {
    // The pinned version is one the server answers under.
    expect(family.versions).toContain(family.pinned);
  }
});
