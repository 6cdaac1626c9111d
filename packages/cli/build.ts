import { rmSync, statSync, writeFileSync } from "node:fs";
import { isAbsolute, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { rolldown } from "rolldown";
import { bundleIsCurrent, distUrl, manifestUrl } from "./bin/bundleState.js";

const entry = fileURLToPath(new URL("src/main.ts", import.meta.url));
const distDir = fileURLToPath(distUrl);
const manifestDir = fileURLToPath(new URL(".", manifestUrl));
const lockfile = fileURLToPath(new URL("../../pnpm-lock.yaml", import.meta.url));

/**
 * Bundles the CLI (src/main.ts, the SDK and every dependency) into dist/main.js, with Ink and React
 * in chunks of their own that only a terminal loads, and writes the manifest bin/sleuth.js checks.
 */
export async function buildCli(): Promise<void> {
  rmSync(distDir, { recursive: true, force: true });
  const bundle = await rolldown({
    input: entry,
    platform: "node",
    // Ink loads it only under DEV=true (React DevTools), which a user of the CLI never sets.
    // resvg is a native addon (graph PNG export): loaded from node_modules, never bundled.
    external: ["react-devtools-core", "@resvg/resvg-js"],
    logLevel: "warn",
  });
  try {
    await bundle.write({
      dir: distDir,
      format: "esm",
      entryFileNames: "main.js",
      chunkFileNames: "[name]-[hash].js",
    });
    // Every file of ours the build read, tree-shaken or not (a barrel that re-exports from elsewhere
    // adds no code of its own, yet editing it changes the bundle). Installed packages are covered by
    // the lockfile, which pins each one: a thousand files fewer to check on every start.
    const inputs: Record<string, number> = {};
    for (const file of [...(await bundle.watchFiles), lockfile]) {
      // Rolldown's own runtime helpers are virtual modules ("\0…"), not files.
      if (!isAbsolute(file) || file.split(sep).includes("node_modules")) continue;
      const stats = statSync(file, { throwIfNoEntry: false });
      if (stats?.isFile()) inputs[relative(manifestDir, file).split(sep).join("/")] = stats.mtimeMs;
    }
    writeFileSync(manifestUrl, `${JSON.stringify({ inputs }, null, 1)}\n`);
  } finally {
    await bundle.close();
  }
}

/** Builds the CLI unless dist/ is current (see bundleState.js). */
export async function ensureCliBuilt(): Promise<void> {
  if (bundleIsCurrent()) return;
  console.error("Bundling the CLI (rolldown)…");
  await buildCli();
}

if (import.meta.main) await buildCli();
