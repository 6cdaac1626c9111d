// Demo world benchmark: rows per second for generating and for loading each scale, written to the
// "## Demo world generation" section of docs/PERFORMANCE.md.
//   node scripts/bench/world.ts            small and default
//   node scripts/bench/world.ts large      any list of scales
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, cpus, tmpdir } from "node:os";
import { join } from "node:path";
import {
  generateWorld,
  migrate,
  openPgliteStore,
  seedDemoAccounts,
  seedWorld,
  type WorldScale,
  worldScaleSchema,
} from "@sleuth/server";
import { readPerformanceSection, writePerformanceSection } from "./performanceDoc.ts";

interface Measurement {
  scale: WorldScale;
  rows: number;
  transferRows: number;
  generateMs: number;
  loadMs: number;
  indexMs: number;
  rollupsMs: number;
  seedMs: number;
}

function generate(scale: WorldScale): Pick<Measurement, "rows" | "transferRows" | "generateMs"> {
  const started = performance.now();
  const world = generateWorld({ scale });
  let rows = 0;
  for (const batch of world.batches) rows += batch.rows.length;
  return { rows, transferRows: world.counts.transferRows, generateMs: performance.now() - started };
}

async function load(scale: WorldScale) {
  // The large world does not fit comfortably in memory: it is loaded into a data directory.
  const dataDir = scale === "large" ? mkdtempSync(join(tmpdir(), "sleuth-bench-")) : undefined;
  const store = await openPgliteStore(dataDir ? { dataDir } : {});
  try {
    await migrate(store);
    await seedDemoAccounts(store);
    const result = await seedWorld(store, { scale });
    return result.timings;
  } finally {
    await store.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

const perSecond = (count: number, ms: number) => Math.round((count / ms) * 1000).toLocaleString("en-US");
const seconds = (ms: number) => (ms / 1000).toFixed(1);

const headings = [
  "scale",
  "rows",
  "transfer rows",
  "generate (s)",
  "generate rows/s",
  "load (s)",
  "load rows/s",
  "indexes (s)",
  "rollups (s)",
  "seedWorld total (s)",
];

function cells(m: Measurement): string[] {
  return [
    m.scale,
    m.rows.toLocaleString("en-US"),
    m.transferRows.toLocaleString("en-US"),
    seconds(m.generateMs),
    perSecond(m.rows, m.generateMs),
    seconds(m.loadMs),
    perSecond(m.rows, m.loadMs),
    seconds(m.indexMs),
    seconds(m.rollupsMs),
    seconds(m.seedMs),
  ];
}

/** A Markdown table padded the way the formatter (biome) lays it out: first column left, others right. */
function table(rows: readonly string[][]): string[] {
  const widths = headings.map((heading, column) =>
    Math.max(3, heading.length, ...rows.map((row) => (row[column] ?? "").length)),
  );
  const line = (row: readonly string[]) =>
    `| ${row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(" | ")} |`;
  const rule = `| ${widths.map((width, column) => (column === 0 ? "-".repeat(width) : `${"-".repeat(width - 1)}:`)).join(" | ")} |`;
  return [line(headings), rule, ...rows.map(line)];
}

/** The section with this run's rows, keeping earlier rows of scales not measured this time. */
function section(measurements: readonly Measurement[], previous: string): string {
  const rows: string[][] = [];
  for (const scale of worldScaleSchema.options) {
    const fresh = measurements.find((m) => m.scale === scale);
    const kept = previous.split("\n").find((line) => new RegExp(`^\\|\\s*${scale}\\s*\\|`).test(line));
    if (fresh) rows.push(cells(fresh));
    else if (kept)
      rows.push(
        kept
          .split("|")
          .slice(1, -1)
          .map((cell) => cell.trim()),
      );
  }
  return [
    "## Demo world generation",
    "",
    `Measured by \`node scripts/bench/world.ts [scale ...]\` on ${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? "unknown CPU"}), Node ${process.versions.node}, embedded PGlite (the large world in a data directory, the others in memory). Generation counts every row of every table; loading is COPY of those rows in one transaction, and includes generating them (they are generated as they are copied); seeding adds the index builds and the rollups computed from the transfers.`,
    "",
    ...table(rows),
    "",
  ].join("\n");
}

function writeSection(measurements: readonly Measurement[]): string {
  const text = section(measurements, readPerformanceSection("## Demo world generation"));
  writePerformanceSection("## Demo world generation", text);
  return text;
}

const scales = process.argv.slice(2).map((arg) => worldScaleSchema.parse(arg));
const measurements: Measurement[] = [];
for (const scale of scales.length > 0 ? scales : (["small", "default"] as const)) {
  const generated = generate(scale);
  console.error(`${scale}: generated ${generated.rows} rows in ${seconds(generated.generateMs)} s`);
  const timings = await load(scale);
  console.error(`${scale}: seeded in ${seconds(timings.totalMs)} s`);
  measurements.push({
    scale,
    ...generated,
    loadMs: timings.loadMs,
    indexMs: timings.indexMs,
    rollupsMs: timings.rollupsMs,
    seedMs: timings.totalMs,
  });
}
console.log(writeSection(measurements));
