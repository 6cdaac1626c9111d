// A throwaway PostgreSQL cluster (initdb, pg_ctl on a free port, durability off): the "server"
// test project's one cluster (tests/setup/postgres.ts) and the benchmarks that measure PostgreSQL
// without a DATABASE_URL (scripts/bench/exports.ts).
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, mkdtempSync, rmSync } from "node:fs";
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
  /** Stops the cluster at once and removes its files. */
  stop(): void;
  /** Stops the server (fast shutdown: sessions are cut off), keeping its files (issue 41 outages). */
  halt(): void;
  /** Starts a halted server again on the same port and files. */
  resume(): void;
}

/** Starts a throwaway cluster in a temporary directory; `stop` removes it. */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), "sleuth-pg-"));
  ownedByPostgres(dir);
  const data = join(dir, "data");
  const port = await freePort();
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
  const serverOptions = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    `-c unix_socket_directories=${dir}`,
    // A throwaway cluster: durability only costs time.
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    "-c max_connections=200",
  ].join(" ");
  const start = () =>
    runPostgresTool(bin, "pg_ctl", [
      "start",
      "-w",
      "-D",
      data,
      "-l",
      join(dir, "postgres.log"),
      "-o",
      serverOptions,
    ]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    halt: () => runPostgresTool(bin, "pg_ctl", ["stop", "-w", "-D", data, "-m", "fast"]),
    resume: start,
    stop() {
      try {
        runPostgresTool(bin, "pg_ctl", ["stop", "-D", data, "-m", "immediate"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
