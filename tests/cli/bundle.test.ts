import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { bundleIsCurrent } from "@sleuth/cli";
import { describe, expect, it } from "vitest";

const cli = (path: string) => fileURLToPath(new URL(`../../packages/cli/${path}`, import.meta.url));

function run(entry: string, args: readonly string[]) {
  const result = spawnSync(process.execPath, [entry, ...args], {
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "", NO_COLOR: "1" },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("the bundled CLI (bin/sleuth.js runs it when current)", () => {
  it("is current after the test setup's build, so the CLI tests run what users run", () => {
    expect(bundleIsCurrent()).toBe(true);
  });

  it("is the same program as the sources: the same help for every command", () => {
    for (const args of [["--help"], ["batch", "--help"], ["search", "--help"], ["--version"]]) {
      const bundled = run(cli("dist/main.js"), args);
      const sources = run(cli("src/main.ts"), args);
      expect(bundled.code).toBe(0);
      expect(bundled).toEqual(sources);
    }
  });
});
