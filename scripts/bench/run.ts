// `pnpm bench <name> [args…]`: runs one benchmark of this folder on the project's Node, e.g.
// `pnpm bench batch large`. Without a name it lists them (benchmarks.ts), a line each. Each writes
// its own section of docs/PERFORMANCE.md in place; the arguments are the benchmark's own.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { benchmarkNamed, benchmarks } from "./benchmarks.ts";

const [name, ...args] = process.argv.slice(2);
const benchmark = benchmarkNamed(name);
if (!benchmark) {
  const width = Math.max(...benchmarks.map((entry) => entry.name.length)) + 2;
  const list = benchmarks
    .map((entry) => `  ${entry.name.padEnd(width)}${entry.what}${entry.args ? ` (${entry.args})` : ""}`)
    .join("\n");
  const unknown =
    name === undefined || name === "--help" ? "" : `no benchmark named ${JSON.stringify(name)}\n`;
  (unknown ? process.stderr : process.stdout).write(
    `${unknown}usage: pnpm bench <name> [args…]\n\nbenchmarks (results in docs/PERFORMANCE.md):\n${list}\n`,
  );
  process.exit(unknown ? 1 : 0);
}
const script = fileURLToPath(new URL(`./${benchmark.name}.ts`, import.meta.url));
const { status, signal } = spawnSync(process.execPath, [script, ...args], { stdio: "inherit" });
process.exit(status ?? (signal ? 1 : 0));
