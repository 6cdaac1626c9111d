// A throwaway PostgreSQL cluster (initdb, pg_ctl on a free port, durability off): the "server"
// test project's one cluster (tests/setup/postgres.ts) and the benchmarks that measure PostgreSQL
// without a DATABASE_URL (scripts/bench/exports.ts). A streaming replica of one (pg_basebackup -R)
// for the read-replica test (issue 46).
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureSystemDependencies, postgresBinDir, testDependencies } from "../../scripts/lib/systemDeps.ts";
import { freePort } from "./ports.ts";

const isRoot = process.getuid?.() === 0;

/** The newest PostgreSQL's binaries, installed from Debian first when missing (scripts/lib/systemDeps.ts). */
function postgresBin(): string {
  ensureSystemDependencies(
    testDependencies.filter((dependency) => dependency.debianPackage === "postgresql"),
  );
  const bin = postgresBinDir();
  if (!bin) throw new Error("PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin");
  return bin;
}

/** Runs a PostgreSQL binary; as root through the postgres account, since PostgreSQL refuses to run as root. */
function runPostgresTool(bin: string, tool: string, args: string[]): void {
  const command = isRoot ? "runuser" : join(bin, tool);
  const commandArgs = isRoot ? ["-u", "postgres", "--", join(bin, tool), ...args] : args;
  const result = spawnSync(command, commandArgs, { encoding: "utf8" });
  if (result.status !== 0) {
    throw new Error(`${tool} failed (${result.status}): ${result.stderr || result.stdout}`);
  }
}

function ownedByPostgres(path: string): void {
  if (!isRoot) return;
  const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
  const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
  chownSync(path, uid, gid);
}

export interface PostgresCluster {
  /** Admin connection URL (the postgres role and database). */
  url: string;
  /** The port it listens on (127.0.0.1). */
  port: number;
  /** Stops the cluster at once and removes its files. */
  stop(): void;
  /** Stops the server (fast shutdown: sessions are cut off), keeping its files (issue 41 outages). */
  halt(): void;
  /** Starts a halted server again on the same port and files. */
  resume(): void;
}

/** Server settings of every throwaway cluster; `settings` add to them (later ones win). */
function serverOptions(port: number, socketDir: string, settings: readonly string[]): string {
  return [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    `-c unix_socket_directories=${socketDir}`,
    // A throwaway cluster: durability only costs time.
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    "-c max_connections=200",
    ...settings.map((setting) => `-c ${setting}`),
  ].join(" ");
}

function startCluster(bin: string, dir: string, data: string, options: string): void {
  runPostgresTool(bin, "pg_ctl", ["start", "-w", "-D", data, "-l", join(dir, "postgres.log"), "-o", options]);
}

function clusterOf(bin: string, dir: string, data: string, port: number, options: string): PostgresCluster {
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    halt: () => runPostgresTool(bin, "pg_ctl", ["stop", "-w", "-D", data, "-m", "fast"]),
    resume: () => startCluster(bin, dir, data, options),
    stop() {
      try {
        runPostgresTool(bin, "pg_ctl", ["stop", "-D", data, "-m", "immediate"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * Starts a throwaway cluster in a temporary directory; `stop` removes it. `settings` are extra
 * server settings (`name=value`), e.g. synchronous_commit=on for a primary whose replica a test waits on.
 * `keptIn`: the cluster lives in that directory instead and outlives the process (a benchmark's
 * world that takes minutes to seed): an existing one is started again, and `stop` only stops it.
 */
export async function startPostgresCluster(
  options: { settings?: readonly string[]; keptIn?: string } = {},
): Promise<PostgresCluster> {
  const bin = postgresBin();
  const dir = options.keptIn ?? mkdtempSync(join(tmpdir(), "sleuth-pg-"));
  if (options.keptIn) mkdirSync(dir, { recursive: true });
  ownedByPostgres(dir);
  const data = join(dir, "data");
  const port = await freePort();
  if (!existsSync(join(data, "PG_VERSION")))
    runPostgresTool(bin, "initdb", [
      "-D",
      data,
      "-U",
      "postgres",
      "-A",
      "trust",
      "-E",
      "UTF8",
      "--no-locale",
      "--no-sync",
    ]);
  const started = serverOptions(port, dir, options.settings ?? []);
  startCluster(bin, dir, data, started);
  const cluster = clusterOf(bin, dir, data, port, started);
  return options.keptIn ? { ...cluster, stop: () => cluster.halt() } : cluster;
}

/**
 * A hot standby of `primary` streaming its WAL: a base backup taken with pg_basebackup -R (which
 * writes standby.signal and the primary's connection), started on a port of its own. Read-only;
 * `stop` removes it.
 */
export async function startStreamingReplica(primary: PostgresCluster): Promise<PostgresCluster> {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), "sleuth-pg-replica-"));
  ownedByPostgres(dir);
  const data = join(dir, "data");
  const port = await freePort();
  runPostgresTool(bin, "pg_basebackup", [
    "-D",
    data,
    "-h",
    "127.0.0.1",
    "-p",
    String(primary.port),
    "-U",
    "postgres",
    "-R",
    "-X",
    "stream",
    "--checkpoint=fast",
    "--no-sync",
  ]);
  const started = serverOptions(port, dir, ["hot_standby=on"]);
  startCluster(bin, dir, data, started);
  return clusterOf(bin, dir, data, port, started);
}
