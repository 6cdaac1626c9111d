import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";

// What the benchmarks read of a child process they started (Linux /proc).

// Linux reports process CPU time in clock ticks of 1/100 s.
const clockTicksPerSecond = 100;

/** CPU time (user + system) a running process has used so far (Linux), in ms. */
export function cpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) / clockTicksPerSecond) * 1000;
  } catch {
    return null;
  }
}

/** Peak resident memory of a running process so far (Linux), in kB. */
export function peakRssKb(pid: number): number | null {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

export function waitFor(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", resolve);
  });
}
