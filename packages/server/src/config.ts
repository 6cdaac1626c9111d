import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { getHeapStatistics } from "node:v8";
import {
  busyRetryAfter,
  defaultDataDir,
  defaultIdentityDomains,
  defaultIngestConfirmations,
  maxIngestConfirmations,
} from "@sleuth/sdk";
import { z } from "zod";
import { type LogFormat, logFormats } from "./http/logFormat.ts";
import { type PgliteThread, pgliteThreads } from "./store/pgliteStore.ts";
import { worldScaleSchema } from "./world/scales.ts";

const commaList = z.string().transform((value) =>
  value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean),
);

const flag = z.enum(["0", "1", "true", "false"]).transform((value) => value === "1" || value === "true");

/** The environment the server reads; anything else it ignores. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(7777),
  HOST: z.string().min(1).default("127.0.0.1"),
  SLEUTH_DATA_DIR: z.string().min(1).optional(),
  SLEUTH_EXPORT_DIR: z.string().min(1).optional(),
  DATABASE_URL: z.url().optional(),
  // Issue 46: a streaming replica of DATABASE_URL's database for the analytics reads.
  DATABASE_REPLICA_URL: z.url().optional(),
  SLEUTH_ALLOWED_HOSTS: commaList.optional(),
  SLEUTH_STAFF_DOMAINS: commaList.optional(),
  SLEUTH_SUPER_ADMIN_DOMAINS: commaList.optional(),
  SLEUTH_DEMO: flag.optional(),
  SLEUTH_LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // Issue 44: readable lines on a terminal, JSON for files and pipes, unless set.
  SLEUTH_LOG_FORMAT: z.enum(logFormats).optional(),
  SLEUTH_WEB_DIST: z.string().min(1).optional(),
  // Per token (or per client address without one). `sleuth batch` at full speed sends three bulk
  // requests per 900-URN batch, several batches in flight: the limit must leave it room, and the
  // batch benchmark (docs/PERFORMANCE.md "Batch") runs under it.
  SLEUTH_RATE_LIMIT_PER_SECOND: z.coerce.number().positive().default(200),
  SLEUTH_RATE_LIMIT_BURST: z.coerce.number().int().positive().default(400),
  SLEUTH_WORLD_SCALE: z.union([worldScaleSchema, z.literal("none")]).default("default"),
  // PostgreSQL's own spelling of a size; PGlite's default is 128MB.
  SLEUTH_PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^\d+(kB|MB|GB)$/, "a size such as 512MB or 1GB")
    .optional(),
  // Issue 46: "worker" (the default) runs the embedded store in a worker thread of its own, so long
  // store work never holds the request loop; "main" on the request loop's thread.
  SLEUTH_PGLITE_THREAD: z.enum(pgliteThreads).default("worker"),
  // Issue 40: e-mail leaves the server only with an SMTP URL (smtp://, smtps://; nodemailer's form).
  SLEUTH_SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  SLEUTH_MAIL_FROM: z.string().min(3).optional(),
  // Where links in e-mails point; the listening address when unset.
  SLEUTH_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  // The instance operator's credential (licences, networks); operator calls answer 403 without it.
  SLEUTH_OPERATOR_TOKEN: z.string().min(16, "at least 16 characters").optional(),
  // Where "invite a provider" requests go (the operator's address).
  SLEUTH_OPERATOR_EMAIL: z.email().optional(),
  // A claimed notification whose worker has not finished it within this is claimed again.
  SLEUTH_NOTIFY_LEASE_SECONDS: z.coerce.number().positive().default(60),
  // The first retry waits this long, each next one twice as long.
  SLEUTH_NOTIFY_RETRY_MS: z.coerce.number().int().positive().default(2_000),
  // Issue 46: the Ethereum follower, started with the server when a node is named.
  SLEUTH_ETHEREUM_RPC_URL: z.url({ protocol: /^https?$/ }).optional(),
  SLEUTH_ETHEREUM_CONFIRMATIONS: z.coerce.number().int().min(0).max(maxIngestConfirmations).optional(),
  SLEUTH_ETHEREUM_FROM: z.coerce.bigint().nonnegative().optional(),
  SLEUTH_ETHEREUM_TO: z.coerce.bigint().nonnegative().optional(),
  SLEUTH_ETHEREUM_BATCH_BLOCKS: z.coerce.number().int().min(1).max(1_000).default(20),
  SLEUTH_ETHEREUM_POLL_MS: z.coerce.number().int().min(10).default(2_000),
  // Issue 41: load shedding (503 with Retry-After). 0 turns a check off.
  SLEUTH_SHED_EVENT_LOOP_DELAY_MS: z.coerce.number().min(0).default(1_000),
  SLEUTH_SHED_HEAP_MB: z.coerce.number().min(0).optional(),
  SLEUTH_SHED_STORE_WAIT_MS: z.coerce.number().min(0).default(1_000),
  // How long an admitted request may wait for the store before its next statement is refused
  // instead of run (nothing written yet); well under the SDK's request timeout, so the client hears
  // the refusal and its Retry-After rather than giving up on the request.
  SLEUTH_SHED_DEADLINE_MS: z.coerce.number().min(0).default(3_000),
  // The shortest Retry-After of a shed answer; longer when the wait that refused it is (the SDK's rule).
  SLEUTH_SHED_RETRY_AFTER_SECONDS: z.coerce.number().int().positive().default(busyRetryAfter.shortestSeconds),
  // A PostgreSQL that stops answering fails a request quickly (503) instead of holding it.
  SLEUTH_PG_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(1_000),
  SLEUTH_PG_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(600_000),
});

/** Hosts (without port) the server answers by default: loopback only (DNS rebinding, docs/API.md). */
export const defaultAllowedHosts = ["127.0.0.1", "localhost", "[::1]"] as const;

