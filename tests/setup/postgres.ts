// vitest globalSetup of the "server" project: one throwaway PostgreSQL cluster for the whole run, so
// every store-level test runs on real PostgreSQL as well as on PGlite. DATABASE_URL, when set, is
// used instead (CI with a service container). Tests read the admin URL with inject("postgresUrl").
import { randomBytes } from "node:crypto";
import type { TestProject } from "vitest/node";
import { startPostgresCluster } from "../helpers/postgresCluster.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Admin connection URL of a PostgreSQL server the tests may create databases on. */
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject) {
  // The run's template databases (tests/helpers/storeTemplates.ts) carry the run in their name, so
  // two runs on one server never share one.
  const templatePrefix = `sleuth_tpl_${randomBytes(4).toString("hex")}`;
  project.provide("postgresTemplatePrefix", templatePrefix);
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    project.provide("postgresUrl", databaseUrl);
    return () => dropTemplates(databaseUrl, templatePrefix);
  }
  const cluster = await startPostgresCluster();
  project.provide("postgresUrl", cluster.url);
  return () => cluster.stop();
}

async function dropTemplates(adminUrl: string, prefix: string): Promise<void> {
  // Loaded only here: the common run (a throwaway cluster) needs no server code in this process.
  const { openPostgresStore } = await import("@sleuth/server");
  const admin = await openPostgresStore(adminUrl, { max: 1 });
  try {
    const templates = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE starts_with(datname, $1)",
      [prefix],
    );
    for (const { datname } of templates) await admin.exec(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  } finally {
    await admin.close();
  }
}
