// `pnpm test`: lint and format check, type-check, and every test (unit, server-over-HTTP on PGlite
// and PostgreSQL, cli, browser in Chromium; the browser project builds the console first when it is stale).
// The checks run beside the tests, one after another on about one core, while the tests start: they
// read only the sources. A check that fails prints its output as soon as it ends; the command fails
// when any step failed, once the tests are done.
import { spawn } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { repoRoot } from "./lib/consoleBuild.ts";
import { ensureSystemDependencies } from "./lib/systemDeps.ts";
import { typecheckProjects } from "./lib/typecheck.ts";

interface Outcome {
  title: string;
  ok: boolean;
  seconds: number;
}

// Node's compile cache for every process of the run: tsc, and each server, admin or CLI process a
// test starts, which loads the same sources as the last one; the cache spares compiling them again.
const env = {
  ...process.env,
  NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? join(tmpdir(), "sleuth-node-compile-cache"),
};

function seconds(started: number): number {
  return (Date.now() - started) / 1000;
}

/** Runs a check with its output held back, shown only when it fails. */
function check(title: string, command: string, args: string[]): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: ["ignore", "pipe", "pipe"], env });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk;
    });
    child.on("error", (error) => {
      output += `${error.message}\n`;
    });
    child.on("close", (code) => {
      const outcome = { title, ok: code === 0, seconds: seconds(started) };
      if (!outcome.ok) console.error(`\n✗ ${title} failed:\n${output.trimEnd()}\n`);
      resolve(outcome);
    });
  });
}

async function checks(): Promise<Outcome[]> {
  const outcomes = [await check("lint and format (biome)", "biome", ["check", "."])];
  for (const project of typecheckProjects)
    outcomes.push(await check(`type-check ${project}`, "tsc", ["-p", project]));
  return outcomes;
}

function tests(): Promise<Outcome> {
  const title = "tests (vitest: unit, server, cli, browser)";
  console.error(`\n▶ ${title}, with lint and type-check beside them`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn("vitest", ["run", ...process.argv.slice(2)], {
      cwd: repoRoot,
      stdio: "inherit",
      env,
    });
    child.on("error", (error) => {
      console.error(error.message);
      resolve({ title, ok: false, seconds: seconds(started) });
    });
    child.on("exit", (code) => resolve({ title, ok: code === 0, seconds: seconds(started) }));
  });
}

try {
  ensureSystemDependencies();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const outcomes = await Promise.all([checks(), tests()]).then(([checked, tested]) => [...checked, tested]);
console.error("");
for (const { title, ok, seconds } of outcomes)
  console.error(`${ok ? "✓" : "✗"} ${title} (${seconds.toFixed(1)} s)${ok ? "" : " failed"}`);
process.exit(outcomes.every((outcome) => outcome.ok) ? 0 : 1);
