// vitest globalSetup of the projects that start test servers: the directory where the run's store
// templates are written (tests/helpers/storeTemplates.ts). Every project of one run gets the same
// directory (globalSetup runs in the one vitest process), so a world seeded for a server test is
// copied by the cli and browser tests too; it goes when the run ends.
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

export default function setup(project: TestProject) {
  const dir = join(tmpdir(), `sleuth-store-templates-${process.pid}`);
  project.provide("storeTemplateDir", dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
