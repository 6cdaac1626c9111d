import { spawnSync } from "node:child_process";
import { repoRoot } from "./consoleBuild.ts";

// Every TypeScript project of the repository, each type-checked on its own settings (`pnpm test`
// and `pnpm typecheck` both run them).
export const typecheckProjects = [
  "packages/sdk",
  "packages/server",
  "packages/cli",
  "packages/web",
  "tests",
  "scripts",
] as const;

/** `tsc -p` over one project, its errors on the terminal; true when it passed. */
export function typecheck(project: string): boolean {
  return spawnSync("tsc", ["-p", project], { cwd: repoRoot, stdio: "inherit" }).status === 0;
}
