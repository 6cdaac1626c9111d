import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

export const repoRoot = resolve(import.meta.dirname, "..", "..");
export const webDist = join(repoRoot, "packages", "web", "dist");

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === "node_modules" || entry === "dist") continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** The console's sources (and the SDK it bundles) are newer than its build. */
export function webBuildIsStale(): boolean {
  const built = join(webDist, "index.html");
  if (!existsSync(built)) return true;
  const sources = [join(repoRoot, "packages", "web"), join(repoRoot, "packages", "sdk", "src")];
  return Math.max(...sources.map(newestMtime)) > statSync(built).mtimeMs;
}

export function buildWeb(options: { force?: boolean } = {}): void {
  if (!options.force && !webBuildIsStale()) return;
  console.error("Building the console (vite build)…");
  const web = join(repoRoot, "packages", "web");
  const result = spawnSync(join(web, "node_modules", ".bin", "vite"), ["build"], {
    cwd: web,
    stdio: "inherit",
  });
  if (result.status !== 0) throw new Error("The console did not build (see the output above).");
}
