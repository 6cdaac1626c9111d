// `pnpm bench cliStartup [runs]`: how long `sleuth --version` takes to start and exit, and its peak
// memory, from the bundle (`packages/cli/bin/sleuth.js` while the bundle is current, as `pnpm
// sleuth` runs it) and from the TypeScript sources (`packages/cli/src/main.ts`, what the bin falls
// back to). Every command and every short batch in a script pays this once. Writes the "CLI
// start-up" section of docs/PERFORMANCE.md.
import { spawnSync } from "node:child_process";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { bundleIsCurrent, ensureCliBuilt } from "@sleuth/cli";
import { markdownTable, writeMeasure } from "./performanceDoc.ts";

const runs = Number(process.argv[2] ?? 15);
if (!Number.isInteger(runs) || runs < 1) throw new Error("usage: pnpm bench cliStartup [runs]");

const entries = [
  { name: "bundle (`bin/sleuth.js`, bundle current)", file: "../../packages/cli/bin/sleuth.js" },
  { name: "sources (`src/main.ts`)", file: "../../packages/cli/src/main.ts" },
].map((entry) => ({ ...entry, path: fileURLToPath(new URL(entry.file, import.meta.url)) }));

// The process's own peak resident size as it exits (VmHWM: the kernel keeps it per address space,
// so unlike getrusage's maxRSS it does not carry the spawning process's peak across exec). A start
// this short ends before /proc could be polled from outside.
const exitProbe = `data:text/javascript,${encodeURIComponent(
  [
    'import { readFileSync } from "node:fs";',
    'process.on("exit", () => { const cpu = process.cpuUsage();',
    'process.stderr.write("\\nsleuth-bench-peak-kb " + /VmHWM:\\s+(\\d+)/.exec(readFileSync("/proc/self/status", "utf8"))[1] +',
    '" cpu-us " + (cpu.user + cpu.system) + "\\n"); });',
  ].join(" "),
)}`;

interface Run {
  ms: number;
  peakKb: number;
  cpuMs: number;
}

function start(path: string): Run {
  const started = performance.now();
  const result = spawnSync(process.execPath, [`--import=${exitProbe}`, path, "--version"], {
    encoding: "utf8",
  });
  const ms = performance.now() - started;
  if (result.status !== 0) throw new Error(`sleuth --version failed: ${result.stderr}`);
  const probe = /sleuth-bench-peak-kb (\d+) cpu-us (\d+)/.exec(result.stderr);
  if (!probe) throw new Error(`no memory figure in: ${result.stderr}`);
  return { ms, peakKb: Number(probe[1]), cpuMs: Number(probe[2]) / 1000 };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

await ensureCliBuilt();
if (!bundleIsCurrent()) throw new Error("the CLI bundle is not current after building it");

// One unmeasured start of each (the file system's cache), then the two in turn, so the machine's
// drift falls on both alike.
const measured = entries.map(() => [] as Run[]);
for (const entry of entries) start(entry.path);
for (let round = 0; round < runs; round++) {
  for (const [index, entry] of entries.entries()) measured[index]!.push(start(entry.path));
}

const rows = entries.map((entry, index) => {
  const times = measured[index]!.map((run) => run.ms);
  const peaks = measured[index]!.map((run) => run.peakKb / 1024);
  const cpu = measured[index]!.map((run) => run.cpuMs);
  return [
    entry.name,
    String(runs),
    median(times).toFixed(0),
    Math.max(...times).toFixed(0),
    median(cpu).toFixed(0),
    median(peaks).toFixed(0),
  ];
});
const [bundle, sources] = measured.map((list) => median(list.map((run) => run.ms)));
const [bundlePeak, sourcesPeak] = measured.map((list) => median(list.map((run) => run.peakKb)));

writeMeasure(
  {
    measure: "CLI start-up",
    what: "how long `sleuth --version` takes to start and exit, and its peak memory, from the bundle and from the TypeScript sources.",
    how: `\`pnpm bench cliStartup [runs]\` (\`scripts/bench/cliStartup.ts\`): the bundle is built first when stale (\`ensureCliBuilt\`); each entry is started once unmeasured, then both in turn; wall time from spawn to exit; CPU time (user and system) and peak RSS (VmHWM) as the process reports them on exit.`,
    target:
      "none set; every command and every short batch in a script pays it once, so the bin runs the bundle while it is current.",
  },
  {
    variant: "",
    figures: [
      `2 cores (AMD EPYC), Node ${process.versions.node}; 1-minute load average ${loadavg()[0]!.toFixed(1)} when the run ended.`,
      "",
      ...markdownTable(
        ["entry", "runs", "median (ms)", "max (ms)", "CPU, median (ms)", "peak RSS, median (MB)"],
        rows,
        ["left", "right", "right", "right", "right", "right"],
      ),
      "",
      `The bundle's median start takes ${((100 * bundle!) / sources!).toFixed(0)} % of the sources' wall time and its peak RSS is ${((100 * bundlePeak!) / sourcesPeak!).toFixed(0)} % of theirs; wall times follow the machine's load, the CPU time much less. ` +
        "`sleuth` (`packages/cli/bin/sleuth.js`) runs the bundle `packages/cli/build.ts` makes with rolldown " +
        "(`packages/cli/dist/`, Ink and React in chunks only a terminal loads) while it is current, else the " +
        "TypeScript sources: the bundle has a few modules to load where the sources have several hundred to " +
        'resolve, strip of types and compile. "Current" is decided by `dist/build.json`, which records each ' +
        "source file of ours the build read, and the lockfile, with its modification time; the bin only stats " +
        "them, and that check is in the bundle's figure. `pnpm start`, `pnpm build` and the CLI tests' setup " +
        "build the bundle when stale.",
    ].join("\n"),
  },
);
console.error("docs/PERFORMANCE.md: CLI start-up written");
