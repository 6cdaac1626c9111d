import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

// Issue 45: the SDK's index names what other packages use, and nothing else. A name no other
// package imports belongs to the file that defines it, where the SDK's own files import it.

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));

/** The names listed in `export { … } from` / `export type { … } from` clauses of `text`. */
function namesOf(clauses: RegExp, text: string, pick: (name: string) => string): Set<string> {
  const names = new Set<string>();
  for (const match of text.matchAll(clauses))
    for (const raw of match[1]!.split(",")) {
      const name = raw.trim().replace(/^type\s+/, "");
      if (name) names.add(pick(name));
    }
  return names;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => !path.includes("node_modules") && !path.includes("/dist/"));
}

test("issue 45 every name the SDK's index exports is imported by another package, a test or a script", () => {
  const index = readFileSync(new URL("./index.ts", import.meta.url), "utf8");
  const exported = namesOf(/export\s+(?:type\s+)?\{([^}]*)\}\s+from/g, index, (name) =>
    name
      .split(/\s+as\s+/)
      .at(-1)!
      .trim(),
  );
  expect(exported.size).toBeGreaterThan(100);
  const users = ["packages/server", "packages/web", "packages/cli", "tests", "scripts"].flatMap((dir) =>
    sourceFiles(join(repoRoot, dir)),
  );
  const used = new Set<string>();
  for (const file of users)
    for (const name of namesOf(
      /(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s+from\s+"@sleuth\/sdk"/g,
      readFileSync(file, "utf8"),
      (entry) => entry.split(/\s+as\s+/)[0]!.trim(),
    ))
      used.add(name);
  expect([...exported].filter((name) => !used.has(name)).sort()).toEqual([]);
});
