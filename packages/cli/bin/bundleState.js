import { readFileSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** Where `pnpm build` (and `pnpm start`, `pnpm test`) put the bundled CLI. */
export const distUrl = new URL("../dist/", import.meta.url);
/** The files the bundle was built from, each with its modification time then (see build.ts). */
export const manifestUrl = new URL("build.json", distUrl);

/**
 * True when the bundle of `manifest` was built from the files it lists as they are now: an edit, a
 * checkout or an install with another lockfile since the build changes a time or removes a file, and
 * the sources run instead. It only stats the files (no reading or hashing), so every start can afford it.
 * @param {URL} manifest
 * @returns {boolean}
 */
export function bundleIsCurrent(manifest = manifestUrl) {
  /** @type {unknown} */
  let inputs;
  try {
    inputs = JSON.parse(readFileSync(manifest, "utf8")).inputs;
  } catch {
    return false;
  }
  if (typeof inputs !== "object" || inputs === null) return false;
  const base = dirname(fileURLToPath(manifest));
  for (const [path, mtimeMs] of Object.entries(inputs)) {
    const stats = statSync(resolve(base, path), { throwIfNoEntry: false });
    if (stats?.mtimeMs !== mtimeMs) return false;
  }
  return true;
}
