import { monitorEventLoopDelay } from "node:perf_hooks";
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
 * The event loop's median delay over the last sample, in ms. The median, not the mean: PGlite runs
 * each statement on this thread, so one long query (an import, an export page) is one very late
 * tick that would lift a mean over any threshold, while the loop is free again right after. A loop
 * late on most ticks is saturated.
 */
const minTicks = 5;

function eventLoopDelaySampler(intervalMs: number): { medianMs: () => number; stop: () => void } {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let median = 0;
  const timer = setInterval(() => {
    // A window with a handful of ticks was one long block (a big import's parse), not a queue of
    // work: the loop is free again once it ends.
    median = histogram.count >= minTicks ? Math.max(0, histogram.percentile(50) / 1e6 - 10) : 0;
    histogram.reset();
  }, intervalMs);
  timer.unref();
  return {
    medianMs: () => median,
    stop: () => {
      clearInterval(timer);
      histogram.disable();
    },
  };
}

/**
 * Issue 41: past its capacity the server answers 503 with Retry-After at once instead of queueing
 * without bound. @fastify/under-pressure samples the heap; the event loop's median delay is sampled
 * here; the store's queue (callers waiting for a pool client, or behind PGlite's one running
 * statement) is read on each request, so a burst is refused before it joins the queue. Registered
 * before any other onRequest hook that touches the store.
 */
export async function registerLoadShedding(
  app: FastifyInstance,
  store: Store,
  config: LoadSheddingConfig,
): Promise<void> {
  await app.register(underPressure, {
    maxHeapUsedBytes: config.maxHeapUsedBytes,
    sampleInterval: config.sampleIntervalMs,
    pressureHandler: async (_request, _reply, type) => {
      throw shedError(config, type);
    },
  });
  const loop = eventLoopDelaySampler(config.sampleIntervalMs);
  app.addHook("onClose", async () => loop.stop());
  app.addHook("onRequest", async () => {
    if (config.maxEventLoopDelayMs > 0 && loop.medianMs() > config.maxEventLoopDelayMs)
      throw shedError(config, "eventLoopDelay");
    if (config.maxStoreWaiting > 0 && store.waiting() >= config.maxStoreWaiting)
      throw shedError(config, "storeWaiting");
  });
}
