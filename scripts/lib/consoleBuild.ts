import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const webRoot = join(repoRoot, "packages/web");
/** The built console the test server serves. */
export const webDist = join(webRoot, "dist");

/** What goes into the bundle: the console and the SDK it bundles. */
const inputs = [
  join(webRoot, "src"),
  join(webRoot, "index.html"),
  join(webRoot, "vite.config.ts"),
  join(webRoot, "package.json"),
  join(repoRoot, "packages/sdk/src"),
];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return /\.test\.tsx?$/.test(path) ? 0 : stats.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

/** True when dist is missing or older than one of the files it is built from. */
export function consoleBuildIsStale(): boolean {
  const built = join(webDist, "index.html");
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return inputs.some((input) => newestChange(input) > builtAt);
}

/** Builds the console with Vite when dist is missing or stale (used by `pnpm start` and the browser tests). */
export function ensureConsoleBuilt(): void {
  if (!consoleBuildIsStale()) return;
  console.error("Building the console (vite build)…");
  const vite = join(webRoot, "node_modules/vite/bin/vite.js");
  // vitest sets NODE_ENV=test, which would bundle React's development build.
  const env = { ...process.env, NODE_ENV: "production" };
  const result = spawnSync(process.execPath, [vite, "build", "--logLevel", "warn"], {
    cwd: webRoot,
    env,
    encoding: "utf8",
  });
  if (result.status !== 0) {
    throw new Error(
      `vite build of the console failed (exit ${result.status}):\n${result.stderr}\n${result.stdout}`,
    );
  }
}
