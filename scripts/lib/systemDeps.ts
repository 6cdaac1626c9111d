import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";

// What the test command needs from Debian and does not find, it installs (as root) or names.
export interface SystemDependency {
  /** Debian package that provides it. */
  debianPackage: string;
  why: string;
  present: () => boolean;
}

export function postgresBinDir(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((version) => existsSync(`${root}/${version}/bin/initdb`))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? `${root}/${versions[0]}/bin` : null;
}

export const testDependencies: SystemDependency[] = [
  {
    debianPackage: "chromium",
    why: "browser tests drive the console in real Chromium (/usr/bin/chromium)",
    present: () => existsSync("/usr/bin/chromium"),
  },
  {
    debianPackage: "postgresql",
    why: "store tests run against a throwaway PostgreSQL cluster (initdb, pg_ctl)",
    present: () => process.env.DATABASE_URL !== undefined || postgresBinDir() !== null,
  },
];

export function ensureSystemDependencies(dependencies: SystemDependency[] = testDependencies): void {
  const missing = dependencies.filter((dependency) => !dependency.present());
  if (missing.length === 0) return;
  const packages = missing.map((dependency) => dependency.debianPackage);
  const isRoot = process.getuid?.() === 0;
  if (!isRoot) {
    const lines = missing.map((dependency) => `  - ${dependency.debianPackage}: ${dependency.why}`);
    throw new Error(
      `Missing system packages:\n${lines.join("\n")}\nInstall them with: sudo apt-get install -y ${packages.join(" ")}`,
    );
  }
  console.error(`Installing ${packages.join(", ")} from Debian (needed by the tests)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const update = spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  const install = spawnSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...packages], {
    stdio: "inherit",
    env,
  });
  const still = dependencies.filter((dependency) => !dependency.present());
  if (update.status !== 0 || install.status !== 0 || still.length > 0) {
    throw new Error(
      `Could not install ${still.map((dependency) => dependency.debianPackage).join(", ") || packages.join(", ")} with apt-get; install them and run the tests again.`,
    );
  }
}
