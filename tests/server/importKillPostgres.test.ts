import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApiToken, demoAccounts, findUserByEmail, migrate, openPostgresStore } from "@sleuth/server";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestDatabase, postgresAdminUrl } from "../helpers/server.ts";
import { postgresTemplate } from "../helpers/storeTemplates.ts";
import {
  type ImportReference,
  importKillSeed,
  importKills,
  killDuringImport,
  measureImport,
} from "./importKillScenario.ts";

// Issue 41 "Faults" on PostgreSQL: a server process on a database of its own is killed (SIGKILL)
// during an import five times (importKillScenario.ts); the database holds the whole import or none
// of it after each, and the re-run through a restarted server completes. A server process started
// six times: each start loads the whole server (seconds; more on a loaded machine).

const cleanups: Array<() => Promise<void>> = [];
let env: Record<string, string>;
let url: string;
let token: string;
let imported: ImportReference;

beforeAll(async () => {
  const template = await postgresTemplate(postgresAdminUrl(), undefined);
  const database = await createTestDatabase({ template });
  cleanups.push(database.drop);
  url = database.url;
  const dir = await mkdtemp(join(tmpdir(), "sleuth-import-kill-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  // The machine's own load (other tests beside this one) is not what this file is about: the
  // event-loop check of load shedding is off, so an import is never refused as "busy".
  env = {
    DATABASE_URL: url,
    SLEUTH_DATA_DIR: dir,
    SLEUTH_EXPORT_DIR: join(dir, "exports"),
    SLEUTH_SHED_EVENT_LOOP_DELAY_MS: "0",
  };
  const store = await openPostgresStore(url, { max: 1 });
  await migrate(store);
  const user = await findUserByEmail(store, demoAccounts.user.email);
  token = (await createApiToken(store, user?.id ?? 0, "import kill test")).token;
  await store.close();
  // The same import, uninterrupted, on a copy of the same database: what a completed import leaves.
  const copyDatabase = await createTestDatabase({ template });
  cleanups.push(copyDatabase.drop);
  const copy = await openPostgresStore(copyDatabase.url, { max: 1 });
  await migrate(copy);
  imported = await measureImport(copy);
  await copy.close();
}, 300_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

test(`issue 41 a server on PostgreSQL killed during an import ${importKills} times (seed ${importKillSeed}) leaves all of it or none; the re-run completes`, async () => {
  expect(imported.importTables).toContain("transfers");
  await killDuringImport({ env, token, imported, openStore: () => openPostgresStore(url, { max: 1 }) });
}, 480_000);
