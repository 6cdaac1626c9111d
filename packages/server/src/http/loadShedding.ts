import underPressure from "@fastify/under-pressure";
import type { FastifyInstance } from "fastify";
import type { LoadSheddingConfig } from "../config.ts";
import type { Store } from "../store/store.ts";
import { HttpError } from "./errors.ts";

const reasons: Record<string, string> = {
  eventLoopDelay: "The server is busy",
  heapUsedBytes: "The server is short of memory",
  storeWaiting: "The store is busy",
};

/** The 503 a shed request gets: the one envelope, with how long to wait before trying again. */
export function shedError(config: LoadSheddingConfig, reason: string): HttpError {
  return new HttpError(503, "unavailable", `${reasons[reason] ?? "The server is busy"}; try again shortly`, {
    headers: { "retry-after": String(config.retryAfterSeconds) },
  });
}

/**
 * Issue 41: past its capacity the server answers 503 with Retry-After at once instead of queueing
 * without bound. @fastify/under-pressure samples the event loop's delay and the heap; the store's
 * queue (callers waiting for a pool client, or behind PGlite's one running statement) is read on
 * each request, so a burst is refused before it joins the queue. Registered before any other
 * onRequest hook that touches the store.
 */
export async function registerLoadShedding(
  app: FastifyInstance,
  store: Store,
  config: LoadSheddingConfig,
): Promise<void> {
  await app.register(underPressure, {
    maxEventLoopDelay: config.maxEventLoopDelayMs,
    maxHeapUsedBytes: config.maxHeapUsedBytes,
    sampleInterval: config.sampleIntervalMs,
    pressureHandler: async (_request, _reply, type) => {
      throw shedError(config, type);
    },
  });
  app.addHook("onRequest", async () => {
    if (config.maxStoreWaiting > 0 && store.waiting() >= config.maxStoreWaiting) {
      throw shedError(config, "storeWaiting");
    }
  });
}
