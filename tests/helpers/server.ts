// Starts the real server over a fresh store for tests that speak HTTP (STYLE: one helper, no mocks).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Role } from "@sleuth/sdk";
import { createNodeClient } from "@sleuth/sdk/node";
import {
  buildServer,
  createApiToken,
  createOrganization,
  createUser,
  demoAccounts,
  findOrganizationByUuid,
  findUserByEmail,
  loadConfig,
  migrate,
  type OrganizationRow,
  openPgliteStore,
  openPostgresStore,
  type ServerConfig,
  type Store,
  setMembership,
  type UserRow,
  type WorldScale,
} from "@sleuth/server";
import { inject } from "vitest";
import { pgliteTemplate, postgresTemplate } from "./storeTemplates.ts";

export type TestStoreKind = "pglite" | "postgres";
export const storeKinds: TestStoreKind[] = ["pglite", "postgres"];

/** Admin URL of the run's PostgreSQL (tests/setup/postgres.ts). */
export function postgresAdminUrl(): string {
  return inject("postgresUrl");
}

/**
 * A brand-new PostgreSQL database on the test cluster, and how to drop it: empty, or with `template`
 * a copy of that database. Names are random so test files running in parallel never meet.
 */
export async function createTestDatabase(
  options: { template?: string } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = postgresAdminUrl();
  const name = `sleuth_test_${randomBytes(6).toString("hex")}`;
  const admin = await openPostgresStore(adminUrl, { max: 1 });
  try {
    await admin.exec(`CREATE DATABASE ${name}${options.template ? ` TEMPLATE ${options.template}` : ""}`);
  } finally {
    await admin.close();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = await openPostgresStore(adminUrl, { max: 1 });
      try {
        await client.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.close();
      }
    },
  };
}

/**
 * A fresh store of the given kind, migrated and holding the demo accounts, and with `world` the
 * demo world of that scale (and the demo organizations' workspace). Each is a copy of a store
 * prepared once per run (./storeTemplates.ts): a separate database, whatever a test writes to it.
 */
export async function openTestStore(
  kind: TestStoreKind,
  options: { world?: WorldScale } = {},
): Promise<{ store: Store; dispose: () => Promise<void> }> {
  if (kind === "pglite") {
    const store = await openPgliteStore({ loadDataDir: await pgliteTemplate(options.world) });
    await migrate(store);
    return { store, dispose: () => store.close() };
  }
  const template = await postgresTemplate(postgresAdminUrl(), options.world);
  const database = await createTestDatabase({ template });
  const store = await openPostgresStore(database.url, { max: 4 });
  await migrate(store);
  return {
    store,
    dispose: async () => {
      await store.close();
      await database.drop();
    },
  };
}

export interface TestServer {
  /** e.g. http://127.0.0.1:40123 */
  baseUrl: string;
  store: Store;
  config: ServerConfig;
  demo: typeof demoAccounts;
  /** The SDK's Node client against this server. */
  client(options?: {
    token?: string | null;
    organizationUuid?: string | null;
  }): ReturnType<typeof createNodeClient>;
  /** Every route the server registered (method and URL as fastify names them). */
  routes(): ReadonlyArray<{ method: string; url: string }>;
  /** Plain fetch against this server, for tests about the wire itself. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  createUser(input?: {
    email?: string;
    password?: string;
    fullName?: string;
  }): Promise<UserRow & { password: string }>;
  createOrganization(input?: { name?: string; parentOrganizationId?: number }): Promise<OrganizationRow>;
  addMember(email: string, organizationUuid: string, role: Role): Promise<void>;
  /** Mints an API token for the user directly in the store. */
  tokenFor(email: string): Promise<string>;
  /** Signs in through POST /auth/login and answers the `sleuth_session=...` cookie pair. */
  signIn(email: string, password: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * A real server on 127.0.0.1 and a free port, over a fresh migrated store with the demo accounts.
 * `env` overrides the server's environment (see packages/server/src/config.ts); `world` seeds the
 * demo world of that scale first (default: none).
 */
export async function startTestServer(
  options: {
    store: TestStoreKind;
    env?: Record<string, string>;
    world?: WorldScale;
    /** What the server is given instead of the store itself (a fault injected over it). */
    serveThrough?: (store: Store) => Store;
  } = { store: "pglite" },
): Promise<TestServer> {
  const { store, dispose } = await openTestStore(options.store, { world: options.world });
  // Background jobs' files (001 §7) stay out of the working tree, and go with the server.
  const exportDir = mkdtempSync(join(tmpdir(), "sleuth-exports-"));
  const config = loadConfig({
    SLEUTH_LOG_LEVEL: "warn",
    SLEUTH_DEMO: "1",
    SLEUTH_WEB_DIST: "/nonexistent",
    SLEUTH_EXPORT_DIR: exportDir,
    // Shedding on the store's wait, and the requests' deadline, are off unless a test turns them on
    // (loadShedding, busyServer): on a machine busy with other work a test of something else would
    // be refused "store is busy".
    SLEUTH_SHED_STORE_WAIT_MS: "0",
    SLEUTH_SHED_DEADLINE_MS: "0",
    ...options.env,
  });
  const app = await buildServer({ store: options.serveThrough?.(store) ?? store, config });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  let counter = 0;
  const unique = () =>
    `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(2).toString("hex")}`;

  return {
    baseUrl,
    store,
    config,
    demo: demoAccounts,
    client: (clientOptions = {}) => createNodeClient({ baseUrl, ...clientOptions }),
    fetch: (path, init) => fetch(`${baseUrl}${path}`, init),
    routes: () => app.registeredRoutes,
    async createUser(input = {}) {
      const password = input.password ?? `pw-${unique()}`;
      const user = await createUser(store, {
        email: input.email ?? `user-${unique()}@test.example`,
        password,
        fullName: input.fullName ?? "Test User",
      });
      return { ...user, password };
    },
    createOrganization: (input = {}) =>
      createOrganization(store, {
        name: input.name ?? `Org ${unique()}`,
        parentOrganizationId: input.parentOrganizationId,
      }),
    async addMember(email, organizationUuid, role) {
      const user = await findUserByEmail(store, email);
      const organization = await findOrganizationByUuid(store, organizationUuid);
      if (!user || !organization)
        throw new Error(`addMember: no user ${email} or organization ${organizationUuid}`);
      await setMembership(store, user.id, organization.id, role);
    },
    async tokenFor(email) {
      const user = await findUserByEmail(store, email);
      if (!user) throw new Error(`tokenFor: no user ${email}`);
      return (await createApiToken(store, user.id, `test ${unique()}`)).token;
    },
    async signIn(email, password) {
      const response = await fetch(`${baseUrl}/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password }),
      });
      if (response.status !== 200) throw new Error(`signIn: ${response.status} ${await response.text()}`);
      const cookie = response.headers.getSetCookie().find((value) => value.startsWith("sleuth_session="));
      if (!cookie) throw new Error("signIn: no session cookie");
      return cookie.split(";")[0]!;
    },
    async close() {
      // A test may leave an answer unread (a download whose headers were all it checked): its
      // connection would hold close() until the keep-alive timeout. Nothing is in flight that a
      // test still waits for, so every connection goes now.
      const closing = app.close();
      app.server.closeAllConnections();
      await closing;
      await dispose();
      rmSync(exportDir, { recursive: true, force: true });
    },
  };
}
