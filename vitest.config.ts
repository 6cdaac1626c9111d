import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { LongestFirstSequencer } from "./tests/setup/sequencer.ts";

// One runner for the whole tree: unit tests beside the code, server-over-HTTP and browser tests
// under tests/. Each project is named so a failure says which layer broke.
export default defineConfig({
  test: {
    // Unit, server and cli files run one more at a time than there are cores: a server file spends
    // part of its time waiting on child processes, PostgreSQL and sockets, and with one file per
    // core those waits left the cores idle. The browser project keeps one file per core (below).
    maxWorkers: availableParallelism() + 1,
    // The longest files first, so the workers finish together (tests/setup/sequencer.ts).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "packages/*/src/**/*.test.{ts,tsx}",
            "packages/*/bin/**/*.test.ts",
            "scripts/**/*.test.ts",
          ],
          environment: "node",
          // In every project a worker runs one file after another in the same process
          // (isolate: false): the sources and PGlite's WebAssembly load once per worker, not per file.
          isolate: false,
          // Property tests run thousands of cases; beside the other projects' work they outlast 5 s.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "server",
          include: ["tests/server/**/*.test.ts"],
          globalSetup: ["tests/setup/postgres.ts", "tests/setup/storeTemplates.ts"],
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          // `sleuth` against the real server over PGlite: its program in the test's process (the
          // output and exit code a user gets), and in every file at least one command as the real
          // process a user starts (tests/cli/run.ts).
          name: "cli",
          include: ["tests/cli/**/*.test.ts"],
          globalSetup: ["tests/setup/cliBuild.ts", "tests/setup/storeTemplates.ts"],
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "browser",
          include: ["tests/browser/**/*.test.ts"],
          globalSetup: ["tests/browser/globalSetup.ts", "tests/setup/storeTemplates.ts"],
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // expect.poll's default of one second is shorter than a page's answer on a loaded machine
          // (a flaky failure in transfers.test.ts); a poll still fails when the value never comes.
          expect: { poll: { timeout: 10_000 } },
          // Once the other projects are done: a browser test waits on frames and key bindings, and
          // cores shared with server tests would starve it. Then a file per core: a
          // browser test spends much of its time waiting on its server and Chromium's frames, which
          // leaves room for a second one.
          sequence: { groupOrder: 1 },
          // Chromium's renderers keep the cores busy: a third browser file gained little, and starves
          // the frames a keyboard test waits on.
          maxWorkers: availableParallelism(),
        },
      },
    ],
  },
});
