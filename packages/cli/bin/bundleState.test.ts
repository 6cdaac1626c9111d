import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bundleIsCurrent } from "./bundleState.js";

describe("bin/sleuth.js runs the bundle only while it matches its sources", () => {
  let dir: string;
  let source: string;
  let manifest: URL;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "sleuth-bundle-state-"));
    source = join(dir, "main.ts");
    writeFileSync(source, "export {};\n");
    utimesSync(source, 1_700_000_000, 1_700_000_000);
    manifest = pathToFileURL(join(dir, "build.json"));
    writeFileSync(manifest, JSON.stringify({ inputs: { "main.ts": 1_700_000_000_000 } }));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("a bundle whose every source is as it was built is current", () => {
    expect(bundleIsCurrent(manifest)).toBe(true);
  });

  it("an edited source (a new modification time) makes it stale", () => {
    utimesSync(source, 1_700_000_001, 1_700_000_001);
    expect(bundleIsCurrent(manifest)).toBe(false);
  });

  it("a source that is gone makes it stale", () => {
    rmSync(source);
    expect(bundleIsCurrent(manifest)).toBe(false);
  });

  it("no manifest, or an unreadable one, means no bundle", () => {
    writeFileSync(manifest, "{not json");
    expect(bundleIsCurrent(manifest)).toBe(false);
    rmSync(manifest);
    expect(bundleIsCurrent(manifest)).toBe(false);
  });
});
