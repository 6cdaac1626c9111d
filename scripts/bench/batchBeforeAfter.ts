// One measured `sleuth batch` comparison of two checkouts of this repository, run back to back on
// the same machine: each side's own server (its code, the default world seeded in PGlite in memory,
// the default rate limit) and its own `sleuth` (bin/sleuth.js as a user runs it, with the node flags
// of its shebang). Per side: a warm-up run of the pasted list, one measured run of it (throughput and
// peak RSS), and one run of the same addresses cycled to 1,000,000 lines (peak RSS).
//   node scripts/bench/batchBeforeAfter.ts <checkout>   prints one JSON line for that checkout
import { spawn } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const root = resolve(process.argv[2] ?? ".");
const server = await import(pathToFileURL(join(root, "packages/server/src/index.ts")).href);
const { ensureCliBuilt } = await import(pathToFileURL(join(root, "packages/cli/build.ts")).href);
const cliMain = join(root, "packages/cli/bin/sleuth.js");
const nodeFlags = (/^#!\/usr\/bin\/env -S node(.*)$/m.exec(readFileSync(cliMain, "utf8"))?.[1] ?? "")
  .trim()
  .split(/\s+/)
  .filter(Boolean);

/** A deterministic shuffle, so both sides get the same list. */
function shuffled<T>(items: T[]): T[] {
  let seed = 12345;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

function peakRssKb(pid: number): number | null {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

async function runBatch(env: Record<string, string>, input: string, output: string) {
  const out = openSync(output, "w");
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [...nodeFlags, cliMain, "batch", input, "--no-progress", "--allow-failures", "--format", "csv"],
    { env: { PATH: process.env.PATH ?? "", HOME: tmpdir(), ...env }, stdio: ["ignore", out, "pipe"] },
  );
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  let peak = 0;
  const poll = setInterval(() => {
    if (child.pid) peak = Math.max(peak, peakRssKb(child.pid) ?? 0);
  }, 50);
  const code = await new Promise<number | null>((done) => child.once("close", done));
  clearInterval(poll);
  closeSync(out);
  if (code !== 0) throw new Error(`sleuth batch failed (${code}): ${stderr}`);
  return { ms: performance.now() - started, peakMb: Math.round(peak / 1024) };
}

await ensureCliBuilt();
const work = mkdtempSync(join(tmpdir(), "sleuth-before-after-"));
const store = await server.openPgliteStore();
try {
  await server.migrate(store);
  await server.seedDemoAccounts(store);
  await server.seedWorld(store, { scale: "default" });
  const rows: { address: string }[] = await store.query("SELECT address FROM addresses ORDER BY id");
  const distinct = shuffled([...new Set(rows.map((row) => row.address))]);
  const cycled = (length: number) => Array.from({ length }, (_, index) => distinct[index % distinct.length]);
  const pasted = join(work, "pasted.txt");
  writeFileSync(pasted, `${cycled(100_000).join("\n")}\n`);
  const long = join(work, "long.txt");
  writeFileSync(long, `${cycled(1_000_000).join("\n")}\n`);

  const config = server.loadConfig({
    SLEUTH_LOG_LEVEL: "warn",
    SLEUTH_DEMO: "1",
    SLEUTH_WEB_DIST: "/nonexistent",
  });
  const app = await server.buildServer({ store, config });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const user = await server.findUserByEmail(store, server.demoAccounts.user.email);
  const token = (await server.createApiToken(store, user.id, "before/after benchmark")).token;
  const env = { SLEUTH_API_URL: baseUrl, SLEUTH_TOKEN: token };
  const output = join(work, "out.csv");
  const warm = join(work, "warm.txt");
  writeFileSync(warm, `${cycled(20_000).join("\n")}\n`);
  // Each result is printed as soon as it is known: on a shared machine the long run may not finish.
  const report = (fields: Record<string, unknown>) =>
    process.stdout.write(`${JSON.stringify({ checkout: root, at: new Date().toISOString(), ...fields })}\n`);
  report({ nodeFlags });
  await runBatch(env, warm, output);
  const measured = await runBatch(env, pasted, output);
  report({
    pastedPerSecond: Math.round(100_000 / (measured.ms / 1000)),
    pastedSeconds: Number((measured.ms / 1000).toFixed(2)),
    peak100kMb: measured.peakMb,
  });
  const million = await runBatch(env, long, output);
  report({
    peak1mMb: million.peakMb,
    millionSeconds: Number((million.ms / 1000).toFixed(1)),
    ratio: Number((million.peakMb / measured.peakMb).toFixed(2)),
  });
  await app.close();
} finally {
  await store.close();
  rmSync(work, { recursive: true, force: true });
}
