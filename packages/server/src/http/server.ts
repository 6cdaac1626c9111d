import { randomUUID } from "node:crypto";
import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import fastifyCookie from "@fastify/cookie";
import fastifyStatic from "@fastify/static";
import { requestIdHeader } from "@sleuth/sdk";
import Fastify, { type FastifyInstance } from "fastify";
import type { ServerConfig } from "../config.ts";
import { ExportWorker } from "../downloads/exportWorker.ts";
import { ChainFollower } from "../follower/chainFollower.ts";
import { ImportWorker } from "../importers/importWorker.ts";
import { NotificationWorker } from "../notifications/notificationWorker.ts";
import { registerRoutes } from "../routes/registerRoutes.ts";
import { joinRequestTransactions } from "../store/requestTransaction.ts";
import type { Store } from "../store/store.ts";
import { rateLimitKey, resolveCaller } from "./auth.ts";
import { HttpError, handleError, sendError } from "./errors.ts";
import { checkHost } from "./hostAllowlist.ts";
import { registerIdempotency } from "./idempotency.ts";
import { registerLoadShedding } from "./loadShedding.ts";
import { OneRecordPerRequest, textLogStream } from "./logFormat.ts";
import { RateLimiter } from "./rateLimit.ts";
import { refuseUnstorableText } from "./validation.ts";

export interface ServerOptions {
  /** The primary database: every write, sessions, jobs, the organization's own objects. */
  store: Store;
  /** Where the analytics reads go: a streaming replica of `store` (issue 46); `store` when omitted. */
  readStore?: Store;
  config: ServerConfig;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** Media types besides JSON this route reads raw (file imports). */
    rawMediaTypes?: readonly string[];
  }
  interface FastifyInstance {
    /** Every route registered, by method and URL as fastify names it (issue 41: each has a fuzz target). */
    registeredRoutes: ReadonlyArray<{ method: string; url: string }>;
  }
}

/**
 * Issue 41: scripts only from the console's own files (no inline script, no eval); styles may be
 * inline because Primer and React set style attributes; pictures may be data: or blob: URLs (graph
 * image export, image search previews, the camera) and fetched (the image export reads its own
 * data: URL into a file); nobody may frame the console.
 */
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "media-src 'self' blob:",
  "connect-src 'self' data: blob:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const writeMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The headers of every answer: its request id and the security headers (docs/API.md). */
function answerHeaders(requestId: string): Record<string, string> {
  return {
    [requestIdHeader]: requestId,
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
    "content-security-policy": contentSecurityPolicy,
  };
}

/** Writes carry JSON or nothing (docs/API.md): with SameSite=Strict this shuts out form-based CSRF. */
function checkJsonWrite(
  method: string,
  headers: Record<string, string | string[] | undefined>,
  rawMediaTypes: readonly string[] = [],
): void {
  if (!writeMethods.has(method)) return;
  const contentType = headers["content-type"];
  const hasBody =
    headers["transfer-encoding"] !== undefined ||
    (headers["content-length"] !== undefined && headers["content-length"] !== "0");
  if (contentType === undefined && !hasBody) return;
  const mediaType = String(contentType ?? "")
    .split(";")[0]!
    .trim()
    .toLowerCase();
  // A route may take raw files (imports); those types need a CORS preflight, so CSRF stays shut out.
  if (mediaType !== "application/json" && !rawMediaTypes.includes(mediaType)) {
    throw new HttpError(415, "unsupported_media_type", "Send the request body as application/json");
  }
}

const clientErrors: Record<string, { status: number; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: "The request took too long to arrive" },
  HPE_HEADER_OVERFLOW: { status: 431, message: "The request's URL and headers are too large" },
};

/**
 * Issue 41: what Node's HTTP parser refuses before fastify sees a request (headers past their size,
 * a malformed request line) still answers the one envelope, with a request id of its own.
 */
