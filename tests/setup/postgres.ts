// vitest globalSetup of the "server" project: one throwaway PostgreSQL cluster for the whole run, so
// every store-level test runs on real PostgreSQL as well as on PGlite. DATABASE_URL, when set, is
// used instead (CI with a service container). Tests read the admin URL with inject("postgresUrl").
import type { TestProject } from "vitest/node";
import { startPostgresCluster } from "../helpers/postgresCluster.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Admin connection URL of a PostgreSQL server the tests may create databases on. */
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide("postgresUrl", process.env.DATABASE_URL);
    return;
  }
  const cluster = await startPostgresCluster();
  project.provide("postgresUrl", cluster.url);
  return () => cluster.stop();
}
