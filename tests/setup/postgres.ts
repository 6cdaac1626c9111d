// vitest globalSetup of the "server" project: one throwaway PostgreSQL cluster for the whole run, so
// every store-level test runs on real PostgreSQL as well as on PGlite. DATABASE_URL, when set, is
// used instead (CI with a service container). Tests read the admin URL with inject("postgresUrl").
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** Admin connection URL of a PostgreSQL server the tests may create databases on. */
    postgresUrl: string;
  }
}

const debianPackage = "postgresql";

function findBinDir(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => existsSync(join(root, name, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], "bin") : undefined;
}

const isRoot = process.getuid?.() === 0;

function postgresBinDir(): string {
  let bin = findBinDir();
  if (!bin && isRoot) {
    execFileSync("sh", ["-c", `apt-get update && apt-get install -y ${debianPackage}`], { stdio: "inherit" });
    bin = findBinDir();
  }
  if (!bin) {
    throw new Error(
      `PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin: install the Debian package '${debianPackage}' (apt-get install -y ${debianPackage}) or set DATABASE_URL.`,
    );
  }
  return bin;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
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

export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide("postgresUrl", process.env.DATABASE_URL);
    return;
  }
  const bin = postgresBinDir();
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
  project.provide("postgresUrl", `postgres://postgres@127.0.0.1:${port}/postgres`);

  return () => {
    try {
      runPostgresTool(bin, "pg_ctl", ["stop", "-D", data, "-m", "immediate"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}
