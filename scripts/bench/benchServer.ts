import type { AddressInfo } from "node:net";
import type { SleuthClient } from "@sleuth/sdk";
import { createNodeClient } from "@sleuth/sdk/node";
import { buildServer, createApiToken, findUserByEmail, loadConfig, type Store } from "@sleuth/server";

/** The API a benchmark measures, in its own process over `store`, with the demo user's token. */
export interface BenchServer {
  app: Awaited<ReturnType<typeof buildServer>>;
  baseUrl: string;
  token: string;
  /** The demo user the token belongs to. */
  demoUserId: number;
  client: SleuthClient;
  /** The server's own time for the last answer: from its arrival to its handing to the socket. */
  lastServerMs(): number;
  close(): Promise<void>;
}

/**
 * Starts the server on a free port of 127.0.0.1. The per-token rate limit is lifted (a benchmark
 * measures the server, not the limit) unless `env` sets it; `env` adds or overrides settings.
 */
export async function startBenchServer(store: Store, env: Record<string, string> = {}): Promise<BenchServer> {
  const app = await buildServer({
    store,
    config: loadConfig({
      SLEUTH_LOG_LEVEL: "warn",
      SLEUTH_WEB_DIST: "/nonexistent",
      SLEUTH_RATE_LIMIT_PER_SECOND: "100000",
      SLEUTH_RATE_LIMIT_BURST: "100000",
      ...env,
    }),
  });
  let lastServerMs = Number.NaN;
  app.addHook("onSend", async (_request, reply, payload) => {
    lastServerMs = reply.elapsedTime;
    return payload;
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const demoUser = await findUserByEmail(store, "demo@sleuth.example");
  if (!demoUser) throw new Error("no demo user");
  const { token } = await createApiToken(store, demoUser.id, "bench");
  return {
    app,
    baseUrl,
    token,
    demoUserId: demoUser.id,
    client: createNodeClient({ baseUrl, token }),
    lastServerMs: () => lastServerMs,
    close: () => app.close(),
  };
}