function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const { status, message } = clientErrors[error.code ?? ""] ?? {
    status: 400,
    message: "The request could not be read",
  };
  const requestId = randomUUID();
  const body = JSON.stringify({ error: { code: "bad_request", message, requestId } });
  const headers = {
    ...answerHeaders(requestId),
    "content-type": "application/json; charset=utf-8",
    "content-length": String(Buffer.byteLength(body)),
    connection: "close",
  };
  if (socket.writable) {
    const head = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join("");
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n${body}`);
  }
  socket.destroy(error);
}

/**
 * The API server over a store, not yet listening (tests listen on port 0, main.ts on the configured
 * port). Hook order: request id and security headers, Host allowlist, JSON-only writes, caller,
 * rate limit; then the body, the idempotency check and the route.
 */
export async function buildServer({
  store: given,
  readStore: givenReadStore = given,
  config,
}: ServerOptions): Promise<FastifyInstance> {
  // An idempotent request's statements join its one transaction (http/idempotency.ts), through this
  // store, wherever a route or worker sends them.
  const store = joinRequestTransactions(given);
  const readStore = givenReadStore === given ? store : givenReadStore;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(config.logFormat === "text" ? { stream: textLogStream(process.stdout) } : {}),
    },
    logController: new OneRecordPerRequest(),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: config.bodyLimit,
    return503OnClosing: true,
    // Issue 41: a URL the router refuses before any route (a path parameter past its length, a bad
    // escape) answers the one envelope too, with the headers every answer carries.
    frameworkErrors: (error, request, reply) => {
      reply.headers(answerHeaders(request.id));
      return handleError(error, request, reply);
    },
    clientErrorHandler: answerClientError,
  });
  const limiter = new RateLimiter(config.rateLimit);
  const registeredRoutes: { method: string; url: string }[] = [];
  app.decorate("registeredRoutes", registeredRoutes);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) registeredRoutes.push({ method, url: route.url });
  });

  app.setErrorHandler((error, request, reply) => handleError(error, request, reply));
  // Some clients label every request JSON, even a bodiless DELETE: an empty JSON body means no body.
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body.toString();
    if (text === "") return done(null, undefined);
    return parseJson(request, text, done);
  });
  app.decorateRequest("caller", null);
  app.decorateRequest("authProblem", null);
  app.decorateRequest("organizationUnknown", false);

  app.addHook("onRequest", async (request, reply) => {
    reply.headers(answerHeaders(request.id));
    checkHost(request.headers.host, config.allowedHosts);
    checkJsonWrite(request.method, request.headers, request.routeOptions.config?.rawMediaTypes);
  });
  await registerLoadShedding(app, store, config.loadShedding);
  await app.register(fastifyCookie);
  app.addHook("onRequest", async (request) => {
    await resolveCaller(store, request);
    limiter.take(rateLimitKey(request));
  });
  app.addHook("preHandler", async (request) =>
    refuseUnstorableText({ body: request.body, query: request.query, params: request.params }),
  );
  registerIdempotency(app, store);

  const webDist = config.webDist;
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      // Hashed bundles never change; index.html must be revalidated to pick up a new build.
      setHeaders: (reply, path) => {
        reply.header(
          "cache-control",
          path.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache",
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      (request.method === "GET" || request.method === "HEAD") &&
      /text\/html/.test(request.headers.accept ?? "");
    // The console is a single-page app: its own routes load index.html and route in the browser.
    if (webDist && wantsPage)
      return reply.header("cache-control", "no-cache").sendFile("index.html", webDist);
    return sendError(request, reply, {
      status: 404,
      code: "not_found",
      message: `No route for ${request.method} ${request.url.split("?")[0]}`,
    });
  });

  // 001 §7 background jobs run in the server process; closing the server puts a running job back
  // in the queue for the next start.
  // Issue 40: the outbox's worker runs in every server process too (SKIP LOCKED shares the rows).
  const notificationWorker = new NotificationWorker(store, config.notifications, { log: app.log });
  const notifier = {
    emailEnabled: notificationWorker.emailEnabled,
    consoleUrl: () => {
      if (config.notifications.publicUrl) return config.notifications.publicUrl;
      const address = app.server.address();
      const port = typeof address === "object" && address ? address.port : config.port;
      const host = config.host === "0.0.0.0" || config.host === "::" ? "127.0.0.1" : config.host;
      return `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
    },
    kick: () => notificationWorker.kick(),
  };
  const exportWorker = new ExportWorker(store, { exportDir: config.exportDir, log: app.log, notifier });
  // Issue 46: imports sent as jobs run here too, one at a time.
  const importWorker = new ImportWorker(store, { log: app.log, notifier });
  // Issue 46: the Ethereum follower goes on from its checkpoint when the store says it was running.
  const follower = new ChainFollower(store, notifier, {
    batchBlocks: config.follower.batchBlocks,
    pollMs: config.follower.pollMs,
    log: app.log,
  });
  await registerRoutes(app, { store, readStore, config, exportWorker, importWorker, notifier, follower });
  await exportWorker.start();
  await importWorker.start();
  await notificationWorker.start();
  await follower.resume(config.follower.ethereum);
  app.addHook("onClose", async () => {
    await follower.close();
    await exportWorker.stop();
    await importWorker.stop();
    await notificationWorker.stop();
  });
  return app;
}
