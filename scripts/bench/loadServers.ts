// What `pnpm bench load` and `pnpm bench soak` share: real server processes (packages/server's
// main.ts, with loadProbe.ts reporting memory, handles and event-loop delay), the store they serve,
// and the investigators' request mix autocannon drives over loopback.
import { type ChildProcess, spawn } from "node:child_process";
import { homedir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { addressChainUrn, type ChainId, entityUrn } from "@sleuth/sdk";
import {
  loadConfig,
  migrate,
  openPgliteStore,
  openPostgresStore,
  pgdataPath,
  type Store,
  seedDemoAccounts,
  seedWorld,
} from "@sleuth/server";
import autocannon from "autocannon";
import { freePort } from "../../tests/helpers/ports.ts";
import { startPostgresCluster } from "../../tests/helpers/postgresCluster.ts";

/** The world the load runs over, and where its embedded store is kept between runs. */
export const loadWorld = "default" as const;
export const loadPgliteDir = join(homedir(), ".cache", "sleuth-bench", "load-default");

/**
 * The PGlite variant's name: where its server runs the store, as SLEUTH_PGLITE_THREAD (the
 * server's own setting, passed on to it) says, its default when unset. A run of each thread keeps
 * its own figures.
 */
export function pgliteVariant(): string {
  return loadConfig(process.env).pgliteThread === "worker"
    ? "PGlite in its worker thread"
    : "PGlite on the server's thread";
}

export interface ProbeSample {
  at: number;
  rssBytes: number;
  heapUsedBytes: number;
  handles: number;
  delayP50Ms: number;
  delayP99Ms: number;
  delayMaxMs: number;
}

export interface LoadServer {
  port: number;
  pid: number;
  samples: ProbeSample[];
  latest(): ProbeSample | undefined;
  stop(): Promise<void>;
}

const mainScript = fileURLToPath(new URL("../../packages/server/src/main.ts", import.meta.url));
const probeScript = fileURLToPath(new URL("./loadProbe.ts", import.meta.url));

/** Starts one server process on a free port and waits until /healthz answers. */
async function startLoadServer(env: Record<string, string>): Promise<LoadServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ["--import", probeScript, mainScript], {
    env: {
      ...process.env,
      PORT: String(port),
      SLEUTH_LOG_LEVEL: "error",
      SLEUTH_WEB_DIST: "/nonexistent",
      SLEUTH_WORLD_SCALE: loadWorld,
      // The benchmark measures the server, not the per-token limit.
      SLEUTH_RATE_LIMIT_PER_SECOND: "1000000",
      SLEUTH_RATE_LIMIT_BURST: "1000000",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const samples: ProbeSample[] = [];
  child.on("message", (message) => {
    const sample = message as ProbeSample & { kind?: string };
    if (sample.kind === "probe") samples.push(sample);
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 30 * 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server on port ${port} exited (${child.exitCode})`);
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (answer.ok) break;
    } catch {
      // not listening yet (first start seeds the world)
    }
    if (Date.now() > deadline) throw new Error("the server did not start");
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    port,
    pid: child.pid!,
    samples,
    latest: () => samples.at(-1),
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

export interface LoadSubjects {
  addresses: { urn: string; address: string }[];
  entities: { urn: string; name: string }[];
}

/** The busiest addresses and entities of the world: what investigators open. */
export async function readSubjects(store: Store): Promise<LoadSubjects> {
  const addresses = await store.query<{ chain: ChainId; address: string }>(
    `SELECT chain, address FROM address_summary
     ORDER BY incoming_transfers + outgoing_transfers DESC, address_id LIMIT 200`,
  );
  const entities = await store.query<{ slug: string; name: string }>(
    `SELECT e.slug, e.name FROM entity_summary s JOIN entities e ON e.id = s.entity_id
     ORDER BY s.transfers DESC, e.id LIMIT 50`,
  );
  return {
    addresses: addresses.map((row) => ({
      urn: addressChainUrn(row.chain, row.address),
      address: row.address,
    })),
    entities: entities.map((row) => ({ urn: entityUrn(row.slug), name: row.name })),
  };
}

/** Opens the store a run serves (seeding the world the first time), reads its subjects, closes it. */
async function prepareStore(target: { pgliteDir: string } | { databaseUrl: string }): Promise<LoadSubjects> {
  // The embedded store is where the server keeps it: `<SLEUTH_DATA_DIR>/pgdata`.
  const store =
    "pgliteDir" in target
      ? await openPgliteStore({ dataDir: pgdataPath(target.pgliteDir) })
      : await openPostgresStore(target.databaseUrl);
  try {
    await migrate(store);
    await seedDemoAccounts(store);
    const world = await seedWorld(store, { scale: loadWorld });
    if (world.seeded) console.error(`seeded the ${loadWorld} world`);
    return await readSubjects(store);
  } finally {
    await store.close();
  }
}

export type LoadStoreKind = "pglite" | "postgres";

export interface LoadTarget {
  subjects: LoadSubjects;
  /** Starts one more server process on the store (PGlite: one only, it holds the directory). */
  startServer(): Promise<LoadServer>;
}

/**
 * Prepares the store a run drives (PGlite in `loadPgliteDir`, kept between runs; PostgreSQL at
 * DATABASE_URL, or a throwaway cluster), hands it to `run`, then stops every server it started and
 * the cluster.
 */
export async function withLoadStore<T>(
  kind: LoadStoreKind,
  run: (target: LoadTarget) => Promise<T>,
): Promise<T> {
  const cluster = kind === "postgres" && !process.env.DATABASE_URL ? await startPostgresCluster() : null;
  const servers: LoadServer[] = [];
  try {
    const databaseUrl = process.env.DATABASE_URL ?? cluster?.url;
    const env: Record<string, string> =
      kind === "pglite" || !databaseUrl ? { SLEUTH_DATA_DIR: loadPgliteDir } : { DATABASE_URL: databaseUrl };
    const subjects = await prepareStore(
      "DATABASE_URL" in env ? { databaseUrl: env.DATABASE_URL! } : { pgliteDir: loadPgliteDir },
    );
    return await run({
      subjects,
      startServer: async () => {
        const server = await startLoadServer(env);
        servers.push(server);
        return server;
      },
    });
  } finally {
    for (const server of servers.reverse()) await server.stop();
    cluster?.stop();
  }
}

/** The demo organization (packages/server demoAccounts), where the demo user investigates. */
const demoOrganizationUuid = "5e1e0000-0000-4000-8000-0000000000a1";

/**
 * One autocannon run of the mix against one server, as the demo user; `onResponse` hears each
 * answer with the route it belongs to.
 */
export function driveMix(options: {
  server: LoadServer;
  token: string;
  subjects: LoadSubjects;
  connections: number;
  seconds: number;
  timeoutSeconds: number;
  overallRate?: number | undefined;
  onResponse: (route: MixRoute | undefined, status: number, latencyMs: number) => void;
}): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${options.server.port}`,
        connections: options.connections,
        duration: options.seconds,
        timeout: options.timeoutSeconds,
        headers: { authorization: `Bearer ${options.token}`, "x-sleuth-organization": demoOrganizationUuid },
        requests: mixRequests(options.subjects),
        ...(options.overallRate ? { overallRate: options.overallRate } : {}),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on("response", (client, status, _bytes, latencyMs) => {
      const request = (client as unknown as { requestIterator: { currentRequest: { route?: MixRoute } } })
        .requestIterator.currentRequest;
      options.onResponse(request.route, status, latencyMs);
    });
  });
}

/** A bearer token of the demo user, minted over the API as the CLI's `sleuth login` does. */
export async function demoToken(port: number): Promise<string> {
  const answer = await fetch(`http://127.0.0.1:${port}/api-tokens`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "load bench", email: "demo@sleuth.example", password: "sleuth-demo" }),
  });
  if (answer.status !== 201) throw new Error(`no token: ${answer.status} ${await answer.text()}`);
  return ((await answer.json()) as { data: { token: string } }).data.token;
}

