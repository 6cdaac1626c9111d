import { ensureConsoleBuilt } from "../../scripts/lib/consoleBuild.ts";

// vitest globalSetup of the "browser" project: the console is built once before any browser test.
export default function setup(): void {
  ensureConsoleBuilt();
}