const defaultWebDist = fileURLToPath(new URL("../../web/dist", import.meta.url));

export interface ServerConfig {
  port: number;
  host: string;
  /** Absolute path of the data directory (embedded store, cli.json). */
  dataDir: string;
  /** Where background jobs write their files (default: `exports` in the data directory). */
  exportDir: string;
  databaseUrl: string | undefined;
  /**
   * A streaming replica of the primary (`databaseUrl`): the analytics reads go there (routes/
   * registerRoutes.ts), and a write answers once the replica shows it. Undefined: one database.
   */
  databaseReplicaUrl: string | undefined;
  /** `host` entries match any port; `host:port` entries match that port only. */
  allowedHosts: string[];
  staffDomains: string[];
  superAdminDomains: string[];
  /** Offer the demo sign-in (GET /auth/config, POST /auth/demo-login). */
  demo: boolean;
  logLevel: z.infer<typeof envSchema>["SLEUTH_LOG_LEVEL"];
  /** `text`: one short line per request (a terminal); `json`: pino's objects (files, pipes). */
  logFormat: LogFormat;
  /** The built console to serve, or null when there is none. */
  webDist: string | null;
  rateLimit: { perSecond: number; burst: number };
  /** Default request body limit in bytes; routes may set their own. */
  bodyLimit: number;
  /** The demo world seeded into an empty store on start, or none. */
  worldScale: z.infer<typeof envSchema>["SLEUTH_WORLD_SCALE"];
  /** PGlite's buffer cache (PostgreSQL shared_buffers), when set. */
  pgliteSharedBuffers: string | undefined;
  /** Where PGlite runs: its own worker thread, or the request loop's. */
  pgliteThread: PgliteThread;
  /** Issue 40: outgoing notifications. */
  notifications: NotificationConfig;
  /** Issue 46: the Ethereum follower. */
  follower: FollowerConfig;
  /** Issue 41: when the server answers 503 instead of queueing. */
  loadShedding: LoadSheddingConfig;
  /** PostgreSQL pool limits (DATABASE_URL only). */
  postgresTimeouts: { connectMs: number; statementMs: number };
}

export interface FollowerConfig {
  /** What the environment asks to follow at start, or null (the store's own settings then). */
  ethereum: { rpcUrl: string; from: bigint | null; to: bigint | null; confirmations: number } | null;
  batchBlocks: number;
  pollMs: number;
}

export interface LoadSheddingConfig {
  /** Median event-loop delay over a sample above which requests are shed; 0: not checked. */
  maxEventLoopDelayMs: number;
  /** Heap in use above which requests are shed; 0: not checked. */
  maxHeapUsedBytes: number;
  /** How long new work would wait for the store (Store.expectedWaitMs) past which requests are shed; 0: not checked. */
  maxStoreWaitMs: number;
  /**
   * How long a request's statements may wait for their turn, in all: past it, a request that has
   * written nothing is answered 503 instead of running its next one; 0: no deadline.
   */
  deadlineMs: number;
  sampleIntervalMs: number;
  /** The shortest Retry-After of a shed answer, in seconds (busyRetryAfterSeconds). */
  retryAfterSeconds: number;
}

