import { readdirSync, readFileSync } from "node:fs";
import type { Store } from "./store.ts";

const migrationsDir = new URL("./migrations/", import.meta.url);
const migrationFile = /^(\d{4})_[a-z0-9_]+\.sql$/;

// Any fixed 64-bit number; it only has to be the same in every process that migrates this database.
const migrationLockKey = 7_365_810_245;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** The numbered SQL files in store/migrations, in order. */
export function loadMigrations(dir: URL = migrationsDir): Migration[] {
  return readdirSync(dir)
    .filter((name) => migrationFile.test(name))
    .sort()
    .map((name) => ({
      version: Number(name.slice(0, 4)),
      name,
      sql: readFileSync(new URL(name, dir), "utf8"),
    }));
}

/**
 * Applies the migrations not yet recorded in schema_migrations, each in its own transaction, and
 * answers the versions it applied. Safe on every start; on PostgreSQL a transaction-scoped advisory
 * lock makes concurrent starts apply each migration once.
 */
export async function migrate(store: Store, migrations: Migration[] = loadMigrations()): Promise<number[]> {
  const applied: number[] = [];
  for (const migration of migrations) {
    const ran = await store.transaction(async (tx) => {
      await tx.query("SELECT pg_advisory_xact_lock($1)", [migrationLockKey]);
      await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
        version integer PRIMARY KEY,
        name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
      const done = await tx.query("SELECT 1 FROM schema_migrations WHERE version = $1", [migration.version]);
      if (done.length > 0) return false;
      await tx.exec(migration.sql);
      await tx.query("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", [
        migration.version,
        migration.name,
      ]);
      return true;
    });
    if (ran) applied.push(migration.version);
  }
  return applied;
}

/** The versions recorded as applied, in order. */
export async function appliedMigrations(store: Store): Promise<number[]> {
  const rows = await store.query<{ version: number }>(
    "SELECT version FROM schema_migrations ORDER BY version",
  );
  return rows.map((row) => row.version);
}
