// `pnpm test`: lint and format check, type-check, then every test (unit, server-over-HTTP on PGlite
// and PostgreSQL, cli, browser in Chromium; the browser project builds the console first when it is stale).
// Stops at the first failing step.
import { spawnSync } from "node:child_process";
import { repoRoot } from "./lib/consoleBuild.ts";
import { ensureSystemDependencies } from "./lib/systemDeps.ts";
import { typecheckProjects } from "./lib/typecheck.ts";

function step(title: string, command: string, args: string[]): void {
  console.error(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`✗ ${title} failed`);
    process.exit(result.status ?? 1);
  }
  console.error(`✓ ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

try {
  ensureSystemDependencies();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
step("lint and format (biome)", "biome", ["check", "."]);
for (const project of typecheckProjects) step(`type-check ${project}`, "tsc", ["-p", project]);
step("tests (vitest: unit, server, cli, browser)", "vitest", ["run", ...process.argv.slice(2)]);