export interface NotificationConfig {
  /** Null: e-mail delivery is off (the console says so; webhooks still go out). */
  smtpUrl: string | null;
  mailFrom: string;
  /** The console's address in links, or null for the address the server listens on. */
  publicUrl: string | null;
  operatorToken: string | null;
  operatorEmail: string | null;
  leaseMs: number;
  retryBaseMs: number;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

/**
 * Reads the server's settings from the environment. Unset values take their defaults; a value that
 * is set but malformed stops the start with a message naming the variable.
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  cwd = process.cwd(),
  stdoutIsTerminal = process.stdout.isTTY === true,
): ServerConfig {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ""),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join(".")}: ${issue.message}`)
      .join("; ");
    throw new ConfigError(`Invalid server environment: ${problems}`);
  }
  const e = parsed.data;
  if (e.DATABASE_REPLICA_URL && !e.DATABASE_URL)
    throw new ConfigError(
      "Invalid server environment: DATABASE_REPLICA_URL: a replica of DATABASE_URL's database; set DATABASE_URL too",
    );
  const webDist = e.SLEUTH_WEB_DIST ? resolve(cwd, e.SLEUTH_WEB_DIST) : defaultWebDist;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(cwd, e.SLEUTH_DATA_DIR ?? defaultDataDir),
    exportDir: resolve(cwd, e.SLEUTH_EXPORT_DIR ?? join(e.SLEUTH_DATA_DIR ?? defaultDataDir, "exports")),
    databaseUrl: e.DATABASE_URL,
    databaseReplicaUrl: e.DATABASE_REPLICA_URL,
    allowedHosts: e.SLEUTH_ALLOWED_HOSTS ?? [...defaultAllowedHosts],
    staffDomains: e.SLEUTH_STAFF_DOMAINS ?? [...defaultIdentityDomains.staffDomains],
    superAdminDomains: e.SLEUTH_SUPER_ADMIN_DOMAINS ?? [...defaultIdentityDomains.superAdminDomains],
    // The demo sign-in is for the local embedded store; a shared PostgreSQL opts in explicitly.
    demo: e.SLEUTH_DEMO ?? !e.DATABASE_URL,
    logLevel: e.SLEUTH_LOG_LEVEL,
    logFormat: e.SLEUTH_LOG_FORMAT ?? (stdoutIsTerminal ? "text" : "json"),
    webDist: existsSync(resolve(webDist, "index.html")) ? webDist : null,
    rateLimit: { perSecond: e.SLEUTH_RATE_LIMIT_PER_SECOND, burst: e.SLEUTH_RATE_LIMIT_BURST },
    bodyLimit: 1024 * 1024,
    worldScale: e.SLEUTH_WORLD_SCALE,
    pgliteSharedBuffers: e.SLEUTH_PGLITE_SHARED_BUFFERS,
    pgliteThread: e.SLEUTH_PGLITE_THREAD,
    notifications: {
      smtpUrl: e.SLEUTH_SMTP_URL ?? null,
      mailFrom: e.SLEUTH_MAIL_FROM ?? "Sleuth <sleuth@localhost>",
      publicUrl: e.SLEUTH_PUBLIC_URL ?? null,
      operatorToken: e.SLEUTH_OPERATOR_TOKEN ?? null,
      operatorEmail: e.SLEUTH_OPERATOR_EMAIL ?? null,
      leaseMs: e.SLEUTH_NOTIFY_LEASE_SECONDS * 1000,
      retryBaseMs: e.SLEUTH_NOTIFY_RETRY_MS,
    },
    follower: {
      ethereum: e.SLEUTH_ETHEREUM_RPC_URL
        ? {
            rpcUrl: e.SLEUTH_ETHEREUM_RPC_URL,
            from: e.SLEUTH_ETHEREUM_FROM ?? null,
            to: e.SLEUTH_ETHEREUM_TO ?? null,
            confirmations: e.SLEUTH_ETHEREUM_CONFIRMATIONS ?? defaultIngestConfirmations,
          }
        : null,
      batchBlocks: e.SLEUTH_ETHEREUM_BATCH_BLOCKS,
      pollMs: e.SLEUTH_ETHEREUM_POLL_MS,
    },
    loadShedding: {
      maxEventLoopDelayMs: e.SLEUTH_SHED_EVENT_LOOP_DELAY_MS,
      // By default nine tenths of V8's heap limit: shed before the process runs out.
      maxHeapUsedBytes:
        e.SLEUTH_SHED_HEAP_MB === undefined
          ? Math.floor(getHeapStatistics().heap_size_limit * 0.9)
          : e.SLEUTH_SHED_HEAP_MB * 1024 * 1024,
      maxStoreWaitMs: e.SLEUTH_SHED_STORE_WAIT_MS,
      deadlineMs: e.SLEUTH_SHED_DEADLINE_MS,
      sampleIntervalMs: 500,
      retryAfterSeconds: e.SLEUTH_SHED_RETRY_AFTER_SECONDS,
    },
    postgresTimeouts: {
      connectMs: e.SLEUTH_PG_CONNECT_TIMEOUT_MS,
      statementMs: e.SLEUTH_PG_STATEMENT_TIMEOUT_MS,
    },
  };
}
