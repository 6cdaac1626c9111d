import { ensureCliBuilt } from "@sleuth/cli";

// vitest globalSetup of the "cli" project: the CLI tests' process runs (`runProcess` of
// tests/cli/run.ts) start `sleuth` as a user does, through packages/cli/bin/sleuth.js, which runs the
// bundle when it is current: build it first, so they test the bundle users run
// (tests/cli/bundle.test.ts checks that it is current, and that it is the same program as the
// sources the in-process runs use).
export default async function setup(): Promise<void> {
  await ensureCliBuilt();
}