/** The routes of the mix, as the per-route figures name them. */
export const mixRoutes = [
  "palette search",
  "address summary",
  "transfers, first page",
  "transfers, next page",
  "counterparties",
  "entity summary",
  "graph expand",
  "job poll",
] as const;
export type MixRoute = (typeof mixRoutes)[number];

type MixRequest = autocannon.Request & { route: MixRoute };
interface MixContext {
  address?: { urn: string; address: string };
  entity?: { urn: string; name: string };
  cursor?: string | null;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

/** What one typed prefix looks like: the first few characters of an address or an entity's name. */
function typedPrefix(subjects: LoadSubjects): { query: string; attributionType: string } {
  if (Math.random() < 0.6) {
    const { address } = pick(subjects.addresses);
    return { query: address.slice(0, 3 + Math.floor(Math.random() * 6)), attributionType: "address" };
  }
  const { name } = pick(subjects.entities);
  return { query: name.slice(0, 2 + Math.floor(Math.random() * 4)), attributionType: "entity" };
}

const json = (body: unknown) => JSON.stringify(body);

/**
 * An investigator's session, repeated by every connection: palette searches as they type, then an
 * address's summary, two transfer pages along the cursor, its counterparties, an entity's summary,
 * a graph expand, and the job poll the console sends every few seconds.
 */
export function mixRequests(subjects: LoadSubjects): MixRequest[] {
  const post = (route: MixRoute, path: string, body: (context: MixContext) => unknown): MixRequest => ({
    route,
    method: "POST",
    path,
    headers: { "content-type": "application/json" },
    setupRequest: (request, context) => ({ ...request, body: json(body(context as MixContext)) }),
  });
  const search = (): MixRequest => ({
    route: "palette search",
    method: "GET",
    path: "/v3/attribution/autocomplete",
    setupRequest: (request, context) => {
      const mix = context as MixContext;
      mix.address ??= pick(subjects.addresses);
      mix.entity ??= pick(subjects.entities);
      const { query, attributionType } = typedPrefix(subjects);
      return {
        ...request,
        path: `/v3/attribution/autocomplete?${new URLSearchParams({ query, attributionType, limit: "10" })}`,
      };
    },
  });
  return [
    search(),
    search(),
    post("address summary", "/trm-insights/v5/flows/address/summary", (c) => ({
      addressChainUrn: c.address!.urn,
    })),
    {
      ...post("transfers, first page", "/trm-insights/v8/address/transfers", (c) => ({
        addressChainUrn: c.address!.urn,
        pageSize: 30,
      })),
      onResponse: (status, body, context) => {
        if (status !== 200) return;
        (context as MixContext).cursor = (
          JSON.parse(body) as { meta: { nextCursor: string | null } }
        ).meta.nextCursor;
      },
    },
    post("transfers, next page", "/trm-insights/v8/address/transfers", (c) => ({
      addressChainUrn: c.address!.urn,
      pageSize: 30,
      ...(c.cursor ? { after: c.cursor } : {}),
    })),
    post("counterparties", "/v2/counterparty-flows/address/summary", (c) => ({
      addressChainUrn: c.address!.urn,
      limit: 30,
    })),
    search(),
    post("entity summary", "/trm-insights/v5/flows/entity/summary", (c) => ({ entityUrn: c.entity!.urn })),
    post("graph expand", "/graphs/expand", (c) => ({ trmUrn: c.address!.urn, limit: 10 })),
    {
      route: "job poll",
      method: "GET",
      path: "/v1/async-jobs",
      setupRequest: (request) => ({
        ...request,
        path: `/v1/async-jobs?${new URLSearchParams({
          limit: "1",
          resultDownloadedAt: "null",
          resultExpiresAt: `gt:${new Date().toISOString()}`,
        })}`,
      }),
    },
  ];
}

/** The value at quantile `q` of sorted numbers. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

export const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));
