import { monitorEventLoopDelay } from "node:perf_hooks";
import underPressure from "@fastify/under-pressure";
import { busyRetryAfterSeconds } from "@sleuth/sdk";
import type { FastifyInstance } from "fastify";
import type { LoadSheddingConfig } from "../config.ts";
import { RequestStoreWork, requestStoreWork } from "../store/requestDeadline.ts";
import type { Store } from "../store/store.ts";
import { HttpError } from "./errors.ts";

const reasons: Record<string, string> = {
  eventLoopDelay: "The server is busy",
  heapUsedBytes: "The server is short of memory",
  storeWait: "The store is busy",
};

/**
 * The 503 a shed request gets: the one envelope, with how long to wait before trying again. The wait
 * is the one that refused it (the store's expected wait, the loop's delay), so a client comes back
 * once the work ahead of it is done rather than into the same queue; a full heap has no wait to
 * tell, and asks for the shortest.
 */
export function shedError(config: LoadSheddingConfig, reason: string, waitMs = 0): HttpError {
  return new HttpError(503, "unavailable", `${reasons[reason] ?? "The server is busy"}; try again shortly`, {
    headers: { "retry-after": String(busyRetryAfterSeconds(waitMs, config.retryAfterSeconds)) },
  });
}

/**
 * The event loop's median delay over the last sample, in ms. The median, not the mean: PGlite on
 * this thread (SLEUTH_PGLITE_THREAD=main) runs each statement here, and a big import's parse does in
 * any case, so one long block is one very late tick that would lift a mean over any threshold, while
 * the loop is free again right after. A loop late on most ticks is saturated.
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
 * The liveness probe is never shed: it waits at most a moment for one shared store probe and says
 * "busy" when the store is (routes/health.ts), which is what a load balancer needs to hear.
 */
const unshedRoutes = new Set(["/healthz"]);

/**
 * How many units of store work (statements, transactions) an admitted request costs, as a moving
 * average over the last samples. The store's queue holds one unit per caller, but a request queues
 * again for each of its statements: the wait a new request faces is the store's expected wait times
 * this. Counted from the requests' own units (RequestStoreWork.units), not from all the store
 * served: an import's or a job's statements are no request's cost, and counted as theirs they made
 * every read look hundreds of units long while an import ran.
 */
export function storeWorkPerRequest(): {
  answered: (units: number) => void;
  sample: () => void;
  units: () => number;
} {
  let units = 1;
  let answered = 0;
  let taken = 0;
  return {
    answered: (requestUnits) => {
      answered++;
      taken += requestUnits;
    },
    sample: () => {
      if (answered > 0) units += 0.3 * (taken / answered - units);
      answered = 0;
      taken = 0;
    },
    units: () => Math.max(1, units),
  };
}

const admitted = Symbol("admitted");
const storeWorkOf = Symbol("storeWork");

/**
 * Issue 41: past its capacity the server answers 503 with Retry-After at once instead of queueing
 * without bound. @fastify/under-pressure samples the heap; the event loop's median delay is sampled
 * here; and each request reads how long it would wait for the store (the store's expected wait for
 * one unit of work, Store.expectedWaitMs, times the units a request costs), so a burst is refused
 * before it joins the queue. A request let in carries a deadline (SLEUTH_SHED_DEADLINE_MS): when
 * the wait was foreseen short and turns out long, its next statement is refused at the deadline
 * rather than run late, unless it has written. Registered before any other onRequest hook that
 * touches the store.
 */
export async function registerLoadShedding(
  app: FastifyInstance,
  store: Store,
  config: LoadSheddingConfig,
): Promise<void> {
  await app.register(underPressure, {
    maxHeapUsedBytes: config.maxHeapUsedBytes,
    sampleInterval: config.sampleIntervalMs,
    pressureHandler: async (request, _reply, type) => {
      if (unshedRoutes.has(request.routeOptions.url ?? "")) return;
      throw shedError(config, type);
    },
  });
  const loop = eventLoopDelaySampler(config.sampleIntervalMs);
  const work = storeWorkPerRequest();
  const sampler = setInterval(work.sample, config.sampleIntervalMs);
  sampler.unref();
  app.addHook("onClose", async () => {
    loop.stop();
    clearInterval(sampler);
  });
  app.addHook("onRequest", (request, _reply, done) => {
    if (unshedRoutes.has(request.routeOptions.url ?? "")) return done();
    const loopDelayMs = loop.medianMs();
    if (config.maxEventLoopDelayMs > 0 && loopDelayMs > config.maxEventLoopDelayMs)
      return done(shedError(config, "eventLoopDelay", loopDelayMs));
    const storeWaitMs = store.expectedWaitMs() * work.units();
    if (config.maxStoreWaitMs > 0 && storeWaitMs > config.maxStoreWaitMs)
      return done(shedError(config, "storeWait", storeWaitMs));
    (request as { [admitted]?: true })[admitted] = true;
    // The rest of the request runs with its store work (requestDeadline.ts): the embedded store
    // refuses its next statement past the deadline unless it has written.
    const storeWork = new RequestStoreWork(performance.now(), config.deadlineMs, config.retryAfterSeconds);
    (request as { [storeWorkOf]?: RequestStoreWork })[storeWorkOf] = storeWork;
    requestStoreWork.run(storeWork, () => done());
  });
  // Again once the body is read: its stream's events run outside the request's context.
  app.addHook("preValidation", (request, _reply, done) => {
    const storeWork = (request as { [storeWorkOf]?: RequestStoreWork })[storeWorkOf];
    if (storeWork) requestStoreWork.run(storeWork, () => done());
    else done();
  });
  app.addHook("onResponse", async (request) => {
    if ((request as { [admitted]?: true })[admitted])
      work.answered((request as { [storeWorkOf]?: RequestStoreWork })[storeWorkOf]?.units ?? 0);
  });
}
