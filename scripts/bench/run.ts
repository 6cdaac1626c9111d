// `pnpm bench <name> [args…]`: runs one benchmark of this folder on the project's Node, e.g.
// `pnpm bench batch large`. Without a name it lists them. Each writes its own section of
// docs/PERFORMANCE.md; the arguments are the benchmark's own (see the head of its file).
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const benchmarks = {
  world: "demo world generation per scale (world.ts [scale …])",
  importers: "records per second of each importer (importers.ts [world])",
  search: "palette query latency and bulk throughput on the server (search.ts [scale])",
  palette: "keystroke to painted results in Chromium (palette.ts [scale] [rounds])",
  batch: "sleuth batch end to end against one request per address (batch.ts [scale])",
  transfers: "transfer pages of the busiest address and sleuth transfers end to end (transfers.ts [scale])",
  flows: "counterparty summary and exposure latency on the server (flows.ts [scale])",
  graph: "graph layout in the worker, expand and trace latency (graph.ts [scale])",
  prices: "re-pricing 1,000,000 transfers on a price import against a plain UPDATE (prices.ts [transfers])",
  imageScan:
    "search by image: recall, precision and time per image on the rendered corpus (imageScan.ts [count])",
  notifications: "10,000 e-mails and webhooks through the outbox to loopback receivers (notifications.ts)",
} as const;

type BenchmarkName = keyof typeof benchmarks;

function isBenchmark(name: string | undefined): name is BenchmarkName {
  return name !== undefined && Object.hasOwn(benchmarks, name);
}

const [name, ...args] = process.argv.slice(2);
if (!isBenchmark(name)) {
  const list = Object.entries(benchmarks)
    .map(([benchmark, does]) => `  ${benchmark.padEnd(10)} ${does}`)
    .join("\n");
  process.stderr.write(
    `${name === undefined ? "" : `no benchmark named ${JSON.stringify(name)}\n`}usage: pnpm bench <name> [args…]\n${list}\n`,
  );
  process.exit(name === undefined || name === "--help" ? 0 : 1);
}
const script = fileURLToPath(new URL(`./${name}.ts`, import.meta.url));
const { status, signal } = spawnSync(process.execPath, [script, ...args], { stdio: "inherit" });
process.exit(status ?? (signal ? 1 : 0));
