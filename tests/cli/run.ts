import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { finished } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import { createTestIo, run } from "@sleuth/cli";
import { freePort } from "../helpers/ports.ts";
import { childProcessBaseEnv } from "../helpers/serverProcess.ts";

// The bin link pnpm makes from packages/cli/bin/sleuth.js (the root depends on @sleuth/cli for it).
const binLink = fileURLToPath(new URL("../../node_modules/.bin/sleuth", import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

type CliRun = (
  args: readonly string[],
  options?: { env?: Record<string, string>; stdin?: string },
) => Promise<CliResult>;

/**
 * A throwaway home for one test: its own config directory and working directory, so neither the
 * developer's ~/.config/sleuth nor the repository's .sleuth/cli.json leaks into a run.
 */
export interface CliSandbox {
  dir: string;
  configFile: string;
  /**
   * The CLI's program in this process (`run` of @sleuth/cli, what bin/sleuth.js calls), with the
   * sandbox's environment, directories and piped streams: the same output and exit code as the
   * process, without starting Node for every command.
   */
  run: CliRun;
  /**
   * The real process, as a user runs it: `pnpm sleuth` runs pnpm's bin link, which starts Node 24
   * with the flags of bin/sleuth.js's shebang on that file, which runs the bundle the global setup
   * built. For what only a process shows (start-up, the bundle, signals); each CLI test file keeps
   * at least one.
   */
  runProcess: CliRun;
  remove(): Promise<void>;
}

export async function createCliSandbox(): Promise<CliSandbox> {
  const dir = await mkdtemp(join(tmpdir(), "sleuth-cli-it-"));
  const baseEnv: Record<string, string> = {
    ...childProcessBaseEnv,
    PATH: process.env.PATH ?? "",
    HOME: dir,
    XDG_CONFIG_HOME: join(dir, "config"),
    SLEUTH_DATA_DIR: join(dir, "data"),
    NO_COLOR: "1",
  };
  return {
    dir,
    configFile: join(dir, "config", "sleuth", "config.json"),
    run: async (args, options = {}) => {
      const io = createTestIo({
        env: { ...baseEnv, ...options.env },
        homeDir: dir,
        cwd: dir,
        stdin: options.stdin ?? "",
      });
      const code = await run(args, io);
      // Output written in the command's last turn reaches the captured text once the streams end.
      io.stdout.end();
      io.stderr.end();
      await Promise.all([finished(io.stdout), finished(io.stderr)]);
      return { code, stdout: io.stdoutText(), stderr: io.stderrText() };
    },
    runProcess: (args, options = {}) =>
      new Promise((resolve, reject) => {
        const child = spawn(binLink, args, {
          cwd: dir,
          env: { ...baseEnv, ...options.env },
          stdio: ["pipe", "pipe", "pipe"],
        });
        let stdout = "";
        let stderr = "";
        child.stdout.on("data", (chunk: Buffer) => {
          stdout += chunk.toString("utf8");
        });
        child.stderr.on("data", (chunk: Buffer) => {
          stderr += chunk.toString("utf8");
        });
        child.on("error", reject);
        child.on("close", (code) => resolve({ code, stdout, stderr }));
        child.stdin.end(options.stdin ?? "");
      }),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/** A local port nothing listens on: the address of a server that is not running. */
export const closedPort = freePort;
