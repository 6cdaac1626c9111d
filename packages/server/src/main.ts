#!/usr/bin/env node
// Starts the API server (and the built console): `node packages/server/src/main.ts`.
import { mkdirSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { demoAccounts, findDemoUser, seedDemoAccounts } from "./accounts/demoAccounts.ts";
import { ensureCliConfig } from "./cliConfig.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { buildServer } from "./http/server.ts";
import { startTextReader } from "./imageScan/readText.ts";
import { ensureRollups } from "./rollups/rollups.ts";
import { migrate } from "./store/migrate.ts";
import { openStores } from "./store/openStore.ts";
import { DataDirInUseError } from "./store/pgliteStore.ts";
import { awaitReplicaReplay } from "./store/replicaReplay.ts";
import { seedWorld } from "./world/seedWorld.ts";

/** The exit code of a start refused because another process holds the embedded store (issue 41). */
const dataDirInUseExitCode = 3;

function printWelcome(lines: string[]): void {
  process.stdout.write(`\n${lines.join("\n")}\n\n`);
}

async function main(): Promise<void> {
  const config = loadConfig();
  const embedded = !config.databaseUrl;
  if (embedded) mkdirSync(config.dataDir, { recursive: true });
  const { store, readStore } = await openStores(config);
  await migrate(store);
  const rebuildStarted = performance.now();
  const rebuilt = await ensureRollups(store, {
    beforeRebuild: () =>
      process.stdout.write(
        "Rebuilding the rollups for this version of the store (seconds for the demo world, minutes for a large one)…\n",
      ),
  });
  if (rebuilt)
    process.stdout.write(
      `Rebuilt the rollups in ${((performance.now() - rebuildStarted) / 1000).toFixed(1)} s.\n`,
    );
  const seeded = await seedDemoAccounts(store);
  let worldLine: string | null = null;
  if (config.worldScale !== "none") {
    if (seeded) process.stdout.write(`Seeding the ${config.worldScale} demo world (first start only)…\n`);
    const world = await seedWorld(store, { scale: config.worldScale });
    if (world.seeded) {
      const seconds = (world.timings.totalMs / 1000).toFixed(1);
      worldLine = `  The ${config.worldScale} demo world was seeded: ${world.counts.transferRows.toLocaleString("en")} transfers in ${seconds} s.`;
    }
  }
  // The replica shows this start's migrations and seeding before the first analytics read.
  if (readStore !== store && !(await awaitReplicaReplay(store, readStore)))
    process.stdout.write("The read replica is still replaying the primary's changes; analytics may lag.\n");
  const app = await buildServer({ store, readStore, config });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) process.exit(1);
    closing = true;
    app.log.info({ signal }, "shutting down");
    await app.close();
    if (readStore !== store) await readStore.close();
    await store.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  // The first image scan would otherwise wait for the OCR worker and its model (002 §4).
  startTextReader();
  const { port } = app.server.address() as AddressInfo;
  const host = config.host === "0.0.0.0" || config.host === "::" ? "127.0.0.1" : config.host;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  const cliConfig = embedded ? await ensureCliConfig(store, config.dataDir, url) : null;
  const demoUser = await findDemoUser(store);

  const lines = [`Sleuth is running at ${url}`];
  lines.push(
    `  store: ${embedded ? `embedded PostgreSQL (PGlite) in ${config.dataDir}` : "PostgreSQL (DATABASE_URL)"}`,
  );
  if (readStore !== store) lines.push("  analytics reads: the streaming replica (DATABASE_REPLICA_URL)");
  if (seeded) lines.push("  A fresh store: the demo accounts were created.");
  if (worldLine) lines.push(worldLine);
  if (!config.webDist)
    lines.push("  The console is not built yet: run `pnpm build`, then restart, to serve it here.");
  if (demoUser) {
    lines.push("", "Sign in to the console:");
    if (config.demo) lines.push(`  open ${url} and choose "Continue as demo user", or sign in as`);
    else lines.push(`  open ${url} and sign in as`);
    lines.push(
      `  ${demoAccounts.user.email} / ${demoAccounts.user.password} (${demoAccounts.user.fullName})`,
    );
  }
  if (cliConfig)
    lines.push("", `The CLI is signed in as the demo user (${cliConfig}): try \`pnpm sleuth whoami\`.`);
  lines.push("", "Stop with Ctrl-C.");
  printWelcome(lines);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  if (error instanceof DataDirInUseError) {
    process.stderr.write(`Sleuth could not start: ${error.message}\n`);
    process.exit(dataDirInUseExitCode);
  }
  process.stderr.write(
    `Sleuth could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
