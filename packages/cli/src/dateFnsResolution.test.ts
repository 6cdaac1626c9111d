import type { ResolveHookContext } from "node:module";
import { describe, expect, test } from "vitest";
import { dateFnsConditions } from "./dateFnsResolution.ts";

const esmImport: ResolveHookContext = {
  conditions: ["node", "import", "module-sync", "node-addons"],
  importAttributes: {},
  parentURL: "file:///sdk/src/format/dates.ts",
};

describe("date-fns resolved as CommonJS at CLI start-up", () => {
  test("an import of date-fns or one of its functions asks for the require build", () => {
    for (const specifier of ["date-fns", "date-fns/format", "date-fns/locale/en-US"])
      expect(dateFnsConditions(specifier, esmImport)).toEqual([
        "node",
        "require",
        "module-sync",
        "node-addons",
      ]);
  });

  test("every other import resolves as it would without the hook", () => {
    for (const specifier of ["@date-fns/utc", "date-fns-tz", "zod", "./date-fns/format.ts", "node:fs"])
      expect(dateFnsConditions(specifier, esmImport)).toBeNull();
  });
});
