// One migrated store with the demo accounts (and, per demo world scale, that world) built once per
// test run and copied for every test store. Vitest runs each test file in a process of its own, so a
// cache in memory would seed the same world again for every file: the copy lives on disk (PGlite) or
// as a template database (PostgreSQL) that every worker of the run finds.
import { createHash } from "node:crypto";
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import {
  migrate,
  openPgliteStore,
  openPostgresStore,
  type Store,
  seedDemoAccounts,
  seedWorld,
  type WorldScale,
} from "@sleuth/server";
import { inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** Run-scoped directory where the PGlite templates are written (tests/setup/storeTemplates.ts). */
    storeTemplateDir: string;
    /** Prefix of the run's PostgreSQL template databases (tests/setup/postgres.ts). */
    postgresTemplatePrefix: string;
  }
}

/**
 * What a test store starts with: the schema, the demo accounts and the demo world of `world`; or,
 * for "empty", nothing but what initdb made (a first start, before the migrations).
 */
async function prepare(store: Store, world: WorldScale | "empty" | undefined): Promise<void> {
  if (world === "empty") return;
  await migrate(store);
  await seedDemoAccounts(store);
  if (world) await seedWorld(store, { scale: world });
}

const waitStepMs = 50;
const waitLimitMs = 300_000;

/** True when this process may build the template at `path` (no other process is building it). */
function claim(path: string): boolean {
  try {
    closeSync(openSync(`${path}.building`, "wx"));
    return true;
  } catch {
    return false;
  }
}

async function buildPgliteDump(world: WorldScale | "empty" | undefined): Promise<Blob> {
  // Small WAL segments: a dump carries the segments PostgreSQL keeps (min_wal_size), mostly empty,
  // and every test store reads the whole dump again.
  const store = await openPgliteStore({ walSegmentMb: 1 });
  try {
    await prepare(store, world);
    // Written out to the data files, so a copy starts without replaying the seeding's WAL.
    await store.exec("CHECKPOINT");
    return await store.dumpDataDir();
  } finally {
    await store.close();
  }
}

/**
 * The run's template directory: provided by the project's globalSetup; a process outside such a run
 * keeps its templates to itself.
 */
function templateDir(): string | undefined {
  try {
    return inject("storeTemplateDir");
  } catch {
    return undefined;
  }
}

async function sharedPgliteDump(world: WorldScale | "empty" | undefined): Promise<Blob> {
  const dir = templateDir();
  if (!dir) return buildPgliteDump(world);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `pglite-${world ?? "none"}.tar`);
  const deadline = Date.now() + waitLimitMs;
  for (;;) {
    if (existsSync(path)) return new Blob([readFileSync(path)]);
    if (claim(path)) {
      try {
        const dump = await buildPgliteDump(world);
        // Written aside and renamed, so a waiting worker never reads half a file.
        writeFileSync(`${path}.partial`, Buffer.from(await dump.arrayBuffer()));
        renameSync(`${path}.partial`, path);
        return dump;
      } catch (error) {
        // Let the next worker that asks try again.
        rmSync(`${path}.building`, { force: true });
        throw error;
      }
    }
    if (Date.now() > deadline) throw new Error(`no store template at ${path}: is its builder stuck?`);
    await new Promise((resolve) => setTimeout(resolve, waitStepMs));
  }
}

const pgliteDumps = new Map<string, Promise<Blob>>();

/**
 * A PGlite data directory dump of a prepared store, to open with `loadDataDir`: migrated with the
 * demo accounts (and the demo world of `world`), or with "empty" as initdb leaves it.
 */
export function pgliteTemplate(world: WorldScale | "empty" | undefined): Promise<Blob> {
  const key = world ?? "none";
  let dump = pgliteDumps.get(key);
  if (!dump) {
    dump = sharedPgliteDump(world);
    pgliteDumps.set(key, dump);
    // A failed build is not remembered: the next store asks again.
    dump.catch(() => pgliteDumps.delete(key));
  }
  return dump;
}

function postgresTemplatePrefix(): string {
  try {
    return inject("postgresTemplatePrefix") ?? "sleuth_tpl_local";
  } catch {
    return "sleuth_tpl_local";
  }
}

/** Transaction-free advisory lock key for one template's name. */
function lockKey(name: string): string {
  return createHash("sha256").update(name).digest().readBigInt64BE(0).toString();
}

const postgresTemplates = new Map<string, Promise<string>>();

/**
 * The name of a PostgreSQL database on the admin URL's server prepared as the test stores start,
 * built by the first worker that asks (the others wait on an advisory lock): copy it with
 * `CREATE DATABASE … TEMPLATE name`.
 */
export function postgresTemplate(adminUrl: string, world: WorldScale | undefined): Promise<string> {
  const name = `${postgresTemplatePrefix()}_${world ?? "none"}`;
  let template = postgresTemplates.get(name);
  if (!template) {
    template = (async () => {
      const admin = await openPostgresStore(adminUrl, { max: 1 });
      try {
        // One pooled connection: the session lock and the queries share it.
        await admin.query("SELECT pg_advisory_lock($1)", [lockKey(name)]);
        try {
          const [exists] = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
          if (!exists) await buildPostgresTemplate(admin, adminUrl, name, world);
        } finally {
          await admin.query("SELECT pg_advisory_unlock($1)", [lockKey(name)]);
        }
      } finally {
        await admin.close();
      }
      return name;
    })();
    postgresTemplates.set(name, template);
    template.catch(() => postgresTemplates.delete(name));
  }
  return template;
}

async function buildPostgresTemplate(
  admin: Store,
  adminUrl: string,
  name: string,
  world: WorldScale | undefined,
): Promise<void> {
  const building = `${name}_building`;
  await admin.exec(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
  await admin.exec(`CREATE DATABASE ${building}`);
  const url = new URL(adminUrl);
  url.pathname = `/${building}`;
  const store = await openPostgresStore(url.toString(), { max: 4 });
  try {
    await prepare(store, world);
  } finally {
    await store.close();
  }
  // Renamed only once complete: a template that exists is whole. No connection may remain on a
  // database while it is copied, and none does: the seeding pool is closed.
  await admin.exec(`ALTER DATABASE ${building} RENAME TO ${name}`);
}
